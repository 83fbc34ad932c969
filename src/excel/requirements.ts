/**
 * Optional Excel APIs, checked before use (Office.context.requirements.isSetSupported). The manifest
 * declares the minimum the add-in needs (ExcelApi 1.9); anything newer is used only where this says so.
 */

/**
 * The ExcelApi version manifest.xml requires (<Set Name="ExcelApi" MinVersion="1.9"/>): the newest set any
 * API used unconditionally belongs to (Range.getSpecialCells, Range.getTables, RangeAreas.areas,
 * Range.findOrNullObject: 1.9; ChartAxis.numberFormat, ChartSeries.overlap: 1.8; Worksheet.getRangeByIndexes,
 * ChartSeries.add/setValues/setXAxisValues/chartType, markers, ChartLineFormat.lineStyle: 1.7;
 * suspendApiCalculationUntilNextSync, Range.conditionalFormats: 1.6; getUsedRangeOrNullObject,
 * getItemOrNullObject, workbook.names.add: 1.4; Worksheet.protection, rowHidden, Range.formulasR1C1,
 * workbook.onSelectionChanged: 1.2; worksheets.add, tables.add, charts.add: 1.1). A test keeps the
 * manifest and this equal.
 */
export const MIN_EXCEL_API = '1.9';

/** Dynamic arrays and Range.getSpillingToRangeOrNullObject (a JOBPRICE.MATCH row spills). */
export const SPILL_API = '1.12';

/** Application.cultureInfo, its numberFormat, and the application's own decimal/thousands separators. */
export const CULTURE_API = '1.11';

/** Range.valuesAsJson and the entity schema (EntityCellValue, card layouts, provider, attribution). */
export const DATA_TYPES_API = '1.16';

/**
 * Custom functions that take and return data types (entity values, `allowCustomDataForDataTypeAny`):
 * Excel on the web, Microsoft 365 on Windows from 2208 and on Mac from 16.64; no perpetual Office.
 */
export const CUSTOM_FUNCTIONS_DATA_TYPES = '1.4';

export function supportsCustomFunctionDataTypes(): boolean {
  try {
    return Office.context.requirements.isSetSupported('CustomFunctionsRuntime', CUSTOM_FUNCTIONS_DATA_TYPES);
  } catch {
    return false;
  }
}

export function supportsExcelApi(version: string): boolean {
  try {
    return Office.context.requirements.isSetSupported('ExcelApi', version);
  } catch {
    return false;
  }
}
