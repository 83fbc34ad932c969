import { calculateFormulas } from './formula-eval';
import { installSimHost } from './host';
import { SimWorkbook, type WorkbookInit } from './model';

/**
 * Browser entry of the simulated host: served in place of office.js in the end-to-end test. The test puts
 * the workbook to load in `window.__SIM_EXCEL_INIT__` (page.addInitScript) and reads the result back
 * through `window.__simExcel`.
 */
declare global {
  interface Window {
    /** `calculate`: formulas written through the API are evaluated and recalculated (formula-eval.ts). */
    __SIM_EXCEL_INIT__?: WorkbookInit & { formulaValue?: number; calculate?: boolean };
    __SIM_EXCEL_CONFIRM__?: boolean;
    __simExcel?: { workbook: SimWorkbook; dump(sheet: string, address?: string): unknown };
  }
}

const init = window.__SIM_EXCEL_INIT__ ?? {};
const host = installSimHost(new SimWorkbook(init), window as unknown as Record<string, unknown>);
if (init.calculate === true) calculateFormulas(host.workbook);

window.__simExcel = {
  workbook: host.workbook,
  /** Every non-empty cell of a sheet as { "r,c": {value, formula?, numberFormat?} }. */
  dump(sheetName: string) {
    const sheet = host.workbook.sheet(sheetName);
    if (!sheet) return null;
    const out: Record<string, unknown> = {};
    for (const [r, row] of sheet.rows) for (const [c, cell] of row) out[`${r},${c}`] = cell;
    return {
      cells: out,
      tables: host.workbook.tables,
      stats: host.workbook.stats(),
      settings: host.workbook.savedDocumentSettings,
    };
  },
};
