import { ROUNDING_NAME, SPREAD_NAME } from './range-columns';

/**
 * The two named cells every pay-range formula refers to: JobPrice_RangeSpread (the spread, 50 % as 0.5)
 * and JobPrice_RangeRounding (the rounding step, 0 for none). They live on a sheet of their own,
 * "JobPrice Settings", labelled, so an analyst changes one cell and every range follows; a name the
 * analyst moved elsewhere is kept and its cell updated. Workbook names: ExcelApi 1.1, add and
 * getItemOrNullObject 1.4; within the manifest's 1.9.
 */

export const SETTINGS_SHEET = 'JobPrice Settings';

/** Where the cells go on a new settings sheet: B2 and B3, labelled in column A and explained in C. */
const LAYOUT = [
  {
    name: SPREAD_NAME,
    row: 1,
    label: 'Range spread',
    format: '0%',
    help: 'Range max over range min: min = mid ÷ (1 + spread/2), max = min × (1 + spread).',
  },
  {
    name: ROUNDING_NAME,
    row: 2,
    label: 'Range rounding',
    format: '#,##0',
    help: 'Range min, mid and max rounded to this step (0: not rounded).',
  },
] as const;

export interface RangeSettingsCells {
  readonly spreadPercent: number;
  readonly rounding: number;
}

/**
 * The values the named cells hold now (an analyst may have changed them on the sheet), or null when the
 * workbook has none yet or they do not hold numbers. One sync.
 */
export async function readRangeSettingsCells(): Promise<RangeSettingsCells | null> {
  return Excel.run(async (context) => {
    const ranges = LAYOUT.map((cell) => {
      const range = context.workbook.names.getItemOrNullObject(cell.name).getRangeOrNullObject();
      range.load('values');
      return range;
    });
    await context.sync();
    const [spread, rounding] = ranges.map((r) => (r.isNullObject ? null : r.values[0]?.[0]));
    if (typeof spread !== 'number' || typeof rounding !== 'number') return null;
    return { spreadPercent: Math.round(spread * 10_000) / 100, rounding };
  });
}

/**
 * Puts the spread and rounding into the named cells, creating the settings sheet and the names where
 * they are missing (or point at deleted cells). Two syncs.
 */
export async function writeRangeSettingsCells(settings: RangeSettingsCells): Promise<void> {
  const values = [settings.spreadPercent / 100, settings.rounding];
  await Excel.run(async (context) => {
    const names = LAYOUT.map((cell) => {
      const item = context.workbook.names.getItemOrNullObject(cell.name);
      const range = item.getRangeOrNullObject();
      item.load('name');
      range.load('address');
      return { item, range };
    });
    const sheet = context.workbook.worksheets.getItemOrNullObject(SETTINGS_SHEET);
    sheet.load('name');
    await context.sync();

    // The settings sheet, added when a cell must be created and there is none.
    let target: Excel.Worksheet | null = sheet.isNullObject ? null : sheet;
    const settingsSheet = (): Excel.Worksheet => {
      if (target === null) {
        target = context.workbook.worksheets.add(SETTINGS_SHEET);
        target.getRange('A1').values = [
          ['JobPrice pay ranges: every Range Min, Mid and Max formula uses the cells below.'],
        ];
      }
      return target;
    };
    LAYOUT.forEach((cell, i) => {
      const { item, range } = names[i] as { item: Excel.NamedItem; range: Excel.Range };
      let valueCell = range;
      if (range.isNullObject) {
        // A name whose cells were deleted (#REF!) is replaced, not left beside a new one.
        if (!item.isNullObject) item.delete();
        const on = settingsSheet();
        on.getRangeByIndexes(cell.row, 0, 1, 3).values = [[cell.label, '', cell.help]];
        valueCell = on.getRangeByIndexes(cell.row, 1, 1, 1);
        context.workbook.names.add(cell.name, valueCell, cell.help);
      }
      valueCell.numberFormat = [[cell.format]];
      valueCell.values = [[values[i] as number]];
    });
    await context.sync();
  });
}
