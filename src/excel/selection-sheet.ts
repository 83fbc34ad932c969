/**
 * What every reader of the selection asks first, queued for one sync: the selected range (its address
 * and bounds), its sheet's name, whether the sheet is protected (ExcelApi 1.2, checked
 * before anything is written or sent) and the sheet's used range by values (ExcelApi 1.4). The caller
 * queues its own extras and syncs once.
 */
export interface SelectionSheet {
  readonly selection: Excel.Range;
  readonly sheet: Excel.Worksheet;
  readonly protection: Excel.WorksheetProtection;
  readonly used: Excel.Range;
}

export function queueSelectionSheet(context: Excel.RequestContext): SelectionSheet {
  const selection = context.workbook.getSelectedRange();
  selection.load('address,rowIndex,columnIndex,rowCount,columnCount');
  // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read -- worksheet is a navigation property: a proxy, usable before any load or sync
  const sheet = selection.worksheet;
  sheet.load('name');
  const protection = sheet.protection;
  protection.load('protected');
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load('rowIndex,columnIndex,rowCount,columnCount');
  return { selection, sheet, protection, used };
}
