import type { JobResult } from '../../src/api/wire';
import { detectMapping } from '../../src/domain/column-mapping';
import { success, type JobOutcome } from '../../src/domain/outcome';
import type { SendBatch } from '../../src/domain/plan-runner';
import { OUTPUT_HEADERS, STATUS_HEADER } from '../../src/excel/output-columns';
import { priceSelection } from '../../src/usecases/pricing-run';
import { jobSpec } from '../../src/domain/job';
import { convertJobPriceFormulasToValues } from '../../src/excel/convert-to-values';
import { functionsPricer, installFunctionsPricer } from '../../src/formulas/functions-pricer';
import { jobEntity, REFERENCE_DATA } from '../../src/formulas/job-entity';
import { getSession, installSession } from '../../src/session/session';
import { refreshSelection } from '../../src/usecases/refresh';
import { fieldValueOf } from '../sim-excel/calc';
import { installSimHost, type SimHost } from '../sim-excel/host';
import type { CellValueJson } from '../sim-excel/model';
import { startScriptedServer, TEST_TOKEN, type ScriptedServer } from '../support/scripted-server';

import { geographyValue } from '../sim-excel/fixtures';

/**
 * Refresh and Convert to values with JOBPRICE.JOB cells and data-type argument cells, on the simulated
 * host: an entity cell reads "#VALUE!" through `values`, so both go through `valuesAsJson` (ExcelApi
 * 1.16) where it exists, and fall back safely where it does not.
 */

const RESULT: JobResult = {
  Salary50: 132000,
  CurrencyCode: 'USD',
  MatchRating: 'Confident',
  MatchedJobCode: '15-1252.00',
  MatchedJobTitle: 'Software Developers',
  DataEffectiveDate: '2025-05-01',
};
const card = jobEntity(RESULT, { title: 'Software Developer' }, Date.UTC(2026, 0, 5), REFERENCE_DATA);
const cardJson = { ...card, basicType: 'Error', basicValue: '#VALUE!' } as unknown as CellValueJson;

let sim: SimHost;
afterEach(() => sim?.uninstall());

describe('Convert to values with JOBPRICE.JOB cells', () => {
  const setup = (): NonNullable<ReturnType<SimHost['workbook']['sheet']>> => {
    sim = installSimHost({
      sheets: [{ name: 'Jobs' }],
      selection: { sheet: 'Jobs', rect: { r0: 0, c0: 0, r1: 2, c1: 1 } },
    });
    const sheet = sim.workbook.sheet('Jobs') as NonNullable<ReturnType<SimHost['workbook']['sheet']>>;
    sheet.set(0, 0, { value: '#VALUE!', formula: '=JOBPRICE.JOB(A5,,"USA","WA")', json: cardJson });
    sheet.set(0, 1, { value: 132000, formula: '=JOBPRICE.SALARY50(A5,,"USA","WA")' });
    // A JOB cell that failed: a real #VALUE! error, no card.
    sheet.set(1, 0, { value: '#VALUE!', formula: '=JOBPRICE.JOB("")', errorMessage: 'Enter a job title.' });
    return sheet;
  };

  it('keeps the card: the formula goes, the entity and its properties stay (dot access still reads them)', async () => {
    const sheet = setup();
    await expect(convertJobPriceFormulasToValues()).resolves.toEqual({ converted: 2, skipped: 1 });
    const frozen = sheet.get(0, 0);
    expect(frozen?.formula).toBeUndefined();
    expect(frozen?.value).toBe('#VALUE!');
    expect(frozen?.json?.type).toBe('Entity');
    expect(frozen?.json?.text).toBe('Software Developers');
    // The read-only basic value and type are Excel's own: not written back.
    expect(frozen?.json).not.toHaveProperty('basicValue');
    expect(fieldValueOf(frozen?.json, 'Salary50')).toBe(132000);
    expect(fieldValueOf(frozen?.json, 'matchedjobcode')).toBe('15-1252.00');
    expect(sheet.get(0, 1)).toEqual({ value: 132000 });
    expect(sheet.get(1, 0)?.formula).toBe('=JOBPRICE.JOB("")');
  });

  it('where valuesAsJson is missing (ExcelApi below 1.16), leaves JOB cells as formulas and counts them', async () => {
    const sheet = setup();
    sim.workbook.apiVersions.ExcelApi = '1.15';
    await expect(convertJobPriceFormulasToValues()).resolves.toEqual({ converted: 1, skipped: 2 });
    expect(sheet.get(0, 0)?.formula).toBe('=JOBPRICE.JOB(A5,,"USA","WA")');
    expect(sheet.get(0, 0)?.json).toBe(cardJson);
  });
});

