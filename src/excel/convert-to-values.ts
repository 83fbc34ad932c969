import { READ_CHUNK_ROWS } from './selection-reader';

/**
 * "Convert to values": freezes the JOBPRICE.* formulas in the selection into the figures they show, so
 * a workbook can be shared or filed without the add-in recalculating. Other formulas are left alone, and
 * so are JOBPRICE cells still busy or showing an error (freezing "#BUSY!" helps nobody).
 * Works in row chunks (one sync to read, one to write per chunk) and writes only the cells it changes.
 */

const JOBPRICE_FORMULA = /^=\s*(_xldudf_)?JOBPRICE\./i;
const ERROR_VALUE = /^#[A-Z0-9/!?_]+/;

export interface ConvertReport {
  converted: number;
  /** JOBPRICE cells left as formulas because they show an error or are still calculating. */
  skipped: number;
}

export async function convertJobPriceFormulasToValues(): Promise<ConvertReport> {
  return Excel.run(async (context) => {
    const selection = context.workbook.getSelectedRange();
    selection.load('rowIndex,columnIndex,rowCount,columnCount');
    const sheet = selection.worksheet;
    const used = sheet.getUsedRangeOrNullObject(true);
    used.load('rowIndex,rowCount');
    await context.sync();
    const report: ConvertReport = { converted: 0, skipped: 0 };
    if (used.isNullObject) return report;
    const r1 = Math.min(selection.rowIndex + selection.rowCount - 1, used.rowIndex + used.rowCount - 1);
    for (let r = selection.rowIndex; r <= r1; r += READ_CHUNK_ROWS) {
      const n = Math.min(READ_CHUNK_ROWS, r1 - r + 1);
      const range = sheet.getRangeByIndexes(r, selection.columnIndex, n, selection.columnCount);
      range.load('formulas,values');
      await context.sync();
      let changed = 0;
      const patch = range.formulas.map((row, i) =>
        row.map((formula, j) => {
          if (typeof formula !== 'string' || !JOBPRICE_FORMULA.test(formula)) return null;
          const value = range.values[i]?.[j] as unknown;
          if (typeof value === 'string' && ERROR_VALUE.test(value)) {
            report.skipped++;
            return null;
          }
          changed++;
          return value as string | number | boolean;
        }),
      );
      if (changed === 0) continue;
      context.workbook.application.suspendApiCalculationUntilNextSync();
      // null leaves a cell untouched; only the JOBPRICE cells get their value.
      range.values = patch as unknown as (string | number | boolean)[][];
      await context.sync();
      report.converted += changed;
    }
    return report;
  });
}
