import { detectMapping } from '../../src/domain/column-mapping';
import { jobSpec } from '../../src/domain/job';
import { compaRatio, payRange, rangePenetration, type PayRangeSettings } from '../../src/domain/pay-range';
import { columnLetters } from '../../src/excel/address';
import { outputHeaders } from '../../src/excel/output-columns';
import { RANGE_HEADERS } from '../../src/excel/range-columns';
import { readRangeSettingsCells, SETTINGS_SHEET } from '../../src/excel/range-settings-cells';
import { writePayRanges } from '../../src/usecases/pay-ranges';
import { priceSelection } from '../../src/usecases/pricing-run';
import { calculateFormulas } from '../sim-excel/formula-eval';
import type { SimHost } from '../sim-excel/host';
import type { CellValue } from '../sim-excel/model';
import { fakeResult, fakeService, HEADERS, install, jobRow, rect } from '../excel/helpers';

/**
 * Pay ranges on the simulated host (docs/methodology.md, "Pay ranges"): live formulas over each row's
 * market cell and two named settings cells, checked by what they compute (the host evaluates them) against
 * the range maths worked out here, and by what changing a named cell does to every range.
 */

let host: SimHost;
afterEach(() => host?.uninstall());

const SHEET_HEADERS = [...HEADERS, 'Current Salary'];
const ROWS = 4;
const PAYS: CellValue[] = [95_000, '', 'tbd', 60_000];
const mappingFor = (block: { headerCells: CellValue[] | null; width: number }) =>
  detectMapping((block.headerCells ?? []).slice(0, block.width));
const RANGE_AT = SHEET_HEADERS.length + outputHeaders(true).length;
const col = (header: string): number => RANGE_AT + RANGE_HEADERS.indexOf(header);
const sheet = () => host.workbook.sheet('Sheet1');
const value = (r: number, c: number) => sheet()?.get(r, c)?.value;
const p50 = (i: number): number =>
  fakeResult(
    jobSpec({ title: `Job ${i}`, company: `Company ${i % 7}`, scope: { state: 'MA', fte: 10 + (i % 5) } }),
  ).Salary50 as number;

async function pricedSheet(): Promise<void> {
  host = install({
    sheets: [
      {
        name: 'Sheet1',
        rows: [
          SHEET_HEADERS,
          ...Array.from({ length: ROWS }, (_, i) => [...jobRow(i), PAYS[i] as CellValue]),
        ],
      },
    ],
    selection: { sheet: 'Sheet1', rect: rect(0, 0, ROWS, SHEET_HEADERS.length - 1) },
  });
  calculateFormulas(host.workbook);
  await priceSelection({
    mode: 'price',
    send: fakeService().send,
    mappingFor,
    confirmOverwrite: async () => true,
  });
  host.workbook.calls.length = 0;
}

/** A confirm that answers `yes` and records how many cells it was asked about. */
function answering(yes: boolean): { asked: number[]; confirmOverwrite: (cells: number) => Promise<boolean> } {
  const asked: number[] = [];
  return {
    asked,
    confirmOverwrite: async (cells) => {
      asked.push(cells);
      return yes;
    },
  };
}

const settings = (over: Partial<PayRangeSettings> = {}): PayRangeSettings => ({
  target: 'Salary50',
  spreadPercent: 50,
  rounding: 1000,
  ...over,
});

