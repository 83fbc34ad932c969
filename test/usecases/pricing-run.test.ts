import { detectMapping, positionalMapping } from '../../src/domain/column-mapping';
import { MSG } from '../../src/domain/messages';
import { OUTPUT_HEADERS, PRICED_AT_HEADER, STATUS_HEADER } from '../../src/excel/output-columns';
import { RESULT_FIELDS } from '../../src/api/wire';
import { priceSelection, type PriceRunOptions } from '../../src/usecases/pricing-run';
import type { SimHost } from '../sim-excel/host';
import { FIVE_MB, type CellValue } from '../sim-excel/model';
import { fakeResult, fakeService, HEADERS, install, jobRow, rect } from '../excel/helpers';
import { jobSpec } from '../../src/domain/job';

let host: SimHost;
afterEach(() => host?.uninstall());

const byHeaders = (block: { headerCells: CellValue[] | null; width: number }) =>
  block.headerCells ? detectMapping(block.headerCells.slice(0, block.width)) : positionalMapping(block.width);

function options(over: Partial<PriceRunOptions> = {}): PriceRunOptions & { asked: number[] } {
  const asked: number[] = [];
  return {
    mode: 'price',
    send: fakeService().send,
    mappingFor: byHeaders,
    confirmOverwrite: async (n) => {
      asked.push(n);
      return true;
    },
    ...over,
    asked,
  };
}

const sheetRows = (n: number, f: (i: number) => CellValue[] = (i) => jobRow(i)): CellValue[][] => [
  HEADERS,
  ...Array.from({ length: n }, (_, i) => f(i)),
];
const cell = (r: number, c: number) => host.workbook.sheet('Sheet1')?.get(r, c);
const OUT = HEADERS.length; // first output column on a 10-column sheet
const col = (name: string) => OUT + OUTPUT_HEADERS.indexOf(name);

