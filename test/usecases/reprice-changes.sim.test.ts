import { detectMapping } from '../../src/domain/column-mapping';
import { success, type JobOutcome } from '../../src/domain/outcome';
import type { SendBatch } from '../../src/domain/plan-runner';
import type { JobResult } from '../../src/api/wire';
import { OUTPUT_HEADERS } from '../../src/excel/output-columns';
import { priceSelection, type PriceRunOptions } from '../../src/usecases/pricing-run';
import type { SimHost } from '../sim-excel/host';
import type { CellValue } from '../sim-excel/model';
import { fakeResult, HEADERS, install, jobRow, rect } from '../excel/helpers';

/**
 * "Refresh says what changed": a re-price of rows priced before lists the rows whose Salary50 moved by
 * more than 5 %, old → new, with the reasons the rows show, read from the sheet before the new figures
 * are written (in the sync that already checks the rows, so no extra round trip).
 */

let host: SimHost;
afterEach(() => host?.uninstall());

/** The service as it answers this time: the fake's figures, changed for some titles. */
function service(change: (title: string, r: JobResult) => JobResult): SendBatch<JobResult> {
  return async (items) => {
    const out = new Map<string, JobOutcome<JobResult>>();
    for (const { id, spec } of items) {
      const base: JobResult = {
        ...fakeResult(spec),
        MatchedJobCode: '15-1252.00',
        MatchedJobTitle: 'Software Developers',
        DataEffectiveDate: '2024-05-01',
      };
      out.set(id, success(change(spec.title, base)));
    }
    return out;
  };
}

function run(
  mode: 'price' | 'reprice',
  send: SendBatch<JobResult>,
  asked: number[] = [],
): ReturnType<typeof priceSelection> {
  const opts: PriceRunOptions = {
    mode,
    send,
    mappingFor: (b) => detectMapping((b.headerCells ?? []).slice(0, b.width)),
    confirmOverwrite: async (n) => {
      asked.push(n);
      return true;
    },
  };
  return priceSelection(opts);
}

const rows = (n: number): CellValue[][] => [HEADERS, ...Array.from({ length: n }, (_, i) => jobRow(i))];

describe('the change list after a re-price', () => {
  it('lists the rows whose Salary50 moved more than 5 %, old → new, and why', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: rows(6) }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 6, 9) },
    });
    const first = await run(
      'price',
      service((_, r) => r),
    );
    expect(first.changes).toEqual([]); // nothing was priced before
    const before = (title: string): number =>
      host.workbook
        .sheet('Sheet1')
        ?.get(1 + Number(title.split(' ')[1]), HEADERS.length + OUTPUT_HEADERS.indexOf('Salary50'))
        ?.value as number;
    const old = {
      'Job 0': before('Job 0'),
      'Job 2': before('Job 2'),
      'Job 3': before('Job 3'),
      'Job 5': before('Job 5'),
    };

    const second = await run(
      'reprice',
      service((title, r) => {
        const s50 = r.Salary50 as number;
        if (title === 'Job 0') return { ...r, Salary50: Math.round(s50 * 1.2), MatchedJobCode: '15-1254.00' };
        if (title === 'Job 2')
          return { ...r, Salary50: Math.round(s50 * 0.9), DataEffectiveDate: '2025-05-01' };
        if (title === 'Job 3') return { ...r, Salary50: Math.round(s50 * 1.04) }; // under 5 %: not listed
        if (title === 'Job 5')
          return { ...r, Salary50: Math.round(s50 * 1.5), DataScope_Region: 'Boston, MA' };
        return r;
      }),
    );
    expect(second.changes.map((c) => c.row)).toEqual([2, 4, 7]);
    expect(second.changes[0]).toMatchObject({
      row: 2,
      before: old['Job 0'],
      after: Math.round(old['Job 0'] * 1.2),
      percent: 20,
      reasons: [{ kind: 'match', from: '15-1252.00', to: '15-1254.00' }],
    });
    expect(second.changes[1]?.reasons).toEqual([{ kind: 'date', from: '2024-05-01', to: '2025-05-01' }]);
    expect(second.changes[2]?.reasons).toEqual([
      { kind: 'scope', name: 'DataScope_Region', from: 'United States', to: 'Boston, MA' },
    ]);
    expect(old['Job 3']).toBeGreaterThan(0);
  });

  it('reads the old rows in the sync that checks them: a re-price costs no extra sync for it', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: rows(40) }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 40, 9) },
    });
    await run(
      'price',
      service((_, r) => r),
    );
    const again = await run(
      'reprice',
      service((_, r) => r),
    );
    expect(again.changes).toEqual([]);
    // One request, one write chunk: one sync to re-read the rows (inputs and old figures), one to write.
    expect(again.requests).toBe(1);
    expect(again.writeSyncs).toBe(2);
  });
});