describe('Refresh with data-type argument cells', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(async () => {
    await functionsPricer().persist();
    await server.close();
  });

  const seattle = jobSpec({
    title: 'Software Developer',
    scope: { country: 'USA', state: 'WA', city: 'Seattle' },
  });

  beforeEach(async () => {
    sim = installSimHost({
      sheets: [{ name: 'Jobs', rows: [['Title', 'City', 'State', 'Card'], ['Software Developer']] }],
      selection: { sheet: 'Jobs', rect: { r0: 1, c0: 3, r1: 1, c1: 3 } },
    });
    const sheet = sim.workbook.sheet('Jobs');
    sheet?.setDataType(1, 1, geographyValue('Seattle'));
    sheet?.setDataType(1, 2, geographyValue('Washington'));
    sheet?.set(1, 3, { value: '#VALUE!', formula: '=JOBPRICE.JOB(A2,,"USA",C2,B2)', json: cardJson });
    sim.workbook.evaluateFormula = () => '#VALUE!';
    installFunctionsPricer(undefined);
    installSession(undefined);
    const session = getSession();
    await session.ready();
    await session.updateSettings({ serviceUrl: server.url });
    await session.setAccessToken(TEST_TOKEN, { remember: false });
    await functionsPricer().price(seattle);
  });

  it('reads Geography cells through valuesAsJson and drops exactly the job they name', async () => {
    const before = server.requests.length;
    await expect(refreshSelection()).resolves.toBe(1);
    expect(functionsPricer().stats().cacheSize).toBe(0);
    await functionsPricer().price(seattle);
    expect(server.requests.length - before).toBe(1);
  });

  it('without valuesAsJson, a data-type cell cannot name its job: the cache is bypassed instead', async () => {
    sim.workbook.apiVersions.ExcelApi = '1.15';
    const before = server.requests.length;
    await expect(refreshSelection()).resolves.toBe(1);
    // The job is still held (nothing could be dropped by name), but the next call skips the cache.
    expect(functionsPricer().stats().cacheSize).toBe(1);
    await functionsPricer().price(seattle);
    expect(server.requests.length - before).toBe(1);
  });
});

describe('Price selected rows with data-type cells', () => {
  const specsSent: string[] = [];
  const send: SendBatch<JobResult> = async (items) => {
    const out = new Map<string, JobOutcome<JobResult>>();
    for (const { id, spec } of items) {
      specsSent.push(`${spec.title}|${spec.scope.city}|${spec.scope.state}`);
      out.set(id, success({ Salary50: 100_000, CurrencyCode: 'USD', MatchRating: 'Confident' }));
    }
    return out;
  };
  const setup = (): void => {
    sim = installSimHost({
      sheets: [
        {
          name: 'Jobs',
          rows: [['Job Title', 'City', 'State'], ['Registered Nurse'], ['Accountant', 'Austin', 'TX']],
        },
      ],
      selection: { sheet: 'Jobs', rect: { r0: 0, c0: 0, r1: 2, c1: 2 } },
    });
    sim.workbook.sheet('Jobs')?.setDataType(1, 1, geographyValue('Seattle'));
    sim.workbook.sheet('Jobs')?.setDataType(1, 2, geographyValue('Washington'));
    specsSent.length = 0;
  };
  const price = () =>
    priceSelection({
      mode: 'price',
      send,
      mappingFor: (b) => detectMapping((b.headerCells ?? []).slice(0, b.width)),
      confirmOverwrite: async () => true,
    });

  it('reads a Geography city and state by their text, and writes the row', async () => {
    setup();
    const summary = await price();
    expect(summary).toMatchObject({ priced: 2, failed: 0 });
    expect(specsSent.sort()).toEqual(['Accountant|Austin|TX', 'Registered Nurse|Seattle|WA']);
    // The Geography cells themselves are untouched, and the row was not taken for one that moved.
    expect(sim.workbook.sheet('Jobs')?.get(1, 1)?.json?.text).toBe('Seattle');
    expect(sim.workbook.sheet('Jobs')?.get(1, 3 + OUTPUT_HEADERS.indexOf(STATUS_HEADER))?.value).toBe('OK');
  });

  it('without valuesAsJson (ExcelApi below 1.16), says the cell shows #VALUE! as before', async () => {
    setup();
    sim.workbook.apiVersions.ExcelApi = '1.15';
    const summary = await price();
    expect(summary).toMatchObject({ priced: 1, failed: 1 });
    expect(summary.failures[0]?.message).toMatch(/#VALUE!/);
  });
});
