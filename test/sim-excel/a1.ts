/** A1 addresses for the simulated host: 0-based rectangles in, Excel's text out (and back). */

export interface Rect {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

export const MAX_ROWS = 1_048_576;
export const MAX_COLS = 16_384;

export function colLetters(col: number): string {
  let n = col + 1;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

export function lettersToCol(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

export function formatRect(rect: Rect): string {
  const a = `${colLetters(rect.c0)}${rect.r0 + 1}`;
  const b = `${colLetters(rect.c1)}${rect.r1 + 1}`;
  return a === b ? a : `${a}:${b}`;
}

export function formatAddress(sheet: string, rect: Rect): string {
  return `${quoteSheet(sheet)}!${formatRect(rect)}`;
}

/** "Sheet1!A1:D10", "'My sheet'!B2", "A1:D10" → sheet (if given) and rectangle. */
export function parseAddress(address: string): { sheet: string | null; rect: Rect } {
  let text = address.trim();
  let sheet: string | null = null;
  const bang = text.lastIndexOf('!');
  if (bang >= 0) {
    sheet = text.slice(0, bang);
    if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
    text = text.slice(bang + 1);
  }
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)(?::\$?([A-Za-z]{1,3})\$?(\d+))?$/.exec(text);
  if (!m) throw new Error(`Not an A1 address: ${address}`);
  const c0 = lettersToCol(m[1] as string);
  const r0 = Number(m[2]) - 1;
  const c1 = m[3] ? lettersToCol(m[3]) : c0;
  const r1 = m[4] ? Number(m[4]) - 1 : r0;
  return {
    sheet,
    rect: { r0: Math.min(r0, r1), c0: Math.min(c0, c1), r1: Math.max(r0, r1), c1: Math.max(c0, c1) },
  };
}
