import { RESULT_FIELDS } from '../../src/api/wire';
import type { FixtureJob } from '../sim-excel/fixtures';
import type { Cell } from '../sim-excel/model';

/**
 * What the end-to-end tests check on a priced sheet, whatever engine ran the pane: every visible row holds
 * exactly what the reference service answers for that row's job (asked directly, one job at a time), a
 * row the add-in refuses holds its own message and no figures, a hidden row is untouched.
 */

/** The simulated workbook's sheet as `window.__simExcel.dump(name)` returns it (test/sim-excel/browser.ts). */
export interface Dump {
  cells: Record<string, Cell>;
  stats: { syncs: number; maxRequestBytes: number };
  settings: Record<string, unknown>;
}

/** Where the pane writes its columns on the test sheet: right of the ten input columns A:J. */
export const FIRST_OUTPUT_COLUMN = 10;
export const OUTPUT_HEADERS = [
  ...RESULT_FIELDS,
  'JobPrice Status',
  'JobPrice Priced At',
  'JobPrice Aged To',
  'JobPrice Aging Rate',
];

/** The column (0-based) whose row-1 header is `name` in a sheet dump; NaN when there is none. */
export function headerColumn(dump: Dump, name: string): number {
  const key = Object.entries(dump.cells).find(([k, c]) => k.startsWith('0,') && c.value === name)?.[0];
  return Number(key?.split(',')[1] ?? NaN);
}

export type ServiceAnswer = { ok: true; data: Record<string, unknown> } | { ok: false; message: string };

/** What the service answers for one job, asked directly (the single-job operation, docs/api.md). */
export async function serviceAnswer(
  serviceUrl: string,
  token: string,
  job: { body: object },
): Promise<ServiceAnswer> {
  const res = await fetch(`${serviceUrl}/DaaS/jobpricing`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ JobDesc: '', CountryCode: '', ...job.body }),
  });
  const body = (await res.json()) as { Code: number; Data?: Record<string, unknown>; Message?: string };
  return body.Code === 1 && body.Data
    ? { ok: true, data: body.Data }
    : { ok: false, message: body.Message ?? '' };
}

/**
 * Checks every row of a freshly priced fixture sheet against the service's own answers (one request per
 * distinct job) and returns how many rows were priced and how many failed.
 */
export async function expectPricedAsServiceSays(
  dump: Dump,
  jobs: readonly FixtureJob[],
  opts: {
    hiddenRows: readonly number[];
    serviceUrl: string;
    token: string;
    /** The service's answers by job, kept between calls that check the same sheet (one per engine). */
    answers?: Map<string, ServiceAnswer>;
  },
): Promise<{ priced: number; failed: number }> {
  const at = (r: number, c: number): Cell | undefined => dump.cells[`${r},${c}`];
  const OUT = FIRST_OUTPUT_COLUMN;
  OUTPUT_HEADERS.forEach((h, i) => expect(at(0, OUT + i)?.value).toBe(h));
  const col = (h: string): number => OUT + OUTPUT_HEADERS.indexOf(h);

  const answers = opts.answers ?? new Map<string, ServiceAnswer>();
  let priced = 0;
  let failed = 0;
  for (const job of jobs) {
    const r = job.index + 1;
    const status = at(r, col('JobPrice Status'))?.value;
    if (opts.hiddenRows.includes(r)) {
      OUTPUT_HEADERS.forEach((_, i) =>
        expect({ row: r, cell: at(r, OUT + i) }).toEqual({ row: r, cell: undefined }),
      );
      continue;
    }
    if (job.localError !== null) {
      expect({ row: r, status }).toEqual({ row: r, status: job.localError });
      for (const f of RESULT_FIELDS) expect(at(r, col(f))?.value ?? '').toBe('');
      failed++;
      continue;
    }
    const key = JSON.stringify(job.body);
    let answer = answers.get(key);
    if (!answer) {
      answer = await serviceAnswer(opts.serviceUrl, opts.token, job);
      answers.set(key, answer);
    }
    if (!answer.ok) {
      expect({ row: r, status }).toEqual({ row: r, status: answer.message });
      for (const f of RESULT_FIELDS) expect(at(r, col(f))?.value ?? '').toBe('');
      failed++;
      continue;
    }
    expect({ row: r, status }).toEqual({ row: r, status: 'OK' });
    for (const f of RESULT_FIELDS) {
      const cell = at(r, col(f));
      expect({ row: r, field: f, value: cell?.value ?? '' }).toEqual({
        row: r,
        field: f,
        value: answer.data[f] ?? '',
      });
      const format = cell?.numberFormat;
      if (/^(Salary|Comp)/.test(f)) expect(format).toBe('[$$-409]#,##0');
      else if (f.startsWith('Bonus')) expect(format).toBe('0.0"%"');
      else expect(format).toBe('@');
    }
    expect(String(at(r, col('JobPrice Priced At'))?.value)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    priced++;
  }
  expect(priced).toBeGreaterThan(400);
  expect(failed).toBeGreaterThanOrEqual(10);
  return { priced, failed };
}

/** How many batch requests a run of these jobs takes: distinct jobs to send, 200 a request (docs/api.md). */
export function expectedRequests(jobs: readonly FixtureJob[], hiddenRows: readonly number[]): number {
  const visible = jobs.filter((j) => !hiddenRows.includes(j.index + 1));
  const uniqueToSend = new Set(
    visible.filter((j) => j.localError === null).map((j) => JSON.stringify(j.body)),
  ).size;
  return Math.ceil(uniqueToSend / 200);
}
