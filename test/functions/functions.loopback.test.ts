import { PATHS, RESULT_FIELDS } from '../../src/api/wire';
import { deadlineMessage } from '../../src/domain/coalescer';
import { jobSpec } from '../../src/domain/job';
import { MSG } from '../../src/domain/messages';
import { NOT_IN_SCOPE } from '../../src/functions/fields';
import { createJobPricer, NOT_SIGNED_IN } from '../../src/functions/pricer';
import { createRefresher, type SheetOps } from '../../src/functions/refresh';
import { functionsPricer, installFunctionsPricer } from '../../src/functions/runtime';
import { getSession } from '../../src/runtime/session';
import type { FormulaCell } from '../../src/excel/jobprice-cells';
import { fakeResult, specFaithfulService, startScriptedServer, type ScriptedServer } from '../support/scripted-server';
import { loadFunctionsHost, type FunctionsHost } from './support/functions-host';
import { FakeCustomFunctionError, MemoryOfficeStorage, shown } from './support/office-fakes';

/**
 * The JOBPRICE.* functions as Excel runs them (module loaded, functions associated by the metadata's
 * list, null for omitted arguments) against a real HTTP service on 127.0.0.1: the scripted loopback
 * server of test/support, which answers as the spec and decisions say. Calls are counted at the server.
 */

let server: ScriptedServer;
let host: FunctionsHost;

/** Requests before this index belong to earlier tests. */
let firstOfTest = 0;
const since = (path: string) => server.requests.slice(firstOfTest).filter((r) => r.path === path);
const batchCalls = (): number => since(PATHS.batch).length;
const singleCalls = (): number => since(PATHS.single).length;
const allCalls = (): number => batchCalls() + singleCalls();

/** What reopening the workbook does to the runtime: a new session and pricer, the same storage. */
function reopen(): void {
  installFunctionsPricer(undefined);
  delete (globalThis as Record<string, unknown>).__jobpriceSession;
}

async function signIn(): Promise<void> {
  const session = getSession();
  await session.ready();
  await session.updateSettings({ serviceUrl: server.url });
  await session.signInWithClientCredentials('test-client', 'test-secret', { remember: false });
}

beforeAll(async () => {
  server = await startScriptedServer();
  host = await loadFunctionsHost();
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  host.storage.map.clear();
  reopen();
  server.respondWith(specFaithfulService());
  await signIn();
  firstOfTest = server.requests.length;
});

describe('JOBPRICE.* over loopback: coalescing and values', () => {
  it('prices 1,000 cells over 250 distinct jobs with exactly 2 batch calls, each cell its own figure', async () => {
    const before = allCalls();
    const cells = Array.from({ length: 1000 }, (_, i) => host.cell('SALARY50', `Job title ${i % 250}`, null, 'USA', 'CA', 'San Jose'));
    const values = await Promise.all(cells);
    expect(batchCalls()).toBe(2);
    expect(allCalls() - before).toBe(2);
    for (const req of since(PATHS.batch)) expect((req.body as unknown[]).length).toBeLessThanOrEqual(200);
    values.forEach((v, i) => expect(v).toBe(fakeResult(jobSpec({ title: `Job title ${i % 250}` })).Salary50));
  });

  it('answers every field of one job from one sub-request (SALARY10…COMP90, text fields, FIELD, MATCH)', async () => {
    const args = ['Registered Nurse', '', 'USA', 'TX', 'Austin'] as const;
    const ids = ['SALARY10', 'SALARY25', 'SALARY50', 'SALARY75', 'SALARY90', 'COMP10', 'COMP50', 'COMP90', 'BONUSTARGET50', 'BONUSTARGETAVG', 'MATCHRATING', 'JOBFAMILY', 'JOBLEVEL', 'CURRENCY'];
    const results = await Promise.all([
      ...ids.map((id) => host.cell(id, ...args)),
      host.cell('FIELD', 'DataScope_Region', ...args),
      host.cell('MATCH', ...args),
    ]);
    expect(allCalls()).toBe(1);
    expect(singleCalls()).toBe(1); // a lone job goes to the single endpoint
    const expected = fakeResult(jobSpec({ title: 'Registered Nurse', scope: { country: 'USA', state: 'TX', city: 'Austin' } }));
    expect(results.slice(0, ids.length)).toEqual([
      expected.Salary10, expected.Salary25, expected.Salary50, expected.Salary75, expected.Salary90,
      expected.Comp10, expected.Comp50, expected.Comp90, expected.BonusTarget50, expected.BonusTargetAvg,
      expected.MatchRating, expected.JobFamilyName, expected.JobLevelName, expected.CurrencyCode,
    ]);
    expect(results[ids.length]).toBe('State TX');
    expect(results[ids.length + 1]).toEqual([RESULT_FIELDS.map((f) => (expected as Record<string, unknown>)[f] ?? '')]);
  });

  it('MATCH with header TRUE adds the field names above the values', async () => {
    const rows = (await host.cell('MATCH', 'Accountant', null, null, null, null, null, null, null, null, true)) as unknown[][];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual([...RESULT_FIELDS]);
    expect(rows[1]?.[RESULT_FIELDS.indexOf('Salary50')]).toBe(fakeResult(jobSpec({ title: 'Accountant' })).Salary50);
  });

  it('treats a ZIP typed as a number and a text FTE like the same job written as text', async () => {
    const a = await host.cell('SALARY50', 'Welder', null, null, null, null, 2134, null, '250');
    const b = await host.cell('SALARY50', 'Welder', '', '', '', '', '02134', '', 250);
    expect(a).toBe(b);
    expect(allCalls()).toBe(1);
    expect((server.requests.at(-1)?.body as { DataScope: { ZipCode: string; FTEValue: number } }).DataScope).toMatchObject({ ZipCode: '02134', FTEValue: 250 });
  });
});

