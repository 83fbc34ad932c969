/**
 * Selects sheet rows (the block's columns of each) as one multi-area selection: "select the rows that
 * failed" after a run. Consecutive rows become one area; Worksheet.getRanges and RangeAreas.select are
 * ExcelApi 1.9. Excel reads the areas from one address text, so very many separate groups are capped.
 */

import { columnLetters } from './address';

/** More separate areas than this make an address text Excel may refuse; the first ones are selected. */
export const MAX_AREAS = 200;

export async function selectRows(
  where: { sheetName: string; firstCol: number; width: number },
  rows: readonly number[],
): Promise<{ selected: number; areas: number; capped: boolean }> {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const spans: Array<{ r0: number; r1: number }> = [];
  for (const r of sorted) {
    const last = spans[spans.length - 1];
    if (last && last.r1 + 1 === r) last.r1 = r;
    else spans.push({ r0: r, r1: r });
  }
  const used = spans.slice(0, MAX_AREAS);
  if (used.length === 0) return { selected: 0, areas: 0, capped: false };
  await selectAreas(where, used);
  return {
    selected: used.reduce((n, s) => n + s.r1 - s.r0 + 1, 0),
    areas: used.length,
    capped: spans.length > MAX_AREAS,
  };
}

/** Selects the block's columns of sheet rows `first` to `last` (1-based): the rows of a run, as one area. */
export async function selectRowSpan(
  where: { sheetName: string; firstCol: number; width: number },
  first: number,
  last: number,
): Promise<void> {
  await selectAreas(where, [{ r0: first, r1: last }]);
}

async function selectAreas(
  where: { sheetName: string; firstCol: number; width: number },
  spans: ReadonlyArray<{ r0: number; r1: number }>,
): Promise<void> {
  const c0 = columnLetters(where.firstCol);
  const c1 = columnLetters(where.firstCol + Math.max(1, where.width) - 1);
  const address = spans.map((s) => `${c0}${s.r0}:${c1}${s.r1}`).join(',');
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(where.sheetName);
    sheet.activate();
    sheet.getRanges(address).select();
    await context.sync();
  });
}
