import { PATHS } from '../../src/api/wire';
import { isoDateToSerial } from '../../src/domain/serial-date';
import { functionsPricer, installFunctionsPricer } from '../../src/formulas/functions-pricer';
import { getSession, installSession } from '../../src/session/session';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server';
import { loadFunctionsHost, type FunctionsHost } from './support/functions-host';
import { shown } from './support/office-fakes';

/**
 * JOBPRICE.MARKETRATIO, MARKETPERCENTILE and COMPOSITE as Excel runs them, against the scripted loopback
 * service: the market functions are priced in the same batch calls as SALARY50 and never send the pay;
 * COMPOSITE makes no call at all and refuses what does not fit with a #VALUE! that says why.
 */

let server: ScriptedServer;
let host: FunctionsHost;
let firstOfTest = 0;
const calls = () =>
  server.requests.slice(firstOfTest).filter((r) => r.path === PATHS.batch || r.path === PATHS.single);

beforeAll(async () => {
  server = await startScriptedServer();
  host = await loadFunctionsHost();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await functionsPricer().persist();
  host.storage.map.clear();
  installFunctionsPricer(undefined);
  installSession(undefined);
  const session = getSession();
  await session.ready();
  await session.updateSettings({ serviceUrl: server.url });
  await session.signInWithClientCredentials('test-client', 'test-secret', { remember: false });
  firstOfTest = server.requests.length;
});

const JOB = ['Registered Nurse', '', 'USA', 'TX', 'Austin'] as const;
const PAY = 87_654.32;

describe('MARKETRATIO and MARKETPERCENTILE', () => {
  it('share one batch call with SALARY cells of the same jobs, and the pay never leaves the workbook', async () => {
    const other = ['Accountant', '', 'USA', 'CA'] as const;
    const cells = await Promise.all([
      host.cell('SALARY50', ...JOB),
      host.cell('MARKETRATIO', PAY, ...JOB),
      host.cell('MARKETPERCENTILE', PAY, ...JOB),
      host.cell('SALARY50', ...other),
      host.cell('MARKETRATIO', 55_555, ...other),
    ]);
    expect(calls().map((r) => r.path)).toEqual([PATHS.batch]);
    expect((calls()[0]?.body as unknown[]).length).toBe(2); // two distinct jobs, one sub-request each
    for (const r of calls()) {
      expect(r.rawBody).not.toContain('87654');
      expect(r.rawBody).not.toContain('55555');
    }
    expect(cells[1]).toBe(Math.round((PAY / (cells[0] as number)) * 100) / 100);
    expect(cells[4]).toBe(Math.round((55_555 / (cells[3] as number)) * 100) / 100);
  });

  it('a pay equal to a published percentile is that percentile; below P10 is "<10", above P90 ">90"', async () => {
    const [p10, p25, p90] = (await Promise.all(
      ['SALARY10', 'SALARY25', 'SALARY90'].map((id) => host.cell(id, ...JOB)),
    )) as number[];
    await expect(host.cell('MARKETPERCENTILE', p25, ...JOB)).resolves.toBe(25);
    await expect(host.cell('MARKETPERCENTILE', (p10 as number) - 1, ...JOB)).resolves.toBe('<10');
    await expect(
      host.cell('MARKETPERCENTILE', `$${((p90 as number) + 1).toLocaleString('en-US')}`, ...JOB),
    ).resolves.toBe('>90');
    expect(calls()).toHaveLength(1);
  });

  it('a pay that is not a number is #VALUE!, an empty one #N/A, and neither costs a call', async () => {
    await expect(shown(host.cell('MARKETRATIO', 'tbd', ...JOB))).resolves.toEqual({
      error: '#VALUE!',
      message: "Current pay 'tbd' is not a number.",
    });
    await expect(shown(host.cell('MARKETPERCENTILE', null, ...JOB))).resolves.toEqual({
      error: '#N/A',
      message: 'No current pay given.',
    });
    await expect(shown(host.cell('MARKETRATIO', 0, ...JOB))).resolves.toMatchObject({ error: '#VALUE!' });
    expect(calls()).toEqual([]);
  });
});

describe('COMPOSITE (computed in the workbook)', () => {
  const jan = isoDateToSerial('2025-01-01');
  it('ages each figure from its own date to one date and weighs them; an empty figure drops out', async () => {
    // 100,000 a year before 2026-01-01 at 3 % is 103,000; 110,000 half a year before is 110,000 × √1.03.
    const expected = (103_000 + 110_000 * Math.sqrt(1.03)) / 2;
    await expect(
      host.cell('COMPOSITE', [[100_000, 110_000]], [[1, 1]], [[jan, '2025-07-01']], '2026-01-01', 0.03),
    ).resolves.toBeCloseTo(expected, 6);
    // Left out: weights equal, the date the latest of the figures', the rate 3 %.
    await expect(
      host.cell('COMPOSITE', [[100_000, 110_000]], null, [[jan, '2025-07-01']]),
    ).resolves.toBeCloseTo((100_000 * Math.sqrt(1.03) + 110_000) / 2, 6);
    await expect(host.cell('COMPOSITE', [[100_000, '', 130_000]], [[2, 5, 1]])).resolves.toBeCloseTo(
      110_000,
      6,
    );
    expect(calls()).toEqual([]);
  });

  it.each([
    [[[1, 2]], [[1]], null, null, null, 'weights has 1 cell and values 2: give one for each value.'],
    [
      [[1, 2]],
      [[1, 1]],
      [['2025-01-01', 'soon']],
      null,
      null,
      "dates, cell 2: 'soon' is not a date (a date cell, or text as YYYY-MM-DD).",
    ],
    [[[1, 'n/a']], [[1, 1]], null, null, null, "values: cell 2 ('n/a') is not a number."],
    [
      [[1, 2]],
      [[1, 1]],
      [['2025-01-01', '2025-02-01']],
      '2026-01-01',
      3,
      'rate is a yearly fraction between -20% and 50% (3% is 0.03), not 3.',
    ],
    [[[1, 2]], [[1, 1]], null, '2026-01-01', null, 'agedTo needs the dates of the values to age them from.'],
  ])(
    'refuses %j / %j / %j / %j / %j with #VALUE! "%s"',
    async (values, weights, dates, agedTo, rate, message) => {
      await expect(shown(host.cell('COMPOSITE', values, weights, dates, agedTo, rate))).resolves.toEqual({
        error: '#VALUE!',
        message,
      });
    },
  );

  it('with every figure empty it is #N/A', async () => {
    await expect(shown(host.cell('COMPOSITE', [['', '']], [[1, 1]]))).resolves.toEqual({
      error: '#N/A',
      message: 'No source has a figure.',
    });
  });
});
