import { BONUS_FIELDS, COMP_FIELDS, SALARY_FIELDS } from '../../../src/api/wire';
import { BOTH_FTE_AND_REVENUE_PREFIX, MSG } from '../../../src/domain/messages';
import { startHarness, type Harness } from '../support/harness';
import { realEngine } from './real-service';

/**
 * Conformance of the reference service over loopback, real engine, real index: docs/api.md and the
 * decisions that concern the service. Assertions are about the contract (shapes, messages, ordering,
 * monotonicity), not about particular wage figures, so a data refresh does not break them.
 */

type Json = Record<string, unknown>;
type Envelope = { Code: number; Data?: Json & Json[]; Message?: string };

let h: Harness;
beforeAll(async () => {
  h = await startHarness(await realEngine());
}, 180_000);
afterAll(() => h?.close());

async function single(body: unknown): Promise<Envelope> {
  const res = await h.post('/DaaS/jobpricing', body);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return (await res.json()) as Envelope;
}
async function priced(job: Json): Promise<Json> {
  const env = await single(job);
  if (env.Code !== 1)
    throw new Error(`expected Code 1 for ${JSON.stringify(job)}, got ${JSON.stringify(env)}`);
  return env.Data as Json;
}
const failure = (message: string): Envelope => ({ Code: -1, Message: message });
const scope = (s: Json): Json => ({ JobTitle: 'Accountant', DataScope: s });

const TITLES = [
  'Software Engineer',
  'Registered Nurse',
  'Accountant',
  'Truck Driver',
  'Marketing Manager',
  'Electrician',
];

describe('/DaaS/jobpricing and D1/D2/D3: a priced job', () => {
  it('Code 1 with every result field, numbers with at most 4 decimals, no SubRequestID', async () => {
    const data = await priced({
      JobTitle: 'Software Engineer',
      JobDesc: '',
      CompanyName: '',
      DataScope: { State: 'CA', City: 'San Francisco' },
    });
    for (const f of [...SALARY_FIELDS, ...COMP_FIELDS, ...BONUS_FIELDS]) {
      expect(typeof data[f]).toBe('number');
      expect(Math.abs((data[f] as number) * 1e4 - Math.round((data[f] as number) * 1e4))).toBeLessThan(1e-6);
    }
    for (const f of [
      'MatchRating',
      'CurrencyCode',
      'JobFamilyName',
      'JobLevelName',
      'DataScope_IndustryCode',
      'DataScope_IndustryName',
      'DataScope_CountryCode',
      'DataScope_Region',
      'DataScope_State',
      'DataScope_City',
    ]) {
      expect(typeof data[f]).toBe('string');
    }
    expect(data).not.toHaveProperty('SubRequestID');
    expect(data).not.toHaveProperty('DataScope_FTERange');
    expect(data).not.toHaveProperty('DataScope_RevenueRange');
  });

  it.each(TITLES)(
    'D1: %s is annual USD, Comp >= Salary at each percentile, percentiles non-decreasing',
    async (title) => {
      for (const place of [{}, { State: 'TX' }, { ZipCode: '10001' }]) {
        const d = await priced({ JobTitle: title, DataScope: place });
        expect(d['CurrencyCode']).toBe('USD');
        const salary = SALARY_FIELDS.map((f) => d[f] as number);
        const comp = COMP_FIELDS.map((f) => d[f] as number);
        // Annual, not hourly or monthly: every US occupation's median lies well inside this band.
        expect(salary[2]).toBeGreaterThan(15_000);
        expect(salary[2]).toBeLessThan(500_000);
        for (let i = 0; i < 5; i++) expect(comp[i]).toBeGreaterThanOrEqual(salary[i] as number);
        for (let i = 1; i < 5; i++) {
          expect(salary[i]).toBeGreaterThanOrEqual(salary[i - 1] as number);
          expect(comp[i]).toBeGreaterThanOrEqual(comp[i - 1] as number);
        }
      }
    },
  );

  it('D2: bonus targets are percentages of base salary (0–100, not amounts)', async () => {
    for (const title of TITLES) {
      const d = await priced({ JobTitle: title });
      for (const f of BONUS_FIELDS) {
        expect(d[f]).toBeGreaterThanOrEqual(0);
        expect(d[f]).toBeLessThanOrEqual(100);
      }
    }
  });

  it('D3: MatchRating is Confident, Probable or Possible', async () => {
    for (const title of [...TITLES, 'Sr. Java Dev', 'Chief Happiness Officer', 'Nurse']) {
      const env = await single({ JobTitle: title });
      if (env.Code === 1)
        expect(['Confident', 'Probable', 'Possible']).toContain((env.Data as Json)['MatchRating']);
      else expect(env).toEqual(failure(MSG.noMatch));
    }
  });

  it('D3: a nonsense title → Code -1 No matching job found', async () => {
    expect(await single({ JobTitle: 'qwxz zzvq plorf' })).toEqual(failure(MSG.noMatch));
  });
});

