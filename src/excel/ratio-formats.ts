import { columnLetters } from './address';

/**
 * Conditional formats on the ratio columns (Market Ratio, Compa-Ratio): a ratio below 0.90 gets Excel's
 * "light red fill with dark red text", one above 1.10 an amber fill, so the colours follow the values as
 * they change (a cell colour would not). ExcelApi 1.6 (Range.conditionalFormats, custom rules), within
 * the manifest's 1.9.
 *
 * The rules are formula rules, =AND(ISNUMBER(K2),K2<0.9), not "cell value less than" rules, because Excel
 * takes an empty cell as 0 in those, and rows without a ratio would turn red. They cover the column from
 * the first data row to the end of the sheet, so rows priced later are covered too; a column that has
 * them already (found by their formulas) does not get them twice, and rules the user added are left alone.
 */

export const RATIO_LOW = 0.9;
export const RATIO_HIGH = 1.1;

const SHEET_ROWS = 1_048_576;

export interface RatioRule {
  readonly formula: string;
  readonly fill: string;
  readonly font: string;
}

/** The two rules for a column whose first cell is `topLeft` ("K2"). */
export function ratioRules(topLeft: string): RatioRule[] {
  return [
    { formula: `=AND(ISNUMBER(${topLeft}),${topLeft}<${RATIO_LOW})`, fill: '#FFC7CE', font: '#9C0006' },
    { formula: `=AND(ISNUMBER(${topLeft}),${topLeft}>${RATIO_HIGH})`, fill: '#FFEB9C', font: '#9C5700' },
  ];
}

const same = (a: string, b: string): boolean =>
  a.replace(/[\s$]/g, '').toUpperCase() === b.replace(/[\s$]/g, '').toUpperCase();

/**
 * Adds the ratio rules to each column (0-based sheet columns) from `fromRow` (0-based) down, unless the
 * column has them already. Three syncs at most. @returns how many rules were added.
 */
export async function ensureRatioFormats(
  sheetName: string,
  columns: readonly number[],
  fromRow: number,
): Promise<number> {
  if (columns.length === 0) return 0;
  return Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const targets = columns.map((col) => {
      const range = sheet.getRangeByIndexes(fromRow, col, SHEET_ROWS - fromRow, 1);
      // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read -- conditionalFormats is a navigation property: a proxy, usable before any load or sync
      const formats = range.conditionalFormats;
      formats.load('items/type');
      return { col, range, formats };
    });
    await context.sync();
    const existing = targets.map((t) =>
      t.formats.items
        .filter((cf) => cf.type === Excel.ConditionalFormatType.custom)
        .map((cf) => {
          const rule = cf.custom.rule;
          rule.load('formula');
          return rule;
        }),
    );
    if (existing.some((rules) => rules.length > 0)) await context.sync();
    let added = 0;
    targets.forEach((t, i) => {
      const have = (existing[i] ?? []).map((rule) => rule.formula);
      for (const rule of ratioRules(`${columnLetters(t.col)}${fromRow + 1}`)) {
        if (have.some((f) => same(f, rule.formula))) continue;
        const cf = t.range.conditionalFormats.add(Excel.ConditionalFormatType.custom);
        cf.custom.rule.formula = rule.formula;
        cf.custom.format.fill.color = rule.fill;
        cf.custom.format.font.color = rule.font;
        added++;
      }
    });
    if (added > 0) await context.sync();
    return added;
  });
}
