import { isDataTypeValue, readDataTypeValue } from '../domain/data-type-value';
import { DATA_TYPES_API, supportsExcelApi } from './requirements';
import type { CellValue } from './selection-reader';

/**
 * Data-type cells in a block of rows read for pricing: `Range.values` reports an entity (a Geography
 * "Seattle", a Stocks value, a JOBPRICE.JOB card) as "#VALUE!", which would fail its row. Those cells alone
 * are read again through `valuesAsJson` (ExcelApi 1.16) and taken by their text, as the JOBPRICE functions
 * take them (src/domain/data-type-value.ts); a real #VALUE! error stays an error. Without valuesAsJson
 * nothing changes. The values themselves are kept as read, so the write-back guard compares like with
 * like; `rowForParsing` applies the texts.
 */

/** "row,column" (0-based within the block) → the text the cell stands for. */
export type DataTypeTexts = ReadonlyMap<string, string>;

/** Cells looked up per sync: small loads, well under any payload limit. */
const CELLS_PER_SYNC = 2_000;

export async function readDataTypeTexts(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  origin: { r0: number; c0: number },
  rows: readonly CellValue[][],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const candidates: Array<{ i: number; j: number }> = [];
  rows.forEach((row, i) => row.forEach((v, j) => v === '#VALUE!' && candidates.push({ i, j })));
  if (candidates.length === 0 || !supportsExcelApi(DATA_TYPES_API)) return out;
  for (let k = 0; k < candidates.length; k += CELLS_PER_SYNC) {
    const probes = candidates.slice(k, k + CELLS_PER_SYNC).map((cell) => {
      const range = sheet.getCell(origin.r0 + cell.i, origin.c0 + cell.j);
      // eslint-disable-next-line office-addins/no-navigational-load -- valuesAsJson is a value property (ExcelApi 1.16), not a navigation property: the rule's list predates it
      range.load('valuesAsJson');
      return { cell, range };
    });
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one sync per CELLS_PER_SYNC cells on purpose, so no request grows past Excel on the web's payload limit
    await context.sync();
    for (const { cell, range } of probes) {
      const json: unknown = range.valuesAsJson[0]?.[0];
      if (!isDataTypeValue(json)) continue;
      const read = readDataTypeValue(json);
      if (read.ok && read.value !== null) out.set(`${cell.i},${cell.j}`, String(read.value));
    }
  }
  return out;
}

/** Row `i` of the block with its data-type cells as their text: what the row parser reads. */
export function rowForParsing(
  rows: readonly CellValue[][],
  texts: DataTypeTexts | undefined,
  i: number,
): CellValue[] {
  const row = rows[i] ?? [];
  if (texts === undefined || texts.size === 0) return row;
  return row.map((v, j) => texts.get(`${i},${j}`) ?? v);
}
