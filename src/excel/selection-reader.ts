import { looksLikeHeaderRow } from '../domain/column-mapping';
import type { NumberCulture } from '../domain/number-text';
import { isOutputHeader } from './output-columns';
import { CULTURE_API, supportsExcelApi } from './requirements';
import { readDataTypeTexts, type DataTypeTexts } from './data-type-cells';
import { queueSelectionSheet } from './selection-sheet';

/**
 * Reads the user's selection in a few whole-range loads: where it is, whether it lies in a table, which
 * row holds the headers, which rows are hidden (filtered), and the cell values, in row chunks that keep
 * every response under Excel on the web's 5 MB limit.
 *
 * Syncs: 2, plus one per READ_CHUNK_ROWS data rows (a chunk that still comes back too large is halved),
 * plus one per 2,000 cells showing #VALUE! when some may hold a data type (data-type-cells.ts).
 */

export type CellValue = string | number | boolean;

export interface SelectionBlock {
  sheetName: string;
  /** The selection's address as Excel gives it, for messages. */
  address: string;
  /** The table the selection lies in, or null for a plain range. */
  table: string | null;
  /** 0-based sheet column of the block's first column (the table's, for a table). */
  firstCol: number;
  /** Columns of the block (the whole table width for a table, else the selection's). */
  width: number;
  /** 0-based sheet row of the header row, or null when none was found. */
  headerRow: number | null;
  headerSource: 'selection' | 'above' | 'top' | 'table' | 'none';
  /** The header row's cells over the block's columns and as far right as the sheet is used. */
  headerCells: CellValue[] | null;
  /** 0-based sheet row of the first data row. */
  firstDataRow: number;
  /** Data rows (header excluded), `width` cells each. */
  rows: CellValue[][];
  /** Per data row: hidden by a filter or by hand. */
  hidden: boolean[];
  /** The sheet is protected (Review > Protect Sheet): results cannot be written there. */
  sheetProtected: boolean;
  /** Cells holding a data type (a Geography city, …) and the text they stand for (data-type-cells.ts). */
  dataTypeTexts?: DataTypeTexts;
  /** How this Excel writes numbers (numbers typed as text are read so); null without ExcelApi 1.11. */
  culture: NumberCulture | null;
}

/**
 * The culture Excel reads typed numbers in (ExcelApi 1.11): the system's (Application.cultureInfo), unless
 * File > Options > Advanced sets Excel's own separators (useSystemSeparators false). Loaded with the
 * first sync of a read; `get` is called after it.
 */
export function loadCulture(context: Excel.RequestContext): { get(): NumberCulture | null } {
  if (!supportsExcelApi(CULTURE_API)) return { get: () => null };
  const app = context.workbook.application;
  app.load('decimalSeparator,thousandsSeparator,useSystemSeparators');
  const info = app.cultureInfo;
  info.load('name');
  info.numberFormat.load('numberDecimalSeparator,numberGroupSeparator');
  return {
    get: () =>
      app.useSystemSeparators
        ? {
            name: info.name,
            decimal: info.numberFormat.numberDecimalSeparator,
            group: info.numberFormat.numberGroupSeparator,
          }
        : { name: info.name, decimal: app.decimalSeparator, group: app.thousandsSeparator },
  };
}

export const READ_CHUNK_ROWS = 2000;
/** Excel's grid: 1,048,576 rows by 16,384 columns (XFD). */
const SHEET_ROWS = 1_048_576;
const SHEET_COLUMNS = 16_384;
const MIN_CHUNK_ROWS = 25;

