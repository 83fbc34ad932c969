import type { CellValue } from './selection-reader';

/**
 * The row the analyst is on (the first row of the selection) with the header row of its block, read for
 * the pane's market band: the header row is the nearest row above that names a JobPrice column
 * (Salary50), found by Excel (Range.findOrNullObject, ExcelApi 1.9) rather than by reading the sheet.
 * Two syncs; the row is read across the sheet's used columns only.
 */

export interface ActiveRow {
  readonly sheetName: string;
  /** 0-based sheet row. */
  readonly row: number;
  /** The header row's cells and the row's, from the used range's first column. */
  readonly headers: CellValue[];
  readonly cells: CellValue[];
}

/** The header every priced block has; the band is drawn from the columns beside it. */
const ANCHOR = 'Salary50';

/** null when the selection is not on a data row under a header row with a Salary50 column. */
export async function readActiveRow(): Promise<ActiveRow | null> {
  return Excel.run(async (context) => {
    const selection = context.workbook.getSelectedRange();
    selection.load('rowIndex');
    // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read -- worksheet is a navigation property: a proxy, usable before any load or sync
    const sheet = selection.worksheet;
    sheet.load('name');
    const used = sheet.getUsedRange(true);
    used.load('rowIndex,columnIndex,rowCount,columnCount');
    const anchor = used.findOrNullObject(ANCHOR, { completeMatch: true, matchCase: false });
    anchor.load('rowIndex');
    await context.sync();
    if (anchor.isNullObject || anchor.rowIndex >= selection.rowIndex) return null;
    const width = used.columnCount;
    const header = sheet.getRangeByIndexes(anchor.rowIndex, used.columnIndex, 1, width);
    const row = sheet.getRangeByIndexes(selection.rowIndex, used.columnIndex, 1, width);
    header.load('values');
    row.load('values');
    await context.sync();
    return {
      sheetName: sheet.name,
      row: selection.rowIndex,
      headers: (header.values[0] ?? []) as CellValue[],
      cells: (row.values[0] ?? []) as CellValue[],
    };
  });
}

/**
 * Calls `handler` whenever the selection moves (workbook.onSelectionChanged, ExcelApi 1.2). A host without
 * the event (or one that refuses it) is ignored: the pane still has its button.
 */
export async function onSelectionChanged(handler: () => void): Promise<void> {
  try {
    await Excel.run(async (context) => {
      context.workbook.onSelectionChanged.add(async () => handler());
      await context.sync();
    });
  } catch {
    // No event on this host: the band is refreshed by its button only.
  }
}
