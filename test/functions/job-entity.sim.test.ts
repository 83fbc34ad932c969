import { JobMarketClient } from '../../src/api/client';
import { PATHS, type JobResult } from '../../src/api/wire';
import { jobSpec } from '../../src/domain/job';
import { functionsPricer, installFunctionsPricer } from '../../src/formulas/functions-pricer';
import { JOB_NEEDS_DATA_TYPES } from '../../src/functions/jobprice';
import { getSession, installSession } from '../../src/session/session';
import { SimCalculation } from '../sim-excel/calc';
import { installSimHost, type SimHost } from '../sim-excel/host';
import { loadFunctionsInto } from '../sim-excel/load-functions';
import type { CellValueJson } from '../sim-excel/model';
import { startPricingService, type PricingService } from './support/pricing-service';

import { geographyValue } from '../sim-excel/fixtures';

/**
 * JOBPRICE.JOB on the simulated Excel host: the functions registered from their functions.json, cells
 * calculated as Excel hands arguments over (Geography cells as their JSON, allowCustomDataForDataTypeAny),
 * the card kept as the cell's entity value, and `=D2.Salary50` / FIELDVALUE read from its properties as
 * Excel's dot syntax does. Figures are checked against the service's own answer for the same job.
 */

let service: PricingService;
let sim: SimHost;
let calc: SimCalculation;
let token: string | null;

const calls = (): number => service.calls(PATHS.single) + service.calls(PATHS.batch);

beforeAll(async () => {
  service = await startPricingService();
}, 120_000);
afterAll(async () => {
  await functionsPricer().persist();
  await service.close();
});

beforeEach(async () => {
  sim = installSimHost({
    sheets: [
      { name: 'Jobs', rows: [['Job Title', 'City', 'State', 'Card', 'Dot', 'Fieldvalue', 'Salary50']] },
    ],
  });
  const sheet = sim.workbook.sheet('Jobs');
  sheet?.putRows(1, 0, [['Software Developer']]);
  sheet?.setDataType(1, 1, geographyValue('Seattle'));
  sheet?.setDataType(1, 2, geographyValue('Washington'));
  await loadFunctionsInto(sim.workbook);
  calc = new SimCalculation(sim.workbook);
  installFunctionsPricer(undefined);
  installSession(undefined);
  const session = getSession();
  await session.ready();
  await session.updateSettings({ serviceUrl: service.url });
  await session.signInWithClientCredentials(service.clientId, service.clientSecret, { remember: false });
  token = session.getAccessToken();
}, 60_000);

afterEach(() => sim.uninstall());

async function direct(): Promise<JobResult> {
  const client = new JobMarketClient({ baseUrl: service.url, getAccessToken: () => token });
  const outcome = await client.matchJob(
    jobSpec({ title: 'Software Developer', scope: { country: 'USA', state: 'WA', city: 'Seattle' } }),
  );
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.result;
}

describe('JOBPRICE.JOB on the simulated host (CustomFunctionsRuntime 1.4, entity values)', () => {
  it('returns a card for the job, whose properties the dot syntax and FIELDVALUE read, priced in one call with SALARY50', async () => {
    const sheet = sim.workbook.sheet('Jobs');
    sheet?.set(1, 3, { value: 0, formula: '=JOBPRICE.JOB(A2,,"USA",C2,B2)' });
    sheet?.set(1, 4, { value: 0, formula: '=D2.Salary50' });
    sheet?.set(1, 5, { value: 0, formula: '=FIELDVALUE(D2,"matchedjobtitle")' });
    sheet?.set(1, 6, { value: 0, formula: '=JOBPRICE.SALARY50(A2,,"USA",C2,B2)' });
    sheet?.set(1, 7, { value: 0, formula: '=D2.NoSuchField' });
    const before = calls();
    await calc.calculateSheet('Jobs');
    // The Geography cells were the city and the state: one job, one call, shared by both functions.
    expect(calls() - before).toBe(1);

    const answer = await direct();
    const card = sheet?.get(1, 3);
    expect(card?.value).toBe('#VALUE!'); // Range.values of an entity cell
    expect(card?.json?.type).toBe('Entity');
    expect(card?.json?.text).toBe(answer.MatchedJobTitle ?? answer.JobFamilyName);
    const props = card?.json?.properties as Record<string, CellValueJson>;
    expect(props.Salary50).toMatchObject({
      type: 'FormattedNumber',
      basicValue: answer.Salary50,
      numberFormat: '[$$-409]#,##0',
    });
    expect(props.BonusTarget50).toMatchObject({ basicValue: answer.BonusTarget50, numberFormat: '0.0"%"' });
    expect(props.DataScope_City).toMatchObject({ basicValue: answer.DataScope_City });
    expect(props.JobTitle).toMatchObject({ basicValue: 'Software Developer' });
    expect(String(props.PricedAt?.basicValue)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    if (service.kind === 'reference') {
      expect((card?.json?.provider as { description: string }).description).toBe(
        'BLS OEWS and O*NET (JobPrice reference service)',
      );
      expect(answer.DataScope_City).toBe('Seattle');
    }

    expect(sheet?.get(1, 4)?.value).toBe(answer.Salary50);
    expect(sheet?.get(1, 6)?.value).toBe(answer.Salary50);
    expect(sheet?.get(1, 5)?.value).toBe(answer.MatchedJobTitle ?? '');
    expect(sheet?.get(1, 7)?.value).toBe('#FIELD!');
  }, 60_000);

  it('a second JOB cell for the same job is served from the cache, with the time it was first priced', async () => {
    const sheet = sim.workbook.sheet('Jobs');
    sheet?.set(1, 3, { value: 0, formula: '=JOBPRICE.JOB(A2,,"USA",C2,B2)' });
    await calc.calculateSheet('Jobs');
    const first = (sheet?.get(1, 3)?.json?.properties as Record<string, CellValueJson>).PricedAt?.basicValue;
    await new Promise((r) => setTimeout(r, 1100));
    sheet?.set(2, 3, { value: 0, formula: '=JOBPRICE.JOB(A2,,"USA","Washington","Seattle")' });
    const before = calls();
    await calc.calculateSheet('Jobs');
    expect(calls()).toBe(before);
    const second = (sheet?.get(2, 3)?.json?.properties as Record<string, CellValueJson>).PricedAt?.basicValue;
    expect(second).toBe(first);
  }, 60_000);

  it('where the runtime has no data types (perpetual Office), says so in the cell and asks nothing', async () => {
    sim.workbook.apiVersions.CustomFunctionsRuntime = '1.3';
    const sheet = sim.workbook.sheet('Jobs');
    sheet?.set(1, 3, { value: 0, formula: '=JOBPRICE.JOB(A2,,"USA","WA","Seattle")' });
    sheet?.set(1, 4, { value: 0, formula: '=JOBPRICE.JOB(A2,,"USA",C2,B2)' });
    const before = calls();
    await calc.calculateSheet('Jobs');
    expect(sheet?.get(1, 3)).toMatchObject({ value: '#N/A', errorMessage: JOB_NEEDS_DATA_TYPES });
    // There a Geography cell reaches no function at all: Excel passes its basic value, an error.
    expect(sheet?.get(1, 4)?.value).toBe('#VALUE!');
    expect(calls()).toBe(before);
  });
});
