import { detectMapping } from '../../src/domain/column-mapping';
import { jobSpec } from '../../src/domain/job';
import { columnLetters } from '../../src/excel/address';
import { outputHeaders } from '../../src/excel/output-columns';
import { priceSelection, type PriceRunOptions } from '../../src/usecases/pricing-run';
import type { SimHost } from '../sim-excel/host';
import type { CellValue } from '../sim-excel/model';
import { fakeResult, fakeService, HEADERS, install, jobRow, rect } from '../excel/helpers';

/**
 * Current pay against the market (docs/methodology.md, "Market position"), through the pricing run on the
 * simulated host: a pay column adds Market Ratio, Percentile, Position, As Of and Note to every priced
 * row, computed against the figures as written (aged first when aging is on), and a conditional format
 * on Market Ratio. Expected figures are worked out here from the fake service's answer, not by the add-in.
 */

let host: SimHost;
afterEach(() => host?.uninstall());

const PAY_HEADERS = [...HEADERS, 'Current Salary', 'Hourly Rate'];
const OUT = PAY_HEADERS.length;
const headers = outputHeaders(true);
const col = (name: string): number => OUT + headers.indexOf(name);
const cell = (r: number, c: number) => host.workbook.sheet('Sheet1')?.get(r, c);

/** Row i of the sheet: a job and its pay cells. */
function row(i: number, annual: CellValue, hourly: CellValue, title?: string): CellValue[] {
  return [...jobRow(i, title === undefined ? {} : { 0: title }), annual, hourly];
}

function options(over: Partial<PriceRunOptions> = {}): PriceRunOptions {
  return {
    mode: 'price',
    send: fakeService().send,
    mappingFor: (block) => detectMapping((block.headerCells ?? []).slice(0, block.width)),
    confirmOverwrite: async () => true,
    ...over,
  };
}

/** What the fake service answers for row i's job (jobRow's company, state and FTE). */
const market = (i: number) =>
  fakeResult(
    jobSpec({ title: `Job ${i}`, company: `Company ${i % 7}`, scope: { state: 'MA', fte: 10 + (i % 5) } }),
  );

function sheet(): CellValue[][] {
  const p50 = (i: number): number => market(i).Salary50 as number;
  return [
    PAY_HEADERS,
    row(0, p50(0), ''), // exactly the median
    row(1, '', 40), // hourly: 83,200 a year
    row(2, '', ''), // no pay
    row(3, 'tbd', ''), // not a number
    row(4, Math.round(p50(4) * 0.8), ''), // below market
    row(5, 90_000, '', 'nonsense title'), // not priced
  ];
}

describe('market position columns from a current-pay column', () => {
  it('compares each priced row with its own Salary percentiles; blank or bad pay leaves a note, never an error', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: sheet() }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 6, 11) },
    });
    const summary = await priceSelection(options());
    headers.forEach((h, i) => expect(cell(0, OUT + i)?.value).toBe(h));

    // Row 1: pay = P50 → ratio 1.00, the 50th percentile, inside P25–P75, dated by DataEffectiveDate (absent here).
    expect(cell(1, col('Market Ratio'))).toEqual({ value: 1, numberFormat: '0.00' });
    expect(cell(1, col('Market Percentile'))).toEqual({ value: 50, numberFormat: '0' });
    expect(cell(1, col('Market Position'))?.value).toBe('P25–P75');
    expect(cell(1, col('Market Note'))?.value ?? '').toBe('');

    // Row 2: 40/hour × 2,080 = 83,200 a year against that row's market.
    const m1 = market(1);
    expect(cell(2, col('Market Ratio'))?.value).toBe(
      Math.round((83_200 / (m1.Salary50 as number)) * 100) / 100,
    );
    expect(cell(2, col('Market Note'))?.value).toBe('Hourly 40 × 2,080 hours = 83,200 a year');

    // Rows 3 and 4: the price stands (status OK, figures written); the position cells are empty with a note.
    for (const [r, note] of [
      [3, 'No current pay'],
      [4, "Current pay 'tbd' is not a number"],
    ] as const) {
      expect(cell(r, col('JobPrice Status'))?.value).toBe('OK');
      expect(cell(r, col('Salary50'))?.value).toBe(market(r - 1).Salary50);
      expect(cell(r, col('Market Ratio'))?.value ?? '').toBe('');
      expect(cell(r, col('Market Note'))?.value).toBe(note);
    }

    // Row 5: 80 % of P50 is below P25 (the fake's P25 is 85 % of P50): ratio 0.80.
    expect(cell(5, col('Market Ratio'))?.value).toBe(0.8);
    expect(cell(5, col('Market Position'))?.value).toBe('Below P25');
    // Between P10 (0.70) and P25 (0.85): ln(0.8/0.7)/ln(0.85/0.7) = 0.69 of the way from 10 to 25 = 20.3 → 20.
    expect(cell(5, col('Market Percentile'))?.value).toBe(20);

    // Row 6 was not priced: no position at all.
    expect(cell(6, col('JobPrice Status'))?.value).toBe('No matching job found');
    expect(cell(6, col('Market Note'))?.value ?? '').toBe('');

    expect(summary.currentPay).toEqual({ compared: 3, hourly: 1, without: 2 });
  });

  it('ages the market figure first, and says to which date', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: sheet() }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 2, 11) },
    });
    const dated = fakeService();
    const send: PriceRunOptions['send'] = async (items, signal) => {
      const out = await dated.send(items, signal);
      for (const [id, o] of out)
        if (o.ok) out.set(id, { ok: true, result: { ...o.result, DataEffectiveDate: '2025-05-01' } });
      return out;
    };
    await priceSelection(
      options({ send, writer: { aging: { enabled: true, effectiveDate: '2026-05-01', ratePercent: 3 } } }),
    );
    const aged50 = Math.round((market(0).Salary50 as number) * 1.03);
    expect(cell(1, col('Salary50'))?.value).toBe(aged50);
    // The same pay as before, now against a median 3 % higher.
    expect(cell(1, col('Market Ratio'))?.value).toBe(
      Math.round(((market(0).Salary50 as number) / aged50) * 100) / 100,
    );
    expect(cell(1, col('Market As Of'))?.value).toBe('2026-05-01');
  });

  it('puts two formula rules on Market Ratio from the first data row down, once, and never on other columns', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: sheet() }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 6, 11) },
    });
    await priceSelection(options());
    await priceSelection(options({ mode: 'reprice' }));
    const letters = columnLetters(col('Market Ratio'));
    const added = host.workbook.calls.filter((c) => c.api === 'conditionalFormats.add');
    expect(added.map((c) => c.address)).toEqual([
      `Sheet1!${letters}2:${letters}1048576`,
      `Sheet1!${letters}2:${letters}1048576`,
    ]);
    const formats = host.workbook.sheet('Sheet1')?.conditionalFormats ?? [];
    expect(formats.map((f) => [f.type, f.formula, f.fill])).toEqual([
      ['Custom', `=AND(ISNUMBER(${letters}2),${letters}2<0.9)`, '#FFC7CE'],
      ['Custom', `=AND(ISNUMBER(${letters}2),${letters}2>1.1)`, '#FFEB9C'],
    ]);
  });

  it('without a pay column, writes no position columns and no conditional format', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: [HEADERS, jobRow(0), jobRow(1)] }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 2, 9) },
    });
    const summary = await priceSelection(options());
    expect(summary.currentPay).toBeUndefined();
    expect(cell(0, HEADERS.length + outputHeaders(false).length)).toBeUndefined();
    expect(host.workbook.calls).toEqual([]);
  });
});