interface Rect {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

/** A loaded range's position (rowIndex, columnIndex, rowCount, columnCount) as a rectangle of sheet cells. */
function rectOf(range: {
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
}): Rect {
  return {
    r0: range.rowIndex,
    c0: range.columnIndex,
    r1: range.rowIndex + range.rowCount - 1,
    c1: range.columnIndex + range.columnCount - 1,
  };
}

function isPayloadTooLarge(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'RequestPayloadSizeLimitExceeded' || code === 'ResponsePayloadSizeLimitExceeded';
}

/** The culture alone (one sync), for the pane to write its figures the way Excel does; null below 1.11. */
export async function readCulture(): Promise<NumberCulture | null> {
  if (!supportsExcelApi(CULTURE_API)) return null;
  return Excel.run(async (context) => {
    const culture = loadCulture(context);
    await context.sync();
    return culture.get();
  });
}

export async function readSelection(): Promise<SelectionBlock> {
  return Excel.run(async (context) => {
    // --- sync 1: where the selection is, how much of the sheet is used, and whether it lies in a table.
    // The protection is checked before anything is sent, so a protected sheet costs no service call.
    const { selection, sheet, protection, used } = queueSelectionSheet(context);
    const tables = selection.getTables(false);
    const tableCount = tables.getCount();
    const culture = loadCulture(context);
    await context.sync();

    const sel = rectOf(selection);
    const usedRect: Rect | null = used.isNullObject ? null : rectOf(used);

    // --- sync 2: table geometry and header, or the rows that may hold the headers.
    let block: Omit<SelectionBlock, 'rows' | 'hidden' | 'sheetProtected' | 'culture'>;
    let dataRect: Rect | null;
    // eslint-disable-next-line office-addins/load-object-before-read -- getCount() gives a ClientResult, which the sync fills without a load
    if (tableCount.value > 0) {
      const table = tables.getFirst();
      table.load('name');
      const tableRange = table.getRange();
      tableRange.load('rowIndex,columnIndex,rowCount,columnCount');
      const header = table.getHeaderRowRange();
      header.load('values');
      await context.sync();
      const t = rectOf(tableRange);
      // The rows of the table the selection touches, whole table width: selecting one cell of a row prices that row.
      const r0 = Math.max(sel.r0, t.r0 + 1);
      const r1 = Math.min(sel.r1, t.r1);
      dataRect = r0 <= r1 ? { r0, r1, c0: t.c0, c1: t.c1 } : null;
      block = {
        sheetName: sheet.name,
        address: selection.address,
        table: table.name,
        firstCol: t.c0,
        width: t.c1 - t.c0 + 1,
        headerRow: t.r0,
        headerSource: 'table',
        headerCells: (header.values[0] ?? []) as CellValue[],
        firstDataRow: r0,
      };
    } else {
      // Whole columns ("A:J") stop at the last used row and start at the first; whole rows (row headers,
      // Ctrl+A) reach column XFD and are cut to the used columns, or the output would be placed beyond the
      // sheet's last column. A rectangle the user drew keeps its columns (a blank last column is still theirs).
      const wholeColumns = sel.r1 >= SHEET_ROWS - 1;
      const wholeRows = sel.c1 >= SHEET_COLUMNS - 1;
      if (usedRect && wholeColumns) sel.r0 = Math.max(sel.r0, usedRect.r0);
      if (usedRect && wholeRows) {
        sel.c0 = Math.max(sel.c0, usedRect.c0);
        sel.c1 = Math.min(sel.c1, usedRect.c1);
      }
      const r1 = usedRect ? Math.min(sel.r1, usedRect.r1) : -1;
      const farRight = Math.max(sel.c1, usedRect?.c1 ?? sel.c1);
      const scanWidth = Math.max(1, farRight - sel.c0 + 1);
      const candidates: Array<{ source: 'selection' | 'above' | 'top'; row: number }> = [];
      if (sel.r0 <= r1) candidates.push({ source: 'selection', row: sel.r0 });
      if (sel.r0 > 0) candidates.push({ source: 'above', row: sel.r0 - 1 });
      if (usedRect && usedRect.r0 < sel.r0 - 1) candidates.push({ source: 'top', row: usedRect.r0 });
      const loaded = candidates.map((c) => {
        const range = sheet.getRangeByIndexes(c.row, sel.c0, 1, scanWidth);
        range.load('values');
        return { ...c, range };
      });
      await context.sync();
      let width = sel.c1 - sel.c0 + 1;
      const header = loaded.find((c) => looksLikeHeaderRow((c.range.values[0] ?? []).slice(0, width)));
      if (wholeRows && header) {
        // The user did not pick the columns: our own output columns from an earlier run are not input.
        const ours = (header.range.values[0] ?? []).findIndex((cell) => isOutputHeader(cell));
        if (ours > 0) width = Math.min(width, ours);
      }
      const firstDataRow = header?.source === 'selection' ? sel.r0 + 1 : sel.r0;
      dataRect =
        firstDataRow <= r1 && width > 0 ? { r0: firstDataRow, r1, c0: sel.c0, c1: sel.c0 + width - 1 } : null;
      block = {
        sheetName: sheet.name,
        address: selection.address,
        table: null,
        firstCol: sel.c0,
        width: Math.max(width, 0),
        headerRow: header ? header.row : null,
        headerSource: header ? header.source : 'none',
        headerCells: header ? ((header.range.values[0] ?? []) as CellValue[]) : null,
        firstDataRow,
      };
    }
    const sheetProtected = protection.protected;
    if (dataRect === null) return { ...block, rows: [], hidden: [], sheetProtected, culture: culture.get() };

    const rowCount = dataRect.r1 - dataRect.r0 + 1;
    const width = dataRect.c1 - dataRect.c0 + 1;

    // --- hidden rows: one load of rowHidden for the block; only a mixed answer (null) needs the visible areas.
    const dataRange = sheet.getRangeByIndexes(dataRect.r0, dataRect.c0, rowCount, width);
    // Only a block of several rows can be partly hidden (and special cells of one cell may search the whole sheet).
    const visible =
      rowCount > 1 ? dataRange.getSpecialCellsOrNullObject(Excel.SpecialCellType.visible) : null;
    const loadHiddenRows = (): void => {
      dataRange.load('rowHidden');
      visible?.load('areaCount');
    };
    loadHiddenRows();

    // --- values, chunk by chunk; the first chunk shares the sync with the hidden-row loads.
    const rows: CellValue[][] = [];
    let chunk = READ_CHUNK_ROWS;
    let next = 0;
    let first = true;
    while (next < rowCount) {
      const n = Math.min(chunk, rowCount - next);
      const range = sheet.getRangeByIndexes(dataRect.r0 + next, dataRect.c0, n, width);
      range.load('values');
      try {
        // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one sync per chunk on purpose: a block of many rows at once would exceed Excel on the web's 5 MB payload limit
        await context.sync();
      } catch (err) {
        if (!isPayloadTooLarge(err) || chunk <= MIN_CHUNK_ROWS) throw err;
        chunk = Math.max(MIN_CHUNK_ROWS, Math.floor(chunk / 2));
        // The hidden-row loads were part of the refused sync: queue them again.
        if (first) loadHiddenRows();
        continue;
      }
      first = false;
      for (const row of range.values) rows.push(row as CellValue[]);
      next += n;
    }

    let hidden: boolean[];
    if (dataRange.rowHidden === false) hidden = new Array<boolean>(rowCount).fill(false);
    else if (dataRange.rowHidden === true || visible === null || visible.isNullObject)
      hidden = new Array<boolean>(rowCount).fill(true);
    else {
      // Partly hidden (a filter): the visible areas' rows, read as numbers (RangeAreas.areas, ExcelApi 1.9)
      // rather than parsed out of an address text that Excel may shorten or quote.
      const areas = visible.areas;
      areas.load('rowIndex,rowCount');
      await context.sync();
      hidden = new Array<boolean>(rowCount).fill(true);
      for (const area of areas.items) {
        const from = Math.max(area.rowIndex, dataRect.r0);
        const to = Math.min(area.rowIndex + area.rowCount - 1, dataRect.r1);
        for (let r = from; r <= to; r++) hidden[r - dataRect.r0] = false;
      }
    }

    const dataTypeTexts = await readDataTypeTexts(context, sheet, dataRect, rows);
    return {
      ...block,
      rows,
      hidden,
      sheetProtected,
      culture: culture.get(),
      ...(dataTypeTexts.size > 0 ? { dataTypeTexts } : {}),
    };
  });
}
