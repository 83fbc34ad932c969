import { columnRuns, type OutputLayout } from './output-columns';
import { estimateRowBytes, planWriteChunks } from './write-chunks';

/**
 * Writes rows of cells (values or formulas, with their number formats) into the columns of a layout, in
 * blocks that each fit one sync (planWriteChunks: at most 1,000 rows and 2 MB a sync): the pay ranges'
 * formulas and the composite's figures. Formats go first, so a formula never lands in a text-formatted
 * cell as text; calculation is suspended until each block's sync, so dependants recalculate once a block.
 * Rows may share one cells array (the same R1C1 formulas on every row): its size is then estimated once.
 */

export interface RowCells {
  /** 0-based sheet row. */
  readonly row: number;
  /** One cell per layout column, in the layout's order: a value, or a formula starting with "=". */
  readonly cells: ReadonlyArray<string | number>;
  readonly formats: readonly string[];
}

/**
 * @param property `formulas` (A1 formulas, or plain values) or `formulasR1C1` (ExcelApi 1.2)
 * @returns the number of syncs made.
 */
export async function writeRows(
  sheetName: string,
  firstCol: number,
  layout: OutputLayout,
  rows: readonly RowCells[],
  property: 'formulas' | 'formulasR1C1' = 'formulas',
): Promise<number> {
  if (rows.length === 0) return 0;
  const runs = columnRuns(layout);
  const sizes = new WeakMap<object, number>();
  const chunks = planWriteChunks(
    rows.map((r) => r.row),
    (i) => {
      const { cells, formats } = rows[i] as RowCells;
      let bytes = sizes.get(cells);
      if (bytes === undefined) sizes.set(cells, (bytes = estimateRowBytes(cells, formats)));
      return bytes;
    },
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
          range[property] = block.map((r) => cols.indexes.map((k) => r.cells[k] as string | number));
        }
      }
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one sync per block on purpose: planWriteChunks sizes each to stay under Excel on the web's 5 MB payload limit
      await context.sync();
    });
  }
  return chunks.length;
}
