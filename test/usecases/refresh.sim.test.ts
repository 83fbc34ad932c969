import { PATHS } from '../../src/api/wire';
import { jobSpec, type JobSpec } from '../../src/domain/job';
import { readJobPriceFormulasInSelection } from '../../src/excel/jobprice-cells';
import { refreshSelection } from '../../src/usecases/refresh';
import { functionsPricer, installFunctionsPricer } from '../../src/formulas/functions-pricer';
import { getSession, installSession } from '../../src/session/session';
import { installSimHost, type SimHost } from '../sim-excel/host';
import { startScriptedServer, TEST_TOKEN, type ScriptedServer } from '../support/scripted-server';

/**
 * "Refresh selection" through the real Excel module (src/excel/jobprice-cells.ts) on the simulated
 * Office.js host of test/sim-excel (load/sync semantics): which formulas it finds, which cells it reads,
 * what it re-enters, and which cached jobs it drops.
 */

let server: ScriptedServer;
let sim: SimHost;
let reentered: string[];

const SAN_JOSE = { country: 'USA', state: 'CA', city: 'San Jose' };
const job = (title: string): JobSpec => jobSpec({ title, scope: SAN_JOSE });
const calls = (): number => server.requestsTo(PATHS.single).length + server.requestsTo(PATHS.batch).length;

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  sim = installSimHost({
    sheets: [
      { name: 'Jobs', rows: [['Title', 'Salary', 'Comp'], ['Electrician'], ['Pharmacist'], ['Accountant']] },
      { name: 'Other sheet', rows: [['Pharmacist']] },
    ],
  });
  const sheet = sim.workbook.sheet('Jobs');
  const f = (r: number, c: number, formula: string): void => sheet?.set(r, c, { value: 1, formula });
  f(1, 1, '=JOBPRICE.SALARY50(A2,,"USA","CA","San Jose")');
  f(2, 1, `=JOBPRICE.SALARY50('Other sheet'!A1,,"USA","CA","San Jose")`);
  f(3, 1, '=JOBPRICE.SALARY50($A$4,,"USA","CA","San Jose")');
  f(1, 2, '=JOBPRICE.FIELD("Comp50", A2&" Senior")');
  reentered = [];
  sim.workbook.evaluateFormula = (formula) => {
    reentered.push(formula);
    return 1;
  };
  installFunctionsPricer(undefined);
  installSession(undefined);
  const session = getSession(); // on the simulated OfficeRuntime.storage
  await session.ready();
  await session.updateSettings({ serviceUrl: server.url });
  await session.setAccessToken(TEST_TOKEN, { remember: false });
  // The sheet was calculated once: all three jobs are cached.
  await Promise.all(['Electrician', 'Pharmacist', 'Accountant'].map((t) => functionsPricer().price(job(t))));
});

afterEach(() => sim.uninstall());

describe('refreshSelection on the simulated host', () => {
  it('finds only the JOBPRICE formulas in the used part of the selection', async () => {
    sim.workbook.selection = { sheet: 'Jobs', rect: { r0: 0, c0: 0, r1: 9999, c1: 9 } };
    const cells = await readJobPriceFormulasInSelection();
    expect(cells.map((c) => `${c.sheet}!${c.address}`).sort()).toEqual([
      'Jobs!B2',
      'Jobs!B3',
      'Jobs!B4',
      'Jobs!C2',
    ]);
  });

  it('drops the selected jobs (references on other sheets too), keeps the others, and re-enters the formulas', async () => {
    sim.workbook.selection = { sheet: 'Jobs', rect: { r0: 1, c0: 1, r1: 2, c1: 1 } }; // B2:B3
    const before = calls();
    await expect(refreshSelection()).resolves.toBe(2);
    expect(reentered).toEqual([
      '=JOBPRICE.SALARY50(A2,,"USA","CA","San Jose")',
      `=JOBPRICE.SALARY50('Other sheet'!A1,,"USA","CA","San Jose")`,
    ]);
    // Excel now recalculates B2 and B3: both go to the service again, Accountant (not selected) does not.
    await Promise.all(
      ['Electrician', 'Pharmacist', 'Accountant'].map((t) => functionsPricer().price(job(t))),
    );
    expect(calls() - before).toBe(1);
    const sent = (server.requests.at(-1)?.body as { JobTitle: string }[]).map((s) => s.JobTitle).sort();
    expect(sent).toEqual(['Electrician', 'Pharmacist']);
  });

  it('for a cell whose arguments are expressions, bypasses the cache while Excel recalculates', async () => {
    sim.workbook.selection = { sheet: 'Jobs', rect: { r0: 1, c0: 2, r1: 1, c1: 2 } }; // C2
    const before = calls();
    await expect(refreshSelection()).resolves.toBe(1);
    expect(reentered).toEqual(['=JOBPRICE.FIELD("Comp50", A2&" Senior")']);
    await functionsPricer().price(job('Accountant'));
    expect(calls() - before).toBe(1);
  });

  it('returns 0 and touches nothing when the selection holds no JOBPRICE formula', async () => {
    sim.workbook.selection = { sheet: 'Jobs', rect: { r0: 0, c0: 0, r1: 3, c1: 0 } };
    await expect(refreshSelection()).resolves.toBe(0);
    expect(reentered).toEqual([]);
  });

  it('drops the pinned job of a MATCH whose jobcode follows header, not the title matched without it', async () => {
    const pinned = jobSpec({ title: 'Electrician', scope: SAN_JOSE, jobCode: '47-2111.00' });
    await functionsPricer().price(pinned);
    sim.workbook
      .sheet('Jobs')
      ?.set(1, 3, { value: 1, formula: '=JOBPRICE.MATCH(A2,,"USA","CA","San Jose",,,,,TRUE,"47-2111.00")' });
    sim.workbook.selection = { sheet: 'Jobs', rect: { r0: 1, c0: 3, r1: 1, c1: 3 } }; // D2
    const before = calls();
    await expect(refreshSelection()).resolves.toBe(1);
    await Promise.all([functionsPricer().price(pinned), functionsPricer().price(job('Electrician'))]);
    expect(calls() - before).toBe(1);
    // One job goes by the single endpoint (an object), more by the batch one (an array).
    const sent = [server.requests.at(-1)?.body].flat() as { JobTitle: string; JobCode?: string }[];
    expect(sent.map((s) => [s.JobTitle, s.JobCode])).toEqual([['Electrician', '47-2111.00']]);
  });
});
