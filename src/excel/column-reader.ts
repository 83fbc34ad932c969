import { READ_CHUNK_ROWS, type CellValue } from './selection-reader';

/**
 * Reads whole columns of a block of rows, for the work that follows a price (pay ranges, composites,
 * charts) and needs the output columns beside the inputs: one range load per column and chunk of
 * READ_CHUNK_ROWS rows, every column of a chunk in one sync, so 10,000 rows of five columns cost five syncs.
 */

/**
 * The cells of each column in `columns` (0-based sheet columns), for the `count` rows from `firstRow`
 * (0-based): out[k][i] is column k's cell in row firstRow + i.
 */
export async function readColumns(
  sheetName: string,
  firstRow: number,
  count: number,
  columns: readonly number[],
): Promise<CellValue[][]> {
  const out: CellValue[][] = columns.map(() => []);
  if (count <= 0 || columns.length === 0) return out;
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    for (let start = 0; start < count; start += READ_CHUNK_ROWS) {
      const n = Math.min(READ_CHUNK_ROWS, count - start);
      const ranges = columns.map((col) => {
        const range = sheet.getRangeByIndexes(firstRow + start, col, n, 1);
        range.load('values');
        return range;
      });
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one sync per chunk on purpose: all rows at once could exceed Excel on the web's 5 MB payload limit
      await context.sync();
      ranges.forEach((range, k) => {
        const column = out[k] as CellValue[];
        for (const row of range.values) column.push(row[0] as CellValue);
      });
    }
  });
  return out;
}
