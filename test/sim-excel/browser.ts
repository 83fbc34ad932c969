import { calculateFormulas } from './formula-eval';
import { SimCalculation } from './calc';
import { installSimHost } from './host';
import { SimWorkbook, type FunctionsMetadata, type WorkbookInit } from './model';

/**
 * Browser entry of the simulated host: served in place of office.js in the end-to-end test. The test puts
 * the workbook to load in `window.__SIM_EXCEL_INIT__` (page.addInitScript) and reads the result back
 * through `window.__simExcel`.
 */
declare global {
  interface Window {
    /** `evaluateFormulas`: formulas written through the API are evaluated and recalculated (formula-eval.ts). */
    __SIM_EXCEL_INIT__?: WorkbookInit & { formulaValue?: number; evaluateFormulas?: boolean };
    __SIM_EXCEL_CONFIRM__?: boolean;
    __simExcel?: {
      workbook: SimWorkbook;
      dump(sheet: string, address?: string): unknown;
      /** Calculates the sheet's custom-function formulas (calc.ts); returns how many cells it calculated. */
      calculate(sheet: string): Promise<number>;
    };
  }
}

const init = window.__SIM_EXCEL_INIT__ ?? {};
const host = installSimHost(new SimWorkbook(init), window as unknown as Record<string, unknown>);
if (init.evaluateFormulas === true) calculateFormulas(host.workbook);

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
  /** As Excel does, from the functions.json the manifest points at (served beside the pane). */
  async calculate(sheetName: string) {
    if (host.workbook.functionsMetadata === null) {
      const res = await fetch('functions.json');
      host.workbook.functionsMetadata = (await res.json()) as FunctionsMetadata;
    }
    return new SimCalculation(host.workbook).calculateSheet(sheetName);
  },
};
