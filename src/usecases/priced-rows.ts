import type { ColumnMapping } from '../domain/column-mapping';
import { isBlankRow } from '../domain/row-parsing';
import { readColumns } from '../excel/column-reader';
import { findHeader, layoutOutput, type OutputLayout } from '../excel/output-columns';
import { addOutputColumns, countCellsToOverwrite, type WriteTarget } from '../excel/result-writer';
import { readSelection, type CellValue, type SelectionBlock } from '../excel/selection-reader';
import { protectedSheetMessage, SelectionProblem } from './pricing-run';

/**
 * The rows the analyst's next steps work on (pay ranges, composites, charts): the selection read as the
 * pricing run reads it, its visible non-blank rows, and the columns beside them found by header, so
 * work that follows a price can use the output columns the run wrote.
 */

export interface SelectedRows {
  readonly block: SelectionBlock;
  readonly mapping: ColumnMapping;
  /** Indexes into block.rows of the visible rows with any mapped input, in sheet order. */
  readonly rows: readonly number[];
  /** The 0-based sheet column headed `header` (case and spaces ignored), or null. */
  column(header: string): number | null;
}

/** @throws SelectionProblem when the sheet is protected, has no header row, or the selection no rows. */
export async function readSelectedRows(
  mappingFor: (block: SelectionBlock) => ColumnMapping,
): Promise<SelectedRows> {
  const block = await readSelection();
  if (block.sheetProtected) throw new SelectionProblem(protectedSheetMessage(block.sheetName), block);
  if (block.headerRow === null || block.headerCells === null)
    throw new SelectionProblem(
      'These rows have no header row: JobPrice finds its columns (Salary50, Current Salary, …) by their headers. Select rows of a block with a header row.',
      block,
    );
  const mapping = mappingFor(block);
  const rows: number[] = [];
  block.rows.forEach((cells, i) => {
    if (!block.hidden[i] && !isBlankRow(cells, mapping)) rows.push(i);
  });
  if (rows.length === 0)
    throw new SelectionProblem(
      'The selection holds no data rows. Select the priced rows (with or without their header row).',
      block,
    );
  return {
    block,
    mapping,
    rows,
    column(header) {
      const at = findHeader(block.headerCells, header);
      return at < 0 ? null : block.firstCol + at;
    },
  };
}

/** 0-based sheet row of `rows`' i-th row. */
export const sheetRowOf = (selected: SelectedRows, i: number): number =>
  selected.block.firstDataRow + (selected.rows[i] as number);

/**
 * The cells of the given sheet columns for every selected row: out[k][i] is column k in the i-th selected
 * row. One read of the block's rows from the first selected to the last.
 */
export async function readSelectedColumns(
  selected: SelectedRows,
  columns: readonly number[],
): Promise<CellValue[][]> {
  const first = selected.rows[0] as number;
  const last = selected.rows[selected.rows.length - 1] as number;
  const read = await readColumns(
    selected.block.sheetName,
    selected.block.firstDataRow + first,
    last - first + 1,
    columns,
  );
  return read.map((column) => selected.rows.map((i) => column[i - first] as CellValue));
}

/**
 * The cells of the columns headed `headers` for every selected row, by header; a header the block does
 * not have is left out of the map.
 */
export async function readSelectedByHeader(
  selected: SelectedRows,
  headers: readonly string[],
): Promise<Map<string, CellValue[]>> {
  const found = headers
    .map((header) => ({ header, col: selected.column(header) }))
    .filter((f): f is { header: string; col: number } => f.col !== null);
  const cells = await readSelectedColumns(
    selected,
    found.map((f) => f.col),
  );
  return new Map(found.map((f, k) => [f.header, cells[k] as CellValue[]]));
}

/** Columns placed beside the selected rows: their layout, and the sheet column of each header. */
export interface PlacedColumns {
  readonly layout: OutputLayout;
  column(header: string): number;
}

/**
 * Places the columns `headers` beside the selected rows (a column already headed so is reused, the others
 * go right of the data) and creates the missing ones, after asking before any non-empty cell of theirs
 * would be replaced, as the pricing run asks. null: the analyst chose to keep their cells; nothing changed.
 */
export async function placeColumns(
  selected: SelectedRows,
  headers: readonly string[],
  confirmOverwrite: (cells: number) => Promise<boolean>,
): Promise<PlacedColumns | null> {
  const { block } = selected;
  const layout = layoutOutput(block.headerCells, block.width, headers);
  const target: WriteTarget = {
    sheetName: block.sheetName,
    firstCol: block.firstCol,
    headerRow: block.headerRow,
    table: block.table,
    layout,
  };
  const span = { r0: sheetRowOf(selected, 0), r1: sheetRowOf(selected, selected.rows.length - 1) };
  const toOverwrite = await countCellsToOverwrite(target, span, true);
  if (toOverwrite > 0 && !(await confirmOverwrite(toOverwrite))) return null;
  await addOutputColumns(target);
  return {
    layout,
    column: (header) => block.firstCol + (layout.offsets[headers.indexOf(header)] as number),
  };
}
