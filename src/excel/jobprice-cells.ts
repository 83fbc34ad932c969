/**
 * The sheet side of "Refresh" for the JOBPRICE.* formulas: find them in the selection, read the cells
 * their arguments point at, make Excel recalculate them. Only reads and re-enters formulas the user
 * already has; it never writes a value over anything.
 *
 * Kept to Excel calls only: deciding which cached jobs to drop is src/functions/refresh.ts.
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

/** The formulas containing JOBPRICE. in the selected cells (every area of a multiple selection). */
export async function readJobPriceFormulasInSelection(): Promise<FormulaCell[]> {
  return Excel.run(async (context) => {
    const areas = context.workbook.getSelectedRanges().areas;
    areas.load('items');
    await context.sync();
    // Only the used part of each area: selecting whole columns must not load a million empty cells.
    const parts = areas.items.map((area) => {
      const used = area.getIntersectionOrNullObject(area.worksheet.getUsedRange(true));
      used.load(['formulas', 'rowIndex', 'columnIndex', 'isNullObject']);
      area.worksheet.load('name');
      return { used, sheet: area.worksheet };
    });
    await context.sync();
    const cells: FormulaCell[] = [];
    for (const { used, sheet } of parts) {
      if (used.isNullObject) continue;
      used.formulas.forEach((row, r) =>
        row.forEach((formula, c) => {
          if (typeof formula === 'string' && /JOBPRICE\./i.test(formula)) {
            cells.push({ sheet: sheet.name, address: a1(used.rowIndex + r, used.columnIndex + c), formula });
          }
        }),
      );
    }
    return cells;
  });
}

/** The values of single cells, keyed "sheet!address"; a cell that cannot be read is left out. */
export async function readCellValues(refs: readonly CellRef[]): Promise<Map<string, unknown>> {
  const distinct = new Map(refs.map((ref) => [refKey(ref), ref]));
  if (distinct.size === 0) return new Map();
  return Excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load('items/name');
    await context.sync();
    const names = new Set(sheets.items.map((s) => s.name));
    // A reference to a sheet that no longer exists is left out rather than failing the whole read.
    const ranges = [...distinct]
      .filter(([, ref]) => names.has(ref.sheet))
      .map(([key, ref]) => {
        const range = sheets.getItem(ref.sheet).getRange(ref.address);
        range.load('values');
        return { key, range };
      });
    await context.sync();
    const out = new Map<string, unknown>();
    for (const { key, range } of ranges) out.set(key, range.values[0]?.[0]);
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
  let c = column + 1;
  let letters = '';
  while (c > 0) {
    const rem = (c - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    c = Math.floor((c - 1) / 26);
  }
  return `${letters}${row + 1}`;
}