describe('price selection against the simulated host', () => {
  it('writes headers, figures, formats, statuses to the right of a plain range with a header row', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: sheetRows(5) }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 5, 9) },
    });
    const summary = await priceSelection(options());
    expect(summary).toMatchObject({
      status: 'done',
      rows: 5,
      priced: 5,
      failed: 0,
      requests: 1,
      uniqueJobs: 5,
    });
    OUTPUT_HEADERS.forEach((h, i) => expect(cell(0, OUT + i)?.value).toBe(h));
    const expected = fakeResult(
      jobSpec({ title: 'Job 2', company: 'Company 2', scope: { state: 'MA', fte: 12 } }),
    );
    expect(cell(3, col('Salary50'))).toEqual({ value: expected.Salary50, numberFormat: '[$$-409]#,##0' });
    expect(cell(3, col('Comp90'))?.numberFormat).toBe('[$$-409]#,##0');
    expect(cell(3, col('BonusTarget50'))).toEqual({ value: 7.5, numberFormat: '0.0"%"' });
    expect(cell(3, col('MatchRating'))).toEqual({ value: 'Confident', numberFormat: '@' });
    expect(cell(3, col(STATUS_HEADER))?.value).toBe('OK');
    expect(String(cell(3, col(PRICED_AT_HEADER))?.value)).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Every sync that wrote results ran with calculation suspended.
    expect(host.workbook.syncs.filter((s) => s.writes > 0 && s.ops > 2).every((s) => s.calcSuspended)).toBe(
      true,
    );
  });

  it('text columns are text before their values arrive: a data date stays "2025-05-01", not the serial 45778', async () => {
    // Guards the write order (number formats, then values): Excel reads "2025-05-01" written into a
    // General cell as a date, and formatting it as Text afterwards leaves the number.
    host = install({
      sheets: [{ name: 'Sheet1', rows: sheetRows(3) }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 3, 9) },
    });
    const service = fakeService();
    const send: PriceRunOptions['send'] = async (items, signal) => {
      const answers = await service.send(items, signal);
      for (const [id, outcome] of answers)
        if (outcome.ok)
          answers.set(id, { ok: true, result: { ...outcome.result, DataEffectiveDate: '2025-05-01' } });
      return answers;
    };
    await expect(priceSelection(options({ send }))).resolves.toMatchObject({ priced: 3, failed: 0 });
    for (const r of [1, 2, 3])
      expect(cell(r, col('DataEffectiveDate'))).toEqual({ value: '2025-05-01', numberFormat: '@' });
  });

  it('finds the header row one row above a selection of data rows only, and writes into existing output columns', async () => {
    const rows = sheetRows(4);
    rows[0] = [...HEADERS, 'Notes', STATUS_HEADER];
    host = install({
      sheets: [{ name: 'Sheet1', rows }],
      selection: { sheet: 'Sheet1', rect: rect(2, 0, 3, 9) },
    });
    await priceSelection(options());
    expect(cell(2, 11)?.value).toBe('OK'); // our existing status column (L)
    expect(cell(2, 10)).toBeUndefined(); // "Notes" untouched
    expect(cell(0, 12)?.value).toBe('Salary10'); // new columns after the last header
    expect(cell(1, 11)).toBeUndefined(); // row outside the selection untouched
  });

  it('counts a single non-empty target cell of a one-row selection (no special-cells search on one cell)', async () => {
    const rows = sheetRows(2);
    rows[0] = [...HEADERS, 'Notes', STATUS_HEADER];
    rows[2] = [...(rows[2] as CellValue[]), '', 'old status'];
    host = install({
      sheets: [{ name: 'Sheet1', rows }],
      selection: { sheet: 'Sheet1', rect: rect(2, 0, 2, 9) },
    });
    const opts = options();
    await priceSelection(opts);
    expect(opts.asked).toEqual([1]);
    expect(cell(2, 11)?.value).toBe('OK');
  });

  it('prices the rows of a table and adds the output columns to the table', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: [[], ...sheetRows(6).map((r) => ['', ...r])] }],
      tables: [{ name: 'Jobs', sheet: 'Sheet1', rect: rect(1, 1, 7, 10) }],
      selection: { sheet: 'Sheet1', rect: rect(3, 2, 4, 2) }, // two cells of one column, inside the table
    });
    const summary = await priceSelection(options());
    expect(summary.priced).toBe(2);
    const table = host.workbook.tables[0];
    expect(table?.rect.c1).toBe(10 + OUTPUT_HEADERS.length);
    expect(cell(1, 11)?.value).toBe('Salary10');
    expect(cell(3, 11 + OUTPUT_HEADERS.indexOf(STATUS_HEADER))?.value).toBe('OK');
    expect(cell(2, 11)).toBeUndefined(); // the row above the selection is not priced
  });

  it('skips hidden (filtered) rows, counts them, and leaves them untouched', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: sheetRows(6), hiddenRows: [2, 3] }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 6, 9) },
    });
    const summary = await priceSelection(options());
    expect(summary).toMatchObject({ rows: 4, priced: 4, skippedHidden: 2 });
    expect(cell(2, col(STATUS_HEADER))).toBeUndefined();
    expect(cell(4, col(STATUS_HEADER))?.value).toBe('OK');
  });

  it('with no header anywhere, uses the mapping it is given and writes no headers', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: [jobRow(1), jobRow(2)] }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 1, 9) },
    });
    const summary = await priceSelection(options());
    expect(summary.priced).toBe(2);
    expect(cell(0, OUT)?.value).toBe(
      0.7 *
        (fakeResult(jobSpec({ title: 'Job 1', company: 'Company 1', scope: { state: 'MA', fte: 11 } }))
          .Salary50 as number),
    );
  });

  it('asks before overwriting non-empty cells, and changes nothing when the answer is no', async () => {
    const rows = sheetRows(3);
    rows[2] = [...(rows[2] as CellValue[]), 'keep me'];
    host = install({
      sheets: [{ name: 'Sheet1', rows }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 3, 9) },
    });
    const opts = options({ confirmOverwrite: async () => false });
    const summary = await priceSelection(opts);
    expect(summary.status).toBe('declined');
    expect(cell(2, OUT)?.value).toBe('keep me');
    expect(cell(0, OUT)).toBeUndefined();
    const yes = options();
    await priceSelection(yes);
    expect(yes.asked).toEqual([1]);
    expect(typeof cell(2, OUT)?.value).toBe('number');
  });

  it('re-price overwrites our own columns without asking, and a failed row keeps no stale figures', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: sheetRows(3) }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 3, 9) },
    });
    await priceSelection(options());
    expect(typeof cell(2, col('Salary50'))?.value).toBe('number');
    host.workbook.sheet('Sheet1')?.putRows(2, 0, [['nonsense title']]);
    const again = options({ mode: 'reprice' });
    const summary = await priceSelection(again);
    expect(again.asked).toEqual([]);
    expect(summary).toMatchObject({ priced: 2, failed: 1 });
    for (const f of RESULT_FIELDS) expect(cell(2, col(f))?.value ?? '').toBe('');
    expect(cell(2, col(STATUS_HEADER))?.value).toBe('No matching job found');
    expect(cell(2, col(PRICED_AT_HEADER))?.value ?? '').toBe('');
  });

  it('writes local failures with their message (blank title, city without state, both FTE and revenue)', async () => {
    const rows = sheetRows(4, (i) =>
      i === 0
        ? jobRow(i, { 0: '', 2: 'x' })
        : i === 1
          ? jobRow(i, { 4: '', 5: 'Boston' })
          : i === 2
            ? jobRow(i, { 9: 5_000_000 })
            : jobRow(i),
    );
    host = install({
      sheets: [{ name: 'Sheet1', rows }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 4, 9) },
    });
    const summary = await priceSelection(options());
    expect(summary).toMatchObject({ priced: 1, failed: 3, requests: 1 });
    expect(cell(1, col(STATUS_HEADER))?.value).toBe('JobTitle is required.');
    expect(cell(2, col(STATUS_HEADER))?.value).toBe(MSG.locationIncomplete);
    expect(cell(3, col(STATUS_HEADER))?.value).toBe(MSG.bothFteAndRevenue);
  });

  it('cancel: no new requests, written rows kept, the rest marked Cancelled without figures', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: sheetRows(1000) }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 1000, 9) },
    });
    const controller = new AbortController();
    // Deterministic under load: calls after the first wait until the first block is written and the user
    // has pressed Cancel, so no timing decides how many calls went out.
    const service = fakeService();
    let sent = 0;
    let sentAfterCancel = 0;
    let release = (): void => undefined;
    const firstWritten = new Promise<void>((resolve) => (release = resolve));
    const summary = await priceSelection(
      options({
        send: async (items, signal) => {
          sent++;
          if (controller.signal.aborted) sentAfterCancel++;
          if (sent > 1) await firstWritten;
          return service.send(items, signal);
        },
        signal: controller.signal,
        onProgress: (p) => {
          if (p.requestsDone < 1) return;
          controller.abort();
          release();
        },
      }),
    );
    expect(summary.status).toBe('cancelled');
    // Those already started (concurrency 2) when Cancel was pressed; none after it.
    expect(sentAfterCancel).toBe(0);
    expect(sent).toBeLessThan(5);
    expect(summary.priced + summary.cancelled).toBe(1000);
    expect(summary.cancelled).toBeGreaterThan(0);
    let ok = 0;
    let cancelled = 0;
    for (let r = 1; r <= 1000; r++) {
      const status = cell(r, col(STATUS_HEADER))?.value;
      if (status === 'OK') ok++;
      else {
        expect(status).toBe('Cancelled');
        expect(cell(r, col('Salary50'))?.value ?? '').toBe('');
        cancelled++;
      }
    }
    expect([ok, cancelled]).toEqual([summary.priced, summary.cancelled]);
  });

  it('a write refused by Excel mid-run leaves no row half-written: rows are OK with figures, or say they were not written', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: sheetRows(1000) }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 1000, 9) },
    });
    // Reads (2 + 1), overwrite check, new columns: syncs 1-5; then a guard read and a write per block (rows
    // that move, docs/decisions.md): 6-7 for the first block, 8-9 for the second. Fail the 2nd result write.
    host.workbook.failingSyncs.add(9);
    await expect(priceSelection(options())).rejects.toMatchObject({ code: 'GeneralException' });
    let ok = 0;
    let notWritten = 0;
    for (let r = 1; r <= 1000; r++) {
      const status = String(cell(r, col(STATUS_HEADER))?.value ?? '');
      const figure = cell(r, col('Salary50'))?.value ?? '';
      if (status === 'OK') {
        expect(typeof figure).toBe('number');
        ok++;
      } else {
        expect({ r, status }).toEqual({ r, status: expect.stringMatching(/^Not written: /) });
        expect(figure).toBe('');
        notWritten++;
      }
    }
    expect(ok).toBeGreaterThan(0);
    expect(notWritten).toBeGreaterThan(0);
  });

  it('prices identical jobs once (duplicates merged) and sends ≤ 200 per call', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: sheetRows(450, (i) => jobRow(i % 150)) }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 450, 9) },
    });
    const service = fakeService();
    const summary = await priceSelection(options({ send: service.send }));
    expect(summary).toMatchObject({ priced: 450, uniqueJobs: 150, duplicatesMerged: 300, requests: 1 });
    expect(cell(301, col('Salary50'))?.value).toBe(cell(1, col('Salary50'))?.value);
  });
});