describe('D4/D5: validation', () => {
  it('D4: a body that is not a JSON object', async () => {
    for (const body of [[], ['Accountant'], 'Accountant', 7, null])
      expect(await single(body)).toEqual(failure(MSG.serviceFailed));
  });

  it('D4: a missing or blank JobTitle', async () => {
    expect(await single({ JobDesc: 'Keeps the books' })).toEqual(failure(MSG.serviceFailed));
    expect(await single({ JobTitle: ' \t ' })).toEqual(failure(MSG.serviceFailed));
  });

  it('D4: a field of the wrong JSON type', async () => {
    for (const body of [
      { JobTitle: ['Accountant'] },
      { JobTitle: 'Accountant', JobDesc: 1 },
      { JobTitle: 'Accountant', DataScope: { FTEValue: '250' } },
      { JobTitle: 'Accountant', DataScope: { ZipCode: 10001 } },
      { JobTitle: 'Accountant', DataScope: 'CA' },
    ]) {
      expect(await single(body)).toEqual(failure(MSG.serviceFailed));
    }
  });

  it('D4: only JobTitle is required; missing text means "" and missing numbers 0', async () => {
    const d = await priced({ JobTitle: 'Accountant' });
    expect(d['DataScope_Region']).toBe('United States');
    expect(d['DataScope_CountryCode']).toBe('USA');
  });

  it('D5: FTEValue and Revenue both > 0 → the documented message; negative → D5 message', async () => {
    const both = await single(scope({ FTEValue: 250, Revenue: 25_000_000 }));
    expect(both).toEqual(failure(MSG.bothFteAndRevenue));
    expect(both.Message?.startsWith(BOTH_FTE_AND_REVENUE_PREFIX)).toBe(true);
    expect(await single(scope({ FTEValue: -5 }))).toEqual(failure(MSG.negativeFteOrRevenue));
    expect(await single(scope({ Revenue: -1 }))).toEqual(failure(MSG.negativeFteOrRevenue));
  });
});

describe('D6–D9: location', () => {
  it('D6: a blank CountryCode means USA; another country has no data', async () => {
    expect((await priced(scope({ CountryCode: '' })))['DataScope_CountryCode']).toBe('USA');
    expect((await priced(scope({ CountryCode: 'USA' })))['DataScope_CountryCode']).toBe('USA');
    expect(await single(scope({ CountryCode: 'CAN' }))).toEqual(failure(MSG.noDataForCountry('CAN')));
  });

  it('D7/D9: all of State, City, ZipCode blank → national data, Region "United States"', async () => {
    const d = await priced(scope({ State: '', City: '', ZipCode: '' }));
    expect(d).toMatchObject({ DataScope_Region: 'United States', DataScope_State: '', DataScope_City: '' });
  });

  it('D7/D9: a State alone → that state, Region is the state name', async () => {
    const d = await priced(scope({ State: 'CA' }));
    expect(d).toMatchObject({ DataScope_Region: 'California', DataScope_State: 'CA', DataScope_City: '' });
  });

  it('D7/D9: a State with a City in it → the metropolitan area', async () => {
    const d = await priced(scope({ State: 'CA', City: 'San Francisco' }));
    expect(d['DataScope_State']).toBe('CA');
    expect(d['DataScope_City']).toBe('San Francisco');
    expect(d['DataScope_Region']).toMatch(/San Francisco/);
    expect(d['DataScope_Region']).not.toBe('California');
  });

  it('D7/D9: a ZipCode alone fixes the area', async () => {
    const d = await priced(scope({ ZipCode: '10001' }));
    expect(d['DataScope_State']).toBe('NY');
    expect(d['DataScope_Region']).toMatch(/New York/);
  });

  it('D7: a ZipCode with State and City is complete', async () => {
    expect((await single(scope({ State: 'NY', City: 'New York', ZipCode: '10001' }))).Code).toBe(1);
  });

  it('D7: a City without State and ZipCode → Location request is incomplete', async () => {
    expect(await single(scope({ City: 'Austin' }))).toEqual(failure(MSG.locationIncomplete));
  });

  it('D8: a complete location naming no real place → Location could not be resolved: <what>', async () => {
    for (const s of [
      { State: 'ZZ' },
      { ZipCode: '00000' },
      { State: 'TX', City: 'Atlantis Under The Sea' },
      { ZipCode: 'ABCDE' },
    ]) {
      const env = await single(scope(s));
      expect(env.Code).toBe(-1);
      expect(env.Message).toMatch(/^Location could not be resolved: \S/);
    }
    expect(await single(scope({ State: 'ZZ' }))).toEqual(failure(MSG.locationUnresolved('state ZZ')));
  });

  it('D9: different places give different figures for the same job (the area is applied)', async () => {
    const sf = await priced({
      JobTitle: 'Registered Nurse',
      DataScope: { State: 'CA', City: 'San Francisco' },
    });
    const ms = await priced({ JobTitle: 'Registered Nurse', DataScope: { State: 'MS' } });
    expect(sf['Salary50']).not.toBe(ms['Salary50']);
  });
});

