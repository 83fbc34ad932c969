import { looksLikeHeaderRow } from '../domain/column-mapping';
import { isOutputHeader } from './output-columns';
import type { CellValue } from './selection-reader';
import { queueSelectionSheet } from './selection-sheet';

/**
 * The sheet side of the formula builder: where formulas go (the active cell's column, on the selected rows)
 * and which columns hold the jobs they price (the data block and its header row), then the write itself.
 *
 * The data block is found from the active row, not from the selection: an analyst selects the empty column
 * the formulas go into (K2:K41), while the job's columns are elsewhere on those rows. So: the table the
 * active row runs through, else the sheet's used range with its first header-like row (a row naming the
 * job title column, or several job fields, and no numbers). Our own output columns (Salary50, …) end the
 * block, as they end a whole-row selection in the pricing run.
 *
 * Syncs: 2 to read (where; header, active row and hidden rows), 1 more for a filtered range's visible
 * areas; 1 to count the cells a write would replace, 1 to write. Workbook.getActiveCell is ExcelApi 1.7,
 * Range.getTables and getSpecialCells 1.9: within the manifest's 1.9.
 */

export interface DataBlock {
  table: string | null;
  /** 0-based sheet column of the block's first column. */
  firstCol: number;
  width: number;
  /** 0-based sheet row of the header row, or null when there is none. */
  headerRow: number | null;
  /** The header row over the block's columns, or null. */
  headerCells: CellValue[] | null;
}

export interface FormulaTarget {
  sheetName: string;
  sheetProtected: boolean;
  /** The selection as Excel names it, for messages. */
  address: string;
  /** 0-based sheet row and column of the active cell: the row the builder shows, the column it fills. */
  activeRow: number;
  activeCol: number;
  block: DataBlock;
  /** The active row's cells over the block's columns, to show what each argument holds. */
  activeCells: CellValue[];
  /** 0-based sheet rows to give a formula: the selected data rows (below the header), visible ones only. */
  rows: number[];
  /** Selected data rows hidden by a filter or by hand, which are left alone. */
  hiddenRows: number;
}

/** Rows scanned for a header above the data when the active row is in no table. */
const HEADER_SCAN_ROWS = 10;

export async function readFormulaTarget(): Promise<FormulaTarget> {
  return Excel.run(async (context) => {
    // --- sync 1: the selection, the active cell, the sheet, its used range and the table of the active row.
    const { selection, sheet, protection, used } = queueSelectionSheet(context);
    const active = context.workbook.getActiveCell();
    active.load('rowIndex,columnIndex');
    await context.sync();

    const activeRow = active.rowIndex;
    const activeCol = active.columnIndex;
    const usedR1 = used.isNullObject ? activeRow : used.rowIndex + used.rowCount - 1;
    const usedC0 = used.isNullObject ? 0 : used.columnIndex;
    const usedC1 = used.isNullObject ? 0 : used.columnIndex + used.columnCount - 1;

    // --- sync 2: the table the active row runs through (over the used columns), or the rows above that
    // may hold the headers; and the active row's cells.
    const rowProbe = sheet.getRangeByIndexes(activeRow, usedC0, 1, usedC1 - usedC0 + 1);
    const tables = rowProbe.getTables(false);
    const tableCount = tables.getCount();
    const scanFrom = used.isNullObject ? activeRow : used.rowIndex;
    const scanRows = Math.max(0, Math.min(HEADER_SCAN_ROWS, activeRow - scanFrom + 1));
    const scan =
      scanRows > 0 ? sheet.getRangeByIndexes(scanFrom, usedC0, scanRows, usedC1 - usedC0 + 1) : null;
    scan?.load('values');
    await context.sync();

    let block: DataBlock;
    let dataR0: number;
    let dataR1 = usedR1;
    // eslint-disable-next-line office-addins/load-object-before-read -- getCount() gives a ClientResult, which the sync fills without a load
    if (tableCount.value > 0) {
      const table = tables.getFirst();
      table.load('name');
      const range = table.getRange();
      range.load('rowIndex,columnIndex,rowCount,columnCount');
      const header = table.getHeaderRowRange();
      header.load('values');
      await context.sync();
      block = {
        table: table.name,
        firstCol: range.columnIndex,
        width: range.columnCount,
        headerRow: range.rowIndex,
        headerCells: (header.values[0] ?? []) as CellValue[],
      };
      dataR0 = range.rowIndex + 1;
      dataR1 = Math.max(dataR1, range.rowIndex + range.rowCount - 1);
    } else {
      const rows = (scan?.values ?? []) as CellValue[][];
      const at = rows.findIndex((row) => looksLikeHeaderRow(row));
      const headerCells = at >= 0 ? (rows[at] as CellValue[]) : null;
      // Our output columns end the inputs (an earlier run wrote them right of the data).
      const ours = headerCells ? headerCells.findIndex((cell) => isOutputHeader(cell)) : -1;
      const width = ours > 0 ? ours : usedC1 - usedC0 + 1;
      block = {
        table: null,
        firstCol: usedC0,
        width,
        headerRow: at >= 0 ? scanFrom + at : null,
        headerCells: headerCells ? headerCells.slice(0, width) : null,
      };
      dataR0 = at >= 0 ? scanFrom + at + 1 : 0;
    }

    // The selected rows below the header, down to the last row with data (whole columns stop there too):
    // a row without a job would only get an error.
    const r0 = Math.max(selection.rowIndex, dataR0);
    const r1 = Math.min(selection.rowIndex + selection.rowCount - 1, dataR1);

    // --- sync 3: the active row's cells, and which target rows are hidden.
    const activeRange = sheet.getRangeByIndexes(activeRow, block.firstCol, 1, Math.max(1, block.width));
    activeRange.load('values');
    const targetRange = r1 >= r0 ? sheet.getRangeByIndexes(r0, activeCol, r1 - r0 + 1, 1) : null;
    targetRange?.load('rowHidden');
    const visible =
      targetRange && r1 > r0 ? targetRange.getSpecialCellsOrNullObject(Excel.SpecialCellType.visible) : null;
    visible?.load('areaCount');
    await context.sync();

    const rows: number[] = [];
    if (targetRange !== null) {
      const hidden = new Set<number>();
      if (
        targetRange.rowHidden === true ||
        (targetRange.rowHidden === null && (visible === null || visible.isNullObject))
      )
        for (let r = r0; r <= r1; r++) hidden.add(r);
      else if (targetRange.rowHidden === null && visible !== null) {
        const areas = visible.areas;
        areas.load('rowIndex,rowCount');
        await context.sync();
        for (let r = r0; r <= r1; r++) hidden.add(r);
        for (const area of areas.items)
          for (let r = area.rowIndex; r < area.rowIndex + area.rowCount; r++) hidden.delete(r);
      }
      for (let r = r0; r <= r1; r++) if (!hidden.has(r)) rows.push(r);
    }

    return {
      sheetName: sheet.name,
      sheetProtected: protection.protected,
      address: selection.address,
      activeRow,
      activeCol,
      block,
      activeCells: (activeRange.values[0] ?? []) as CellValue[],
      rows,
      hiddenRows: Math.max(0, r1 - r0 + 1) - rows.length,
    };
  });
}

