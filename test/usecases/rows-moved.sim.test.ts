import { detectMapping, positionalMapping } from '../../src/domain/column-mapping';
import { jobSpec } from '../../src/domain/job';
import { OUTPUT_HEADERS, STATUS_HEADER } from '../../src/excel/output-columns';
import { ROW_CHANGED_MESSAGE } from '../../src/excel/result-writer';
import { priceSelection } from '../../src/usecases/pricing-run';
import type { SimHost } from '../sim-excel/host';
import type { CellValue } from '../sim-excel/model';
import { fakeResult, fakeService, HEADERS, install, jobRow, rect } from '../excel/helpers';

/**
 * Rows that move (docs/decisions.md): results are written back by the row numbers read at the start. A user
 * who sorts the sheet while a long run is in flight must not get figures on the wrong job: every block
 * re-reads its rows' inputs before writing, and a row that changed gets ROW_CHANGED_MESSAGE and no figures.
 */

let host: SimHost;
afterEach(() => host?.uninstall());

const byHeaders = (block: { headerCells: CellValue[] | null; width: number }) =>
  block.headerCells ? detectMapping(block.headerCells.slice(0, block.width)) : positionalMapping(block.width);
const N = 600; // three requests of 200 distinct jobs
const OUT = HEADERS.length;
const col = (name: string) => OUT + OUTPUT_HEADERS.indexOf(name);

describe('rows that move during a run', () => {
  it('sorted mid-run: no row gets the figures of another job; moved rows say so and keep no figures', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: [HEADERS, ...Array.from({ length: N }, (_, i) => jobRow(i))] }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, N, 9) },
    });
    const sheet = host.workbook.sheet('Sheet1');
    // Once the first block is written, while the other requests are in flight, the user sorts the bottom
    // half (rows 301-600) by title, Z to A, whole rows moving.
    let sorted = false;
    const summary = await priceSelection({
      mode: 'price',
      send: fakeService({ delayMs: 20 }).send,
      mappingFor: byHeaders,
      confirmOverwrite: async () => true,
      onProgress: () => {
        if (sorted) return;
        sorted = true;
        sheet?.sortRows(301, N, (cells) => -Number(String(cells.get(0)?.value ?? '').replace('Job ', '')));
      },
    });

    let changed = 0;
    let ok = 0;
    for (let r = 1; r <= N; r++) {
      const status = sheet?.value(r, col(STATUS_HEADER));
      const title = String(sheet?.value(r, 0));
      const i = Number(title.replace('Job ', ''));
      if (status === ROW_CHANGED_MESSAGE) {
        changed++;
        expect({ r, salary: sheet?.value(r, col('Salary50')) }).toEqual({ r, salary: '' });
        continue;
      }
      if (status !== 'OK') continue;
      ok++;
      // Figures on a row are the figures of the job now on that row (the first block moved with its rows).
      const spec = jobSpec({ title, company: `Company ${i % 7}`, scope: { state: 'MA', fte: 10 + (i % 5) } });
      expect({ r, salary: sheet?.value(r, col('Salary50')) }).toEqual({
        r,
        salary: fakeResult(spec).Salary50,
      });
    }
    // Rows 1-300 kept their jobs and are priced; the sorted half is refused row by row.
    expect(ok).toBe(300);
    expect(changed).toBe(300);
    expect(summary.failed).toBe(changed);
    expect(summary.failures[0]?.message).toBe(ROW_CHANGED_MESSAGE);
  });

  it('a State, Company or FTE edited mid-run: that row is refused, not given the figures priced for its old inputs', async () => {
    // Guards the row check against covering the title column only: every mapped input counts.
    host = install({
      sheets: [{ name: 'Sheet1', rows: [HEADERS, ...Array.from({ length: N }, (_, i) => jobRow(i))] }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, N, 9) },
    });
    const sheet = host.workbook.sheet('Sheet1');
    // Sheet rows (0-based) of the last request (jobs 400-599), still to be written when the first
    // block lands; the titles stay as they were, only another input changes.
    const edits = new Map<number, [column: number, value: CellValue]>([
      [450, [4, 'NY']], // State
      [451, [4, 'CA']],
      [452, [2, 'Another Company']], // Company
      [453, [8, 99]], // FTE
    ]);
    let edited = false;
    const summary = await priceSelection({
      mode: 'price',
      send: fakeService({ delayMs: 20 }).send,
      mappingFor: byHeaders,
      confirmOverwrite: async () => true,
      onProgress: () => {
        if (edited) return;
        edited = true;
        for (const [r, [c, value]] of edits) sheet?.set(r, c, { value });
      },
    });

    for (const r of edits.keys()) {
      expect({
        r,
        status: sheet?.value(r, col(STATUS_HEADER)),
        salary: sheet?.value(r, col('Salary50')),
      }).toEqual({ r, status: ROW_CHANGED_MESSAGE, salary: '' });
    }
    expect(summary).toMatchObject({ priced: N - edits.size, failed: edits.size });
    expect(summary.failedRows).toEqual([...edits.keys()].map((r) => r + 1));
  });

  it('a run nobody touches writes every row (the check costs a read, not a refusal)', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: [HEADERS, ...Array.from({ length: 50 }, (_, i) => jobRow(i))] }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 50, 9) },
    });
    const summary = await priceSelection({
      mode: 'price',
      send: fakeService().send,
      mappingFor: byHeaders,
      confirmOverwrite: async () => true,
    });
    expect(summary).toMatchObject({ priced: 50, failed: 0 });
  });
});
