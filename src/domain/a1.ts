/** A1 notation: column letters and cell addresses, 0-based in, Excel's text out (and back). Pure. */

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

export function lettersToColumn(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** A relative reference to one cell: 0-based row 1, column 0 → "A2". */
export function cellAddress(row: number, col: number): string {
  return `${columnLetters(col)}${row + 1}`;
}