describe('D10/D11: industry and company size', () => {
  it('D10: no code → IndustryCode "" and All Industries', async () => {
    expect(await priced(scope({ NAICSCode: '' }))).toMatchObject({
      DataScope_IndustryCode: '',
      DataScope_IndustryName: 'All Industries',
    });
  });

  it('D10: the 2-digit prefix of whatever is sent ("5112" → 51)', async () => {
    const d = await priced(scope({ NAICSCode: '5112' }));
    expect(d['DataScope_IndustryCode']).toBe('51');
    expect(d['DataScope_IndustryName']).toBe('Information');
  });

  it('D10: the sector ranges 31-33, 44-45, 48-49 map to their sector', async () => {
    for (const [codes, sector] of [
      [['31', '32', '3361'], '31-33'],
      [['44', '45'], '44-45'],
      [['48', '49'], '48-49'],
    ] as const) {
      for (const naics of codes)
        expect((await priced(scope({ NAICSCode: naics })))['DataScope_IndustryCode']).toBe(sector);
    }
  });

  it('D10: an unknown sector → Industry code not recognized: <code>', async () => {
    expect(await single(scope({ NAICSCode: '99' }))).toEqual(failure(MSG.industryNotRecognized('99')));
    expect(await single(scope({ NAICSCode: 'ab' }))).toEqual(failure(MSG.industryNotRecognized('ab')));
  });

  it('D11: FTEValue → DataScope_FTERange "<low>-<high>" containing it, and no RevenueRange', async () => {
    const d = await priced(scope({ FTEValue: 250, Revenue: 0 }));
    const range = /^(\d+)-(\d+)$/.exec(d['DataScope_FTERange'] as string);
    expect(range).not.toBeNull();
    expect(Number(range?.[1])).toBeLessThanOrEqual(250);
    expect(Number(range?.[2])).toBeGreaterThanOrEqual(250);
    expect(d).not.toHaveProperty('DataScope_RevenueRange');
  });

  it('D11: Revenue → DataScope_RevenueRange in whole currency units, and no FTERange', async () => {
    const d = await priced(scope({ FTEValue: 0, Revenue: 25_000_000 }));
    const range = /^(\d+)-(\d+)$/.exec(d['DataScope_RevenueRange'] as string);
    expect(range).not.toBeNull();
    expect(Number(range?.[1])).toBeLessThanOrEqual(25_000_000);
    expect(Number(range?.[2])).toBeGreaterThanOrEqual(25_000_000);
    expect(d).not.toHaveProperty('DataScope_FTERange');
  });
});

