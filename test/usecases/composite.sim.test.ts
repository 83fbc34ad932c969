import { detectMapping } from '../../src/domain/column-mapping';
import { jobSpec } from '../../src/domain/job';
import type { CompositeSettings } from '../../src/domain/composite';
import type { SendBatch } from '../../src/domain/plan-runner';
import type { JobResult } from '../../src/api/wire';
import { outputHeaders } from '../../src/excel/output-columns';
import { findSurveys, writeComposite } from '../../src/usecases/composite';
import { priceSelection } from '../../src/usecases/pricing-run';
import type { SimHost } from '../sim-excel/host';
import type { CellValue } from '../sim-excel/model';
import { fakeResult, fakeService, HEADERS, install, jobRow, rect } from '../excel/helpers';

/**
 * The composite of the analyst's own surveys (docs/methodology.md, "Composites") on the simulated host:
 * survey columns found by header, every source aged to one date and weighed, a source with an empty
 * cell dropping out of its row. Expected figures are worked out here, factor by factor.
 */

let host: SimHost;
afterEach(() => host?.uninstall());

const SHEET_HEADERS = [...HEADERS, 'Mercer P25', 'Mercer P50', 'Mercer P75', 'Radford Base P50', 'Notes'];
const SURVEYS: CellValue[][] = [
  [90_000, 100_000, 115_000, 104_000, 'new role'],
  [80_000, 92_000, 105_000, '', ''], // Radford has no cut for this job
  ['', '', '', '', 'no data'], // no survey at all
];
const mappingFor = (block: { headerCells: CellValue[] | null; width: number }) =>
  detectMapping((block.headerCells ?? []).slice(0, block.width));
const sheet = () => host.workbook.sheet('Sheet1');
const OUT = SHEET_HEADERS.length + outputHeaders(false).length;
const market = (i: number): JobResult =>
  fakeResult(
    jobSpec({ title: `Job ${i}`, company: `Company ${i % 7}`, scope: { state: 'MA', fte: 10 + (i % 5) } }),
  );

/** The fake service, with every result dated May 2025 (D20). */
const dated: SendBatch<JobResult> = async (items, signal) => {
  const out = await fakeService().send(items, signal);
  for (const [id, o] of out)
    if (o.ok) out.set(id, { ok: true, result: { ...o.result, DataEffectiveDate: '2025-05-01' } });
  return out;
};

async function pricedSheet(): Promise<void> {
  host = install({
    sheets: [{ name: 'Sheet1', rows: [SHEET_HEADERS, ...SURVEYS.map((s, i) => [...jobRow(i), ...s])] }],
    selection: { sheet: 'Sheet1', rect: rect(0, 0, SURVEYS.length, SHEET_HEADERS.length - 1) },
  });
  await priceSelection({ mode: 'price', send: dated, mappingFor, confirmOverwrite: async () => true });
}

const SETTINGS: CompositeSettings = {
  sources: [
    { header: 'Mercer P50', weight: 2, effectiveDate: '2025-01-01' },
    { header: 'Radford Base P50', weight: 1, effectiveDate: '2025-07-01' },
  ],
  jobPrice: { use: true, weight: 1 },
  agedTo: '2026-01-01',
  ratePercent: 3,
};

/** Aging factors to 2026-01-01 at 3 %: Mercer 12 months, Radford 6, JobPrice (May 2025) 8. */
const MERCER = 1.03;
const RADFORD = 1.03 ** 0.5;
const JOBPRICE = 1.03 ** (8 / 12);

describe('composite of surveys', () => {
  it('finds the survey columns by header: P25/P75 go with their P50; text and JobPrice columns are not surveys', async () => {
    await pricedSheet();
    const surveys = await findSurveys(mappingFor);
    expect(surveys.map((s) => [s.survey, s.header, s.p25 !== undefined, s.p75 !== undefined])).toEqual([
      ['Mercer', 'Mercer P50', true, true],
      ['Radford Base', 'Radford Base P50', false, false],
    ]);
  });

  it('ages every source to one date, weighs them, and re-weighs a row where a source is empty', async () => {
    await pricedSheet();
    const summary = await writeComposite({
      settings: SETTINGS,
      mappingFor,
      confirmOverwrite: async () => true,
    });
    expect(summary).toEqual({
      status: 'done',
      rows: 3,
      sources: ['Mercer', 'Radford Base', 'JobPrice (Salary)'],
      empty: 0,
    });
    const headers = [
      'Composite P25',
      'Composite P50',
      'Composite P75',
      'Composite Sources',
      'Composite As Of',
    ];
    headers.forEach((h, i) => expect(sheet()?.get(0, OUT + i)?.value).toBe(h));
    const row = (r: number) => headers.map((_, i) => sheet()?.get(r, OUT + i)?.value);

    const m0 = market(0);
    // Row 2: Mercer (weight 2), Radford (1) and JobPrice (1) for P50; P25 and P75 from Mercer and JobPrice.
    expect(row(1)).toEqual([
      Math.round((2 * 90_000 * MERCER + (m0.Salary25 as number) * JOBPRICE) / 3),
      Math.round((2 * 100_000 * MERCER + 104_000 * RADFORD + (m0.Salary50 as number) * JOBPRICE) / 4),
      Math.round((2 * 115_000 * MERCER + (m0.Salary75 as number) * JOBPRICE) / 3),
      3,
      '2026-01-01',
    ]);
    // Row 3: Radford's cell is empty, so Mercer and JobPrice share the weight, 2:1.
    const m1 = market(1);
    expect(row(2)[1]).toBe(Math.round((2 * 92_000 * MERCER + (m1.Salary50 as number) * JOBPRICE) / 3));
    expect(row(2)[3]).toBe(2);
    // Row 4: no survey at all, JobPrice alone.
    expect(row(3)[1]).toBe(Math.round((market(2).Salary50 as number) * JOBPRICE));
    expect(row(3)[3]).toBe(1);
    expect(sheet()?.get(1, OUT + 1)?.numberFormat).toBe('[$$-409]#,##0');
  });

  it('without JobPrice and a common date, averages the surveys as they are; a row with none stays empty', async () => {
    await pricedSheet();
    const summary = await writeComposite({
      settings: { ...SETTINGS, jobPrice: { use: false, weight: 1 }, agedTo: '' },
      mappingFor,
      confirmOverwrite: async () => true,
    });
    expect(summary.empty).toBe(1);
    expect(sheet()?.get(1, OUT + 1)?.value).toBe(Math.round((2 * 100_000 + 104_000) / 3));
    expect(sheet()?.get(3, OUT + 1)?.value ?? '').toBe('');
    expect(sheet()?.get(3, OUT + 3)?.value).toBe(0);
  });

  it('names a chosen survey column that is not there', async () => {
    await pricedSheet();
    await expect(
      writeComposite({
        settings: { ...SETTINGS, sources: [{ header: 'WTW P50', weight: 1, effectiveDate: '' }] },
        mappingFor,
        confirmOverwrite: async () => true,
      }),
    ).rejects.toThrow('No survey column headed "WTW P50" beside these rows.');
  });
});