describe('Excel efficiency with 10,000 rows', () => {
  /**
   * The stated bound, for n rows and R requests (R ≤ ceil(n/200)):
   *   reads 2 + ceil(n/2000), overwrite check 1, new columns 1,
   *   writes ≤ (R + 2 callbacks: local failures, one per request, leftovers) + ceil(n/1000)
   * so syncs ≤ 6 + R + ceil(n/2000) + ceil(n/1000) ≤ 8 + 2·ceil(n/200).
   */
  // Each write chunk re-reads its rows' inputs first (rows that move): two syncs per chunk.
  const exactBound = (n: number, requests: number) =>
    6 + 2 * (requests + Math.ceil(n / 1000)) + Math.ceil(n / 2000);
  const syncBound = (n: number) => 8 + 3 * Math.ceil(n / 200);

  it('stays within the sync bound, calls ceil(unique/200) times, and never sends 5 MB in one sync', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: sheetRows(10_000) }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 10_000, 9) },
    });
    const service = fakeService();
    const summary = await priceSelection(options({ send: service.send }));
    expect(summary.priced).toBe(10_000);
    expect(summary.requests).toBe(Math.ceil(10_000 / 200));
    expect(service.calls.every((c) => c.ids.length <= 200)).toBe(true);
    const stats = host.workbook.stats();
    expect(stats.syncs).toBeLessThanOrEqual(exactBound(10_000, summary.requests));
    expect(stats.syncs).toBeLessThanOrEqual(syncBound(10_000));
    expect(stats.maxRequestBytes).toBeLessThan(FIVE_MB);
  });

  it('keeps the bound with many repeats (one request resolving thousands of rows) and with 200 rows', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: sheetRows(5000, (i) => jobRow(i % 3)) }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 5000, 9) },
    });
    const repeats = await priceSelection(options());
    expect(repeats).toMatchObject({ requests: 1, uniqueJobs: 3, priced: 5000 });
    expect(host.workbook.stats().syncs).toBeLessThanOrEqual(exactBound(5000, 1));
    host.uninstall();
    host = install({
      sheets: [{ name: 'Sheet1', rows: sheetRows(200) }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 200, 9) },
    });
    const small = await priceSelection(options());
    expect(small.priced).toBe(200);
    expect(host.workbook.stats().syncs).toBeLessThanOrEqual(syncBound(200));
  });

  it('splits writes by bytes: 10,000 rows with long texts stay under 5 MB per sync', async () => {
    const longText = 'Lorem ipsum dolor sit amet, '.repeat(40);
    host = install({
      sheets: [{ name: 'Sheet1', rows: sheetRows(10_000, (i) => jobRow(i % 40, { 1: `${longText} ${i}` })) }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 10_000, 9) },
    });
    // The service echoes a long family name, making each written row large.
    const base = fakeService();
    const send: PriceRunOptions['send'] = async (items, signal) => {
      const out = await base.send(items, signal);
      for (const [id, o] of out)
        if (o.ok) out.set(id, { ok: true, result: { ...o.result, JobFamilyName: longText.repeat(2) } });
      return out;
    };
    const summary = await priceSelection(options({ send }));
    expect(summary.priced).toBe(10_000);
    const stats = host.workbook.stats();
    expect(stats.maxRequestBytes).toBeLessThan(FIVE_MB);
    expect(stats.maxResponseBytes).toBeLessThan(FIVE_MB);
    expect(summary.writeSyncs).toBeGreaterThan(Math.ceil(10_000 / 1000)); // the byte budget, not the row cap, split these
  });
});
