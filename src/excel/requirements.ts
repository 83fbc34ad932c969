/**
 * Optional Excel APIs, checked before use (Office.context.requirements.isSetSupported). The manifest
 * declares the minimum the add-in needs (ExcelApi 1.9); anything newer is used only where this says so.
 */

/** Dynamic arrays and Range.getSpillingToRangeOrNullObject (a JOBPRICE.MATCH row spills). */
export const SPILL_API = '1.12';

export function supportsExcelApi(version: string): boolean {
  try {
    return Office.context.requirements.isSetSupported('ExcelApi', version);
  } catch {
    return false;
  }
}
