/** A1 helpers for what Excel hands back as text (RangeAreas addresses); no Office calls. */

export function columnLetters(col: number): string {
  let n = col + 1;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

function lettersToColumn(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/**
 * The 0-based row spans of a RangeAreas address such as "Sheet1!A2:D5, Sheet1!A8:D10" or
 * "'My sheet'!A2:D2". Commas inside quoted sheet names are respected.
 */
export function rowSpansOfAreas(address: string): Array<{ r0: number; r1: number }> {
  const spans: Array<{ r0: number; r1: number }> = [];
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of address) {
    if (ch === "'") quoted = !quoted;
    if (ch === ',' && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  if (current.trim() !== '') parts.push(current);
  for (const part of parts) {
    const local = part.slice(part.lastIndexOf('!') + 1).trim();
    const m = /^\$?[A-Za-z]{1,3}\$?(\d+)(?::\$?[A-Za-z]{1,3}\$?(\d+))?$/.exec(local);
    if (!m) {
      // Whole-row references "2:5".
      const rows = /^\$?(\d+):\$?(\d+)$/.exec(local);
      if (!rows) throw new Error(`Unexpected area address from Excel: ${part}`);
      spans.push({ r0: Number(rows[1]) - 1, r1: Number(rows[2]) - 1 });
      continue;
    }
    const r0 = Number(m[1]) - 1;
    const r1 = m[2] ? Number(m[2]) - 1 : r0;
    spans.push({ r0: Math.min(r0, r1), r1: Math.max(r0, r1) });
  }
  return spans;
}

/** Marks which of `rowCount` rows starting at sheet row `firstRow` fall in one of the spans. */
export function rowsInSpans(
  spans: ReadonlyArray<{ r0: number; r1: number }>,
  firstRow: number,
  rowCount: number,
): boolean[] {
  const inside = new Array<boolean>(rowCount).fill(false);
  for (const { r0, r1 } of spans) {
    for (let r = Math.max(r0, firstRow); r <= Math.min(r1, firstRow + rowCount - 1); r++)
      inside[r - firstRow] = true;
  }
  return inside;
}

export { lettersToColumn };