describe('D12: batch', () => {
  async function batch(body: unknown): Promise<Envelope> {
    const res = await h.post('/DaaS/batchjobpricing', body);
    expect(res.status).toBe(200);
    return (await res.json()) as Envelope;
  }

  it('D12: a mixed batch → Code 1, one item per sub-request, matched by SubRequestID; items equal the single answers', async () => {
    const jobs: Json[] = [
      { SubRequestID: 'R2', JobTitle: 'Software Engineer', DataScope: { State: 'WA', City: 'Seattle' } },
      { SubRequestID: 'R3', JobTitle: 'Accountant', DataScope: { City: 'Austin' } },
      { JobTitle: 'Electrician' },
      { SubRequestID: 'R5', JobTitle: 'qwxz zzvq plorf' },
      { SubRequestID: 'R6', JobTitle: 'Registered Nurse', DataScope: { ZipCode: '00000' } },
      { SubRequestID: 'R7', JobTitle: 'Truck Driver', DataScope: { NAICSCode: '48', FTEValue: 600 } },
      { SubRequestID: 'R8', JobTitle: '' },
    ];
    const env = await batch(jobs);
    expect(env.Code).toBe(1);
    const data = env.Data as unknown as Json[];
    expect(data).toHaveLength(jobs.length);
    const byId = new Map(data.filter((d) => 'SubRequestID' in d).map((d) => [d['SubRequestID'], d]));
    expect(data.filter((d) => !('SubRequestID' in d))).toEqual([{ ErrorMessage: MSG.subRequestIdRequired }]);
    expect(byId.get('R3')).toEqual({ SubRequestID: 'R3', ErrorMessage: MSG.locationIncomplete });
    expect(byId.get('R5')).toEqual({ SubRequestID: 'R5', ErrorMessage: MSG.noMatch });
    expect(byId.get('R6')).toEqual({ SubRequestID: 'R6', ErrorMessage: MSG.locationUnresolved('ZIP 00000') });
    expect(byId.get('R8')).toEqual({ SubRequestID: 'R8', ErrorMessage: MSG.serviceFailed });
    for (const id of ['R2', 'R7']) {
      const item = byId.get(id) as Json;
      expect(Object.keys(item)[0]).toBe('SubRequestID');
      const { SubRequestID: _id, ...rest } = item;
      const job = jobs.find((j) => j['SubRequestID'] === id) as Json;
      const { SubRequestID: _sid, ...single1 } = job;
      expect(rest).toEqual(await priced(single1));
    }
  });

  it('duplicate SubRequestIDs → Code -1, one item per offending sub-request (every occurrence)', async () => {
    const env = await batch([
      { SubRequestID: 'A', JobTitle: 'Accountant' },
      { SubRequestID: 'B', JobTitle: 'Accountant' },
      { SubRequestID: 'A', JobTitle: 'Electrician' },
    ]);
    expect(env).toEqual({
      Code: -1,
      Data: [
        { SubRequestID: 'A', ErrorMessage: MSG.duplicateSubRequestId('A') },
        { SubRequestID: 'A', ErrorMessage: MSG.duplicateSubRequestId('A') },
      ],
    });
  });

  it('more than 200 → Code -1 with the limit message; exactly 200 are all answered', async () => {
    const make = (n: number): Json[] =>
      Array.from({ length: n }, (_, i) => ({
        SubRequestID: `R${i + 2}`,
        JobTitle: TITLES[i % TITLES.length],
      }));
    expect(await batch(make(201))).toEqual(failure(MSG.batchLimitExceeded));
    const env = await batch(make(200));
    expect(env.Code).toBe(1);
    const ids = (env.Data as unknown as Json[]).map((d) => d['SubRequestID']);
    expect(new Set(ids)).toEqual(new Set(make(200).map((j) => j['SubRequestID'])));
  });

  it('D12: an empty array → Code -1 with the D12 message; a non-array body → Get the service failed.', async () => {
    expect(await batch([])).toEqual(failure(MSG.batchEmpty));
    expect(await batch({ SubRequestID: 'A', JobTitle: 'Accountant' })).toEqual(failure(MSG.serviceFailed));
  });

  it('D12: a batch where every sub-request lacks SubRequestID still answers Code 1 with error items', async () => {
    expect(await batch([{ JobTitle: 'Accountant' }, { JobTitle: 'Nurse' }])).toEqual({
      Code: 1,
      Data: [{ ErrorMessage: MSG.subRequestIdRequired }, { ErrorMessage: MSG.subRequestIdRequired }],
    });
  });
});