describe('pay ranges as live formulas', () => {
  it('writes Range Min/Mid/Max, Compa-Ratio and Range Penetration formulas that compute the range maths', async () => {
    await pricedSheet();
    const { asked, confirmOverwrite } = answering(true);
    const summary = await writePayRanges({
      settings: settings(),
      mappingFor,
      confirmOverwrite,
    });
    expect(summary).toEqual({ status: 'done', rows: ROWS, target: 'Salary50', withPay: true });
    expect(asked).toEqual([]); // new columns on empty cells: nothing to ask
    RANGE_HEADERS.forEach((h, i) => expect(value(0, RANGE_AT + i)).toBe(h));

    // The formula text of row 2, spelled out: the market cell, the pay cell, the two names.
    const m = `$${columnLetters(SHEET_HEADERS.length + outputHeaders(true).indexOf('Salary50'))}2`;
    const round = (x: string) =>
      `IF(JobPrice_RangeRounding>0,ROUND((${x})/JobPrice_RangeRounding,0)*JobPrice_RangeRounding,${x})`;
    expect(sheet()?.get(1, col('Range Min'))?.formula).toBe(
      `=IF(ISNUMBER(${m}),${round(`${m}/(1+JobPrice_RangeSpread/2)`)},"")`,
    );
    expect(sheet()?.get(1, col('Compa-Ratio'))?.formula).toBe(
      `=IFERROR(IF(LEN($K2)=0,"",ROUND(--$K2/$${columnLetters(col('Range Mid'))}2,2)),"")`,
    );

    // What they compute, row by row, against the maths.
    for (let i = 0; i < ROWS; i++) {
      const r = i + 1;
      const range = payRange(p50(i), 50, 1000);
      expect([value(r, col('Range Min')), value(r, col('Range Mid')), value(r, col('Range Max'))]).toEqual([
        range.min,
        range.mid,
        range.max,
      ]);
      const pay = PAYS[i];
      if (typeof pay === 'number') {
        expect(value(r, col('Compa-Ratio'))).toBe(compaRatio(pay, range.mid));
        expect(value(r, col('Range Penetration'))).toBe(rangePenetration(pay, range.min, range.max));
      } else {
        // No pay, or pay that is not a number: empty, not #VALUE!.
        expect(value(r, col('Compa-Ratio'))).toBe('');
        expect(value(r, col('Range Penetration'))).toBe('');
      }
    }
    expect(sheet()?.get(1, col('Range Mid'))?.numberFormat).toBe('[$$-409]#,##0');
    expect(sheet()?.get(1, col('Compa-Ratio'))?.numberFormat).toBe('0.00');
    expect(sheet()?.get(1, col('Range Penetration'))?.numberFormat).toBe('0%');
  });

  it('puts the spread and rounding in two named, labelled cells on a JobPrice Settings sheet; one cell moves every range', async () => {
    await pricedSheet();
    await writePayRanges({ settings: settings(), mappingFor, confirmOverwrite: async () => true });
    const names = host.workbook.calls.filter((c) => c.api === 'names.add');
    expect(names.map((c) => [c.detail?.name, c.address])).toEqual([
      ['JobPrice_RangeSpread', "'JobPrice Settings'!B2"],
      ['JobPrice_RangeRounding', "'JobPrice Settings'!B3"],
    ]);
    const settingsSheet = host.workbook.sheet(SETTINGS_SHEET);
    expect(settingsSheet?.get(1, 0)?.value).toBe('Range spread');
    expect(settingsSheet?.get(1, 1)).toEqual({ value: 0.5, numberFormat: '0%' });
    expect(settingsSheet?.get(2, 1)).toEqual({ value: 1000, numberFormat: '#,##0' });
    await expect(readRangeSettingsCells()).resolves.toEqual({ spreadPercent: 50, rounding: 1000 });

    // The analyst types 40 % into the spread cell: every range follows (the workbook recalculates).
    settingsSheet?.set(1, 1, { value: 0.4, numberFormat: '0%' });
    host.workbook.recalculate?.();
    const range = payRange(p50(0), 40, 1000);
    expect(value(1, col('Range Min'))).toBe(range.min);
    expect(value(1, col('Range Max'))).toBe(range.max);
    await expect(readRangeSettingsCells()).resolves.toEqual({ spreadPercent: 40, rounding: 1000 });
  });

  it('writing again updates the named cells where they are (even moved), adds no second name, and the formats once', async () => {
    await pricedSheet();
    await writePayRanges({ settings: settings(), mappingFor, confirmOverwrite: async () => true });
    // The analyst moved the spread cell: the name now points at D7 of the settings sheet.
    const spread = host.workbook.names.get('jobprice_rangespread');
    if (spread) spread.rect = { r0: 6, c0: 3, r1: 6, c1: 3 };
    host.workbook.calls.length = 0;
    const { asked, confirmOverwrite } = answering(true);
    await writePayRanges({
      settings: settings({ spreadPercent: 60, rounding: 0 }),
      mappingFor,
      confirmOverwrite,
    });
    expect(asked).toEqual([]); // our own columns are replaced without asking
    expect(host.workbook.calls.filter((c) => c.api === 'names.add')).toEqual([]);
    expect(host.workbook.sheet(SETTINGS_SHEET)?.get(6, 3)?.value).toBe(0.6);
    expect(value(1, col('Range Mid'))).toBe(p50(0));
    expect(value(1, col('Range Min'))).toBeCloseTo(p50(0) / 1.3, 6);
    // The Compa-Ratio rules were added by the first write only.
    expect(host.workbook.calls.filter((c) => c.api === 'conditionalFormats.add')).toEqual([]);
  });

  it('a name whose cells were deleted (#REF!) is replaced, and the settings sheet made again', async () => {
    await pricedSheet();
    await writePayRanges({ settings: settings(), mappingFor, confirmOverwrite: async () => true });
    const book = host.workbook;
    book.sheets.splice(
      book.sheets.findIndex((s) => s.name === SETTINGS_SHEET),
      1,
    );
    for (const n of book.names.values()) n.rect = null;
    await writePayRanges({
      settings: settings({ spreadPercent: 30 }),
      mappingFor,
      confirmOverwrite: async () => true,
    });
    expect(book.calls.filter((c) => c.api === 'names.delete').map((c) => c.detail?.name)).toEqual([
      'JobPrice_RangeSpread',
      'JobPrice_RangeRounding',
    ]);
    expect(book.sheet(SETTINGS_SHEET)?.get(1, 1)?.value).toBe(0.3);
    expect(value(1, col('Range Min'))).toBe(payRange(p50(0), 30, 1000).min);
  });

  it('records the Compa-Ratio conditional formats with their range', async () => {
    await pricedSheet();
    await writePayRanges({ settings: settings(), mappingFor, confirmOverwrite: async () => true });
    const letters = columnLetters(col('Compa-Ratio'));
    expect(
      host.workbook.calls.filter((c) => c.api === 'conditionalFormats.add').map((c) => c.address),
    ).toEqual([`Sheet1!${letters}2:${letters}1048576`, `Sheet1!${letters}2:${letters}1048576`]);
  });

  it("asks before replacing a cell of the user's where a range column goes, and changes nothing when told no", async () => {
    await pricedSheet();
    sheet()?.set(2, RANGE_AT, { value: 'my note' });
    const { asked, confirmOverwrite } = answering(false);
    const summary = await writePayRanges({
      settings: settings(),
      mappingFor,
      confirmOverwrite,
    });
    expect(asked).toEqual([1]);
    expect(summary.status).toBe('declined');
    expect(value(0, RANGE_AT)).toBeUndefined();
    expect(value(2, RANGE_AT)).toBe('my note');
    expect(host.workbook.names.size).toBe(0);
  });

  it('says what to do first when the target column is not there', async () => {
    await pricedSheet();
    await expect(
      writePayRanges({
        settings: settings({ target: 'Composite P50' }),
        mappingFor,
        confirmOverwrite: async () => true,
      }),
    ).rejects.toThrow(/no Composite P50 column yet: write the composite first/);
    host.uninstall();
    host = install({
      sheets: [{ name: 'Sheet1', rows: [HEADERS, jobRow(0)] }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 1, 9) },
    });
    await expect(
      writePayRanges({ settings: settings(), mappingFor, confirmOverwrite: async () => true }),
    ).rejects.toThrow(/no Salary50 column: price them first/);
  });

  it('without a pay column writes the three range columns only', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: [HEADERS, jobRow(0), jobRow(1)] }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 2, 9) },
    });
    await priceSelection({
      mode: 'price',
      send: fakeService().send,
      mappingFor,
      confirmOverwrite: async () => true,
    });
    const summary = await writePayRanges({
      settings: settings(),
      mappingFor,
      confirmOverwrite: async () => true,
    });
    expect(summary.withPay).toBe(false);
    const at = HEADERS.length + outputHeaders(false).length;
    expect([value(0, at), value(0, at + 1), value(0, at + 2), value(0, at + 3)]).toEqual([
      'Range Min',
      'Range Mid',
      'Range Max',
      undefined,
    ]);
  });
});
