import { columnRuns, type OutputLayout } from './output-columns';
import { estimateRowBytes, planWriteChunks } from './write-chunks';

/**
 * Writes rows of cells (values or formulas, with their number formats) into the columns of a layout, in
 * blocks that each fit one sync (planWriteChunks: at most 1,000 rows and 2 MB a sync): the pay ranges'
 * formulas and the composite's figures. Formats go first, so a formula never lands in a text-formatted
 * cell as text; calculation is suspended until each block's sync, so dependants recalculate once a block.
 */

export interface RowCells {
  /** 0-based sheet row. */
  readonly row: number;
  /** One cell per layout column, in the layout's order: a value, or a formula starting with "=". */
  readonly cells: ReadonlyArray<string | number>;
  readonly formats: readonly string[];
}

/** @returns the number of syncs made. */
export async function writeRows(
  sheetName: string,
  firstCol: number,
  layout: OutputLayout,
  rows: readonly RowCells[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const runs = columnRuns(layout);
  const chunks = planWriteChunks(
    rows.map((r) => r.row),
    (i) => estimateRowBytes((rows[i] as RowCells).cells, (rows[i] as RowCells).formats),
  );
  for (const chunk of chunks) {
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(sheetName);
      context.workbook.application.suspendApiCalculationUntilNextSync();
      for (const run of chunk.runs) {
        const block = run.items.map((i) => rows[i] as RowCells);
        for (const cols of runs) {
          const range = sheet.getRangeByIndexes(
            run.startRow,
            firstCol + cols.offset,
            block.length,
            cols.indexes.length,
          );
          range.numberFormat = block.map((r) => cols.indexes.map((k) => r.formats[k] as string));
          range.formulas = block.map((r) => cols.indexes.map((k) => r.cells[k] as string | number));
        }
      }
      await context.sync();
    });
  }
  return chunks.length;
}
