import type { ColumnMapping } from '../domain/column-mapping';
import type { SelectionBlock } from './selection-reader';

/**
 * The visible, editable Job Code input column that "Review matches" writes (D19): the
 * mapped one when the sheet has it, else a new column headed "Job Code" created right of the input
 * columns (an entire-column insert for a plain range, a table column for a table), so the output columns
 * move right with everything else and stay aligned. One Excel.run, one sync; the codes go in as text so
 * Excel does not read "11-1011.00" as a date.
 */

export const JOB_CODE_HEADER = 'Job Code';

export interface JobCodeWrite {
  /** 0-based sheet column of the Job Code column after the write. */
  readonly column: number;
  readonly created: boolean;
}

/** `codes`: 1-based sheet row -> code to write; other rows keep what their Job Code cell holds. */
export async function writeJobCodes(
  block: SelectionBlock,
  mapping: ColumnMapping,
  codes: ReadonlyMap<number, string>,
): Promise<JobCodeWrite> {
  const existing = mapping.jobCode;
  if (existing === undefined && block.headerRow === null) {
    throw new Error(
      `These rows have no header row, so a "${JOB_CODE_HEADER}" column cannot be added. Add a column headed "${JOB_CODE_HEADER}" beside the inputs, then review again.`,
    );
  }
  const inputsEnd =
    Math.max(
      -1,
      ...Object.entries(mapping)
        .filter(([field]) => field !== 'jobCode')
        .map(([, col]) => col),
    ) + 1;
  const offset = existing ?? inputsEnd;
  const column = block.firstCol + offset;
  const values = block.rows.map((cells, i) => {
    const chosen = codes.get(block.firstDataRow + i + 1);
    if (chosen !== undefined) return [chosen];
    const before = existing === undefined ? '' : cells[existing];
    return [before === undefined ? '' : before];
  });

  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(block.sheetName);
    if (existing === undefined) {
      if (block.table !== null) {
        sheet.tables.getItem(block.table).columns.add(offset, undefined, JOB_CODE_HEADER);
      } else {
        sheet.getRangeByIndexes(0, column, 1, 1).getEntireColumn().insert('Right');
        sheet.getRangeByIndexes(block.headerRow as number, column, 1, 1).values = [[JOB_CODE_HEADER]];
      }
    }
    if (values.length > 0) {
      const target = sheet.getRangeByIndexes(block.firstDataRow, column, values.length, 1);
      target.numberFormat = values.map(() => ['@']);
      target.values = values;
    }
    if (existing === undefined && block.table === null) {
      // The next run reads the new column: select the block with it (a table's rows are read whole anyway).
      const top = block.headerRow ?? block.firstDataRow;
      const height = block.firstDataRow + block.rows.length - top;
      sheet.getRangeByIndexes(top, block.firstCol, Math.max(1, height), block.width + 1).select();
    }
    await context.sync();
  });
  return { column, created: existing === undefined };
}