describe('JOBPRICE.* cache: recalculation, reopening, TTL, refresh', () => {
  it('recalculating or copying the formula down calls nothing again', async () => {
    await host.cell('SALARY50', 'Data Scientist', null, 'USA', 'WA', 'Seattle');
    const after = allCalls();
    // Copied down with different letter case and spacing: same job (jobKey folds them).
    await Promise.all([
      host.cell('SALARY50', 'Data Scientist', null, 'USA', 'WA', 'Seattle'),
      host.cell('COMP75', ' data  scientist', null, 'usa', 'wa', 'seattle'),
    ]);
    expect(allCalls()).toBe(after);
  });

  it('reopening the workbook (new runtime, same storage) prices cached jobs with 0 calls, even before sign-in', async () => {
    const jobs = Array.from({ length: 30 }, (_, i) => `Analyst ${i}`);
    const first = await Promise.all(jobs.map((t) => host.cell('SALARY50', t, null, null, 'NY')));
    await functionsPricer().persist();
    reopen();
    const before = allCalls();
    const again = await Promise.all(jobs.map((t) => host.cell('SALARY50', t, null, null, 'NY')));
    expect(allCalls()).toBe(before);
    expect(again).toEqual(first);
  });

  it('asks again once the TTL from settings has passed (injected clock)', async () => {
    let t = Date.now();
    installFunctionsPricer(createJobPricer({ session: getSession(), storage: host.storage, now: () => t }));
    await host.cell('SALARY50', 'Plumber');
    t += 23 * 3_600_000;
    await host.cell('SALARY50', 'Plumber');
    expect(allCalls()).toBe(1);
    t += 1 * 3_600_000;
    await host.cell('SALARY50', 'Plumber');
    expect(allCalls()).toBe(2);
  });

  it('refreshSelection drops the selected jobs and recalculates them; refreshAll drops everything', async () => {
    // A two-cell sheet: B2 prices the title in A2, B3 the title in A3.
    const values = new Map<string, unknown>([
      ['Sheet1!A2', 'Electrician'],
      ['Sheet1!A3', 'Carpenter'],
    ]);
    const formulas: Record<string, FormulaCell> = {
      B2: { sheet: 'Sheet1', address: 'B2', formula: '=JOBPRICE.SALARY50(A2,,"USA","CA","San Jose")' },
      B3: { sheet: 'Sheet1', address: 'B3', formula: '=JOBPRICE.SALARY50(A3,,"USA","CA","San Jose")' },
    };
    const recalc = (cell: FormulaCell): Promise<unknown> =>
      host.cell('SALARY50', values.get(`Sheet1!${cell.address === 'B2' ? 'A2' : 'A3'}`), null, 'USA', 'CA', 'San Jose');
    let selection: FormulaCell[] = [];
    const sheet: SheetOps = {
      readJobPriceFormulasInSelection: async () => selection,
      readCellValues: async (refs) => new Map(refs.map((r) => [`${r.sheet}!${r.address}`, values.get(`${r.sheet}!${r.address}`)])),
      reenterFormulas: async (cells) => void (await Promise.all(cells.map(recalc))),
      recalculateAll: async () => void (await Promise.all(Object.values(formulas).map(recalc))),
    };
    const refresher = createRefresher({ sheet, pricer: functionsPricer });

    await Promise.all(Object.values(formulas).map(recalc));
    expect(allCalls()).toBe(1);
    await Promise.all(Object.values(formulas).map(recalc));
    expect(allCalls()).toBe(1);

    selection = [formulas.B2 as FormulaCell];
    await expect(refresher.refreshSelection()).resolves.toBe(1);
    expect(allCalls()).toBe(2);
    expect((server.requests.at(-1)?.body as { JobTitle: string }).JobTitle).toBe('Electrician');

    await expect(refresher.refreshAll()).resolves.toBe(2);
    expect(allCalls()).toBe(3); // both jobs again, in one batch
    expect(batchCalls()).toBe(2);
  });
});

