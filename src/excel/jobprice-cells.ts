import { columnLetters } from './address';
import { DATA_TYPES_API, supportsExcelApi } from './requirements';

/**
 * The sheet side of "Refresh" for the JOBPRICE.* formulas: find them in the selection, read the cells
 * their arguments point at, make Excel recalculate them. Only reads and re-enters formulas the user
 * already has; it never writes a value over anything.
 *
 * Kept to Excel calls only: deciding which cached jobs to drop is src/usecases/refresh.ts.
 */

export interface FormulaCell {
  readonly sheet: string;
  /** A1 address without the sheet, e.g. "C7". */
  readonly address: string;
  readonly formula: string;
}

export interface CellRef {
  readonly sheet: string;
  readonly address: string;
}

/**
 * The formulas containing JOBPRICE. in the selected range. Only the used part of the selection is read,
 * so selecting whole columns does not load a million empty cells. (getSelectedRange: one area; Excel
 * refuses a multiple selection there, and the pane says so.)
 */
export async function readJobPriceFormulasInSelection(): Promise<FormulaCell[]> {
  return Excel.run(async (context) => {
    const selected = context.workbook.getSelectedRange();
    selected.load(['rowIndex', 'columnIndex', 'rowCount', 'columnCount']);
    // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read -- worksheet is a navigation property: a proxy, usable before any load or sync
    const sheet = selected.worksheet;
    sheet.load('name');
    const used = sheet.getUsedRangeOrNullObject();
    used.load(['rowIndex', 'columnIndex', 'rowCount', 'columnCount']);
    await context.sync();
    if (used.isNullObject) return [];
    const r0 = Math.max(selected.rowIndex, used.rowIndex);
    const c0 = Math.max(selected.columnIndex, used.columnIndex);
    const r1 = Math.min(selected.rowIndex + selected.rowCount, used.rowIndex + used.rowCount) - 1;
    const c1 = Math.min(selected.columnIndex + selected.columnCount, used.columnIndex + used.columnCount) - 1;
    if (r1 < r0 || c1 < c0) return [];
    const part = sheet.getRangeByIndexes(r0, c0, r1 - r0 + 1, c1 - c0 + 1);
    part.load('formulas');
    await context.sync();
    const cells: FormulaCell[] = [];
    part.formulas.forEach((row: unknown[], r: number) =>
      row.forEach((formula, c) => {
        if (typeof formula === 'string' && /JOBPRICE\./i.test(formula)) {
          cells.push({ sheet: sheet.name, address: a1(r0 + r, c0 + c), formula });
        }
      }),
    );
    return cells;
  });
}

/** The plain kinds of `valuesAsJson`, whose basic value says it all. */
const PLAIN_JSON_TYPES: ReadonlySet<string> = new Set(['String', 'Double', 'Boolean', 'Empty', 'Error']);

/**
 * The values of single cells, keyed "sheet!address"; a cell on a sheet that no longer exists is left out.
 * Where `valuesAsJson` exists (ExcelApi 1.16), a cell holding a data type (a Geography or Stocks value, a
 * JOBPRICE.JOB card) is given as its CellValue JSON, as Excel hands it to a function, so it is read the
 * same way (src/domain/data-type-value.ts); elsewhere such a cell reads "#VALUE!".
 */
export async function readCellValues(refs: readonly CellRef[]): Promise<Map<string, unknown>> {
  const distinct = new Map(refs.map((ref) => [refKey(ref), ref]));
  if (distinct.size === 0) return new Map();
  const asJson = supportsExcelApi(DATA_TYPES_API);
  return Excel.run(async (context) => {
    const sheetNames = [...new Set([...distinct.values()].map((ref) => ref.sheet))];
    const sheets = sheetNames.map((name) => {
      const sheet = context.workbook.worksheets.getItemOrNullObject(name);
      sheet.load('name');
      return { name, sheet };
    });
    await context.sync();
    const present = new Set(sheets.filter((s) => !s.sheet.isNullObject).map((s) => s.name));
    const ranges = [...distinct]
      .filter(([, ref]) => present.has(ref.sheet))
      .map(([key, ref]) => {
        const range = context.workbook.worksheets.getItem(ref.sheet).getRange(ref.address);
        if (asJson) {
          // eslint-disable-next-line office-addins/no-navigational-load -- valuesAsJson is a value property (ExcelApi 1.16), not a navigation property: the rule's list predates it
          range.load('values,valuesAsJson');
        } else range.load('values');
        return { key, range };
      });
    await context.sync();
    const out = new Map<string, unknown>();
    for (const { key, range } of ranges) {
      const json = asJson ? range.valuesAsJson[0]?.[0] : undefined;
      out.set(key, json !== undefined && !PLAIN_JSON_TYPES.has(json.type) ? json : range.values[0]?.[0]);
    }
    return out;
  });
}

/** Re-enters each formula as it is, which makes Excel call its functions again. */
export async function reenterFormulas(cells: readonly FormulaCell[]): Promise<void> {
  if (cells.length === 0) return;
  await Excel.run(async (context) => {
    for (const cell of cells) {
      context.workbook.worksheets.getItem(cell.sheet).getRange(cell.address).formulas = [[cell.formula]];
    }
    await context.sync();
  });
}

/** Recalculates every formula of every open workbook sheet, custom functions included. */
export async function recalculateAll(): Promise<void> {
  await Excel.run(async (context) => {
    context.workbook.application.calculate(Excel.CalculationType.full);
    await context.sync();
  });
}

export function refKey(ref: CellRef): string {
  return `${ref.sheet}!${ref.address}`;
}

/** Zero-based row and column to A1 ("C7"). */
export function a1(row: number, column: number): string {
  return `${columnLetters(column)}${row + 1}`;
}
