import type { ColumnMapping } from '../domain/column-mapping';
import type { PayRangeSettings } from '../domain/pay-range';
import { COMPOSITE_P50_HEADER } from '../excel/composite-columns';
import { moneyFormat } from '../domain/number-formats';
import {
  COMPA_RATIO_FORMAT,
  COMPA_RATIO_HEADER,
  PENETRATION_FORMAT,
  RANGE_HEADERS,
  RANGE_MAX_HEADER,
  RANGE_MID_HEADER,
  RANGE_MIN_HEADER,
  rangeFormulas,
  type RangeFormulaColumns,
} from '../excel/range-columns';
import { writeRangeSettingsCells } from '../excel/range-settings-cells';
import { ensureRatioFormats } from '../excel/ratio-formats';
import { writeRows, type RowCells } from '../excel/row-writer';
import type { SelectionBlock } from '../excel/selection-reader';
import { SelectionProblem } from './pricing-run';
import { placeColumns, readSelectedByHeader, readSelectedRows, sheetRowOf } from './priced-rows';

/**
 * "Write pay ranges": Range Min, Mid and Max around the chosen market figure of each selected row, and
 * with a current-pay column Compa-Ratio and Range Penetration, as live Excel formulas
 * (src/excel/range-columns.ts) over the row's market cell and the two named settings cells
 * (src/excel/range-settings-cells.ts), so changing the spread or rounding cell moves every range. Asks
 * before replacing any cell that is not already one of these columns, as the pricing run does.
 */

export interface PayRangeRunOptions {
  settings: PayRangeSettings;
  mappingFor: (block: SelectionBlock) => ColumnMapping;
  /** Asked when the new columns would replace non-empty cells; false changes nothing. */
  confirmOverwrite: (cells: number) => Promise<boolean>;
}

export interface PayRangeSummary {
  status: 'done' | 'declined';
  /** Rows given range formulas. */
  rows: number;
  /** The header of the market column the ranges are built around. */
  target: string;
  /** Compa-Ratio and Range Penetration were written (the rows have a current-pay column). */
  withPay: boolean;
}

function noTargetMessage(target: string): string {
  return target === COMPOSITE_P50_HEADER
    ? 'These rows have no Composite P50 column yet: write the composite first (Composite of your surveys), or choose a market figure as the target.'
    : `These rows have no ${target} column: price them first (Price selected rows), then write their ranges.`;
}

export async function writePayRanges(opts: PayRangeRunOptions): Promise<PayRangeSummary> {
  const selected = await readSelectedRows(opts.mappingFor);
  const { block, mapping } = selected;
  const targetCol = selected.column(opts.settings.target);
  if (targetCol === null) throw new SelectionProblem(noTargetMessage(opts.settings.target), block);

  const withPay = mapping.pay !== undefined || mapping.hourlyPay !== undefined;
  const headers = withPay ? RANGE_HEADERS : RANGE_HEADERS.slice(0, 3);
  const summary: PayRangeSummary = { status: 'declined', rows: 0, target: opts.settings.target, withPay };
  const placed = await placeColumns(selected, headers, opts.confirmOverwrite);
  if (placed === null) return summary;
  const at = placed.column;
  const cols: RangeFormulaColumns = {
    target: targetCol,
    min: at(RANGE_MIN_HEADER),
    mid: at(RANGE_MID_HEADER),
    max: at(RANGE_MAX_HEADER),
    ...(mapping.pay === undefined ? {} : { pay: block.firstCol + mapping.pay }),
    ...(mapping.hourlyPay === undefined ? {} : { hourlyPay: block.firstCol + mapping.hourlyPay }),
  };
  // The range ends are money in the row's own currency, as the market figures beside them.
  const currencies = (await readSelectedByHeader(selected, ['CurrencyCode'])).get('CurrencyCode');
  // One set of R1C1 formulas serves every row; one formats row per currency.
  const formulas = rangeFormulas(cols);
  const formats = new Map<string, string[]>();
  const formatsOf = (currency: string): string[] => {
    let row = formats.get(currency);
    if (row === undefined) {
      const money = moneyFormat(currency);
      row = [money, money, money, COMPA_RATIO_FORMAT, PENETRATION_FORMAT].slice(0, headers.length);
      formats.set(currency, row);
    }
    return row;
  };
  const rows: RowCells[] = selected.rows.map((_, i) => ({
    row: sheetRowOf(selected, i),
    cells: formulas,
    formats: formatsOf(String(currencies?.[i] ?? '')),
  }));

  // The named cells first, so no formula is ever written that refers to a name not yet there.
  await writeRangeSettingsCells(opts.settings);
  await writeRows(block.sheetName, block.firstCol, placed.layout, rows, 'formulasR1C1');
  if (withPay)
    await ensureRatioFormats(block.sheetName, [at(COMPA_RATIO_HEADER)], (block.headerRow ?? 0) + 1);
  return { ...summary, status: 'done', rows: rows.length };
}