describe('JOBPRICE.* errors', () => {
  it('validation errors are #VALUE! with the service\'s own words, and reach no service', async () => {
    const before = allCalls();
    await expect(shown(host.cell('SALARY50', 'Nurse', null, 'USA', null, 'San Jose'))).resolves.toEqual({ error: '#VALUE!', message: MSG.locationIncomplete });
    await expect(shown(host.cell('SALARY50', 'Nurse', null, null, null, null, null, null, 10, 1e6))).resolves.toEqual({ error: '#VALUE!', message: MSG.bothFteAndRevenue });
    await expect(shown(host.cell('SALARY50', '  '))).resolves.toEqual({ error: '#VALUE!', message: MSG.serviceFailed });
    await expect(shown(host.cell('SALARY50', 'Nurse', null, null, null, null, null, null, 'lots'))).resolves.toEqual({ error: '#VALUE!', message: 'fte must be a number; "lots" is not one.' });
    expect(allCalls()).toBe(before);
  });

  it('an unknown FIELD name is #VALUE! listing the valid names, before any call', async () => {
    const r = await shown(host.cell('FIELD', 'Salary55', 'Nurse'));
    expect(r).toMatchObject({ error: '#VALUE!' });
    expect((r as { message: string }).message).toContain('Valid names: Salary10, Salary25');
    expect(allCalls()).toBe(0);
  });

  it('a business refusal is #VALUE! with the service message, kept briefly (no second call)', async () => {
    const first = await shown(host.cell('SALARY50', 'no such job'));
    expect(first).toEqual({ error: '#VALUE!', message: MSG.noMatch });
    await shown(host.cell('COMP50', 'no such job'));
    expect(allCalls()).toBe(1);
  });

  it('a figure outside the data scope (D15: Comp omitted) is #N/A "Not included in your data scope", never a number', async () => {
    const base = specFaithfulService();
    server.respondWith(async (req, i) => {
      const reply = await base(req, i);
      const json = reply.json as { Code: number; Data: Record<string, unknown> };
      if (json?.Code === 1 && !Array.isArray(json.Data)) for (const k of Object.keys(json.Data)) if (k.startsWith('Comp')) delete json.Data[k];
      return reply;
    });
    await expect(shown(host.cell('COMP50', 'Chemist'))).resolves.toEqual({ error: '#N/A', message: NOT_IN_SCOPE });
    expect(typeof (await host.cell('SALARY50', 'Chemist'))).toBe('number');
    const row = ((await host.cell('MATCH', 'Chemist')) as unknown[][])[0] as unknown[];
    expect(row[RESULT_FIELDS.indexOf('Comp50')]).toEqual(new FakeCustomFunctionError('#N/A', NOT_IN_SCOPE));
    expect(allCalls()).toBe(1);
  });

  it('without sign-in: #N/A "Sign in to JobPrice in the task pane", no call', async () => {
    await getSession().signOut();
    await expect(shown(host.cell('SALARY50', 'Pilot'))).resolves.toEqual({ error: '#N/A', message: NOT_SIGNED_IN });
    expect(allCalls()).toBe(0);
  });

  it('401: #N/A telling the user to sign in again, and nothing cached', async () => {
    server.respondWith(() => ({ status: 401, headers: { 'WWW-Authenticate': 'Bearer' }, json: { Code: -1, Message: 'The access token is missing, invalid or expired.' } }));
    const r = await shown(host.cell('SALARY50', 'Pilot'));
    expect(r).toMatchObject({ error: '#N/A' });
    expect((r as { message: string }).message).toMatch(/sign in again/i);
    server.respondWith(specFaithfulService());
    expect(typeof (await host.cell('SALARY50', 'Pilot'))).toBe('number');
  });

  it('a batch that fails as a whole (5xx after retries) is #N/A with the reason for every cell', async () => {
    server.respondWith(() => ({ status: 503, json: { Code: -1, Message: 'Down for maintenance' } }));
    const results = await Promise.all(['A', 'B', 'C'].map((t) => shown(host.cell('SALARY50', `Batch fail ${t}`))));
    for (const r of results) {
      expect(r).toMatchObject({ error: '#N/A' });
      expect((r as { message: string }).message).toMatch(/internal problem \(503\)/);
    }
    expect(batchCalls()).toBe(4); // one batch, tried 4 times (D14 retries 5xx), never per cell
  });

  it('a network fault is #N/A with the reason', async () => {
    const dead = await startScriptedServer();
    const deadUrl = dead.url;
    await dead.close();
    await getSession().updateSettings({ serviceUrl: deadUrl });
    const r = await shown(host.cell('SALARY50', 'Baker'));
    expect(r).toMatchObject({ error: '#N/A' });
    expect((r as { message: string }).message).toMatch(/Could not reach the service/);
  });

  it('a hanging service: every cell settles by the deadline with #N/A', async () => {
    server.respondWith(() => ({ delayMs: 20_000, json: { Code: 1, Data: {} } }));
    installFunctionsPricer(createJobPricer({ session: getSession(), storage: new MemoryOfficeStorage(), deadlineMs: 1_500 }));
    const results = await Promise.all(['x', 'y'].map((t) => shown(host.cell('SALARY50', `Hang ${t}`))));
    for (const r of results) expect(r).toEqual({ error: '#N/A', message: deadlineMessage(1_500) });
  });
});