/** What the target cells (one column, these rows) hold now. */
export interface TargetCells {
  /** How many hold something: a value or a formula. */
  filled: number;
  /** Rows formatted as text ("@"), where a formula written would stay text instead of calculating. */
  textRows: number[];
}

export async function readTargetCells(
  sheetName: string,
  col: number,
  rows: readonly number[],
): Promise<TargetCells> {
  if (rows.length === 0) return { filled: 0, textRows: [] };
  const first = Math.min(...rows);
  const last = Math.max(...rows);
  return Excel.run(async (context) => {
    const range = context.workbook.worksheets
      .getItem(sheetName)
      .getRangeByIndexes(first, col, last - first + 1, 1);
    range.load('formulas,numberFormat');
    await context.sync();
    const formulas = range.formulas;
    const formats = range.numberFormat;
    return {
      filled: rows.filter((r) => {
        const cell = formulas[r - first]?.[0];
        return cell !== '' && cell !== null && cell !== undefined;
      }).length,
      textRows: rows.filter((r) => formats[r - first]?.[0] === '@'),
    };
  });
}

/**
 * Writes one formula per row into one column, in one range write; rows not given are left as they are.
 * `textRows` are given the General format first, in the same sync, so their formulas calculate.
 */
export async function writeRowFormulas(
  sheetName: string,
  col: number,
  formulas: ReadonlyMap<number, string>,
  textRows: readonly number[] = [],
): Promise<void> {
  if (formulas.size === 0) return;
  const rows = [...formulas.keys()];
  const first = Math.min(...rows);
  const last = Math.max(...rows);
  const column = (cell: (row: number) => string | null): (string | null)[][] =>
    Array.from({ length: last - first + 1 }, (_, i) => [cell(first + i)]);
  await Excel.run(async (context) => {
    const range = context.workbook.worksheets
      .getItem(sheetName)
      .getRangeByIndexes(first, col, last - first + 1, 1);
    // null leaves a cell untouched (a hidden row between the written ones).
    if (textRows.length > 0) {
      const text = new Set(textRows);
      range.numberFormat = column((r) => (text.has(r) ? 'General' : null)) as string[][];
    }
    range.formulas = column((r) => formulas.get(r) ?? null) as string[][];
    await context.sync();
  });
}
