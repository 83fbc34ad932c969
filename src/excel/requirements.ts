/**
 * Optional Excel APIs, checked before use (Office.context.requirements.isSetSupported). The manifest
 * declares the minimum the add-in needs (ExcelApi 1.9); anything newer is used only where this says so.
 */

/**
 * The ExcelApi version manifest.xml requires (<Set Name="ExcelApi" MinVersion="1.9"/>): the newest set any
 * API used unconditionally belongs to (Range.getSpecialCells, Range.getTables, RangeAreas.areas: 1.9;
 * Worksheet.getRangeByIndexes: 1.7; suspendApiCalculationUntilNextSync: 1.6; getUsedRangeOrNullObject,
 * getItemOrNullObject: 1.4; Worksheet.protection, rowHidden: 1.2). A test keeps the manifest and this equal.
 */
export const MIN_EXCEL_API = '1.9';

/** Dynamic arrays and Range.getSpillingToRangeOrNullObject (a JOBPRICE.MATCH row spills). */
export const SPILL_API = '1.12';

/** Application.cultureInfo, its numberFormat, and the application's own decimal/thousands separators. */
export const CULTURE_API = '1.11';

export function supportsExcelApi(version: string): boolean {
  try {
    return Office.context.requirements.isSetSupported('ExcelApi', version);
  } catch {
    return false;
  }
}
