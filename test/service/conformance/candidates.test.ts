import { FULL_CLIENT, startHarness, type Harness, type TestClient } from '../support/harness';
import { realEngine } from './real-service';

/**
 * Conformance of D17 (the benchmark priced), D18 (candidate lists), D19 (pinned codes) and D21 (text
 * limits) over loopback, real engine and real index, each rule in single and batch form. Expected
 * messages are spelled out here, independently of src/domain/messages.ts. Benchmark codes and titles are
 * O*NET-SOC 2019 facts (Registered Nurses 29-1141.00, Software Developers 15-1252.00), not the build's output.
 */

type Json = Record<string, unknown>;
type Envelope = { Code: number; Data?: unknown; Message?: string };

const CANADA_ONLY: TestClient = {
  id: 'canada-only',
  secret: 'canada-only-secret-0123456789',
  scope: { countries: ['CAN'], finestGeography: 'metro', industries: 'all', includeCompAndBonus: true },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness(await realEngine(), [FULL_CLIENT, CANADA_ONLY]);
}, 180_000);
afterAll(() => h?.close());

async function call(path: string, body: unknown, client: TestClient = FULL_CLIENT): Promise<Envelope> {
  const res = await h.post(path, body, { token: await h.token(client) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return (await res.json()) as Envelope;
}
const price = (body: unknown): Promise<Envelope> => call('/DaaS/jobpricing', body);
const priceBatch = (body: unknown): Promise<Envelope> => call('/DaaS/batchjobpricing', body);
const match = (body: unknown, client?: TestClient): Promise<Envelope> => call('/DaaS/jobmatch', body, client);
const matchBatch = (body: unknown): Promise<Envelope> => call('/DaaS/batchjobmatch', body);

async function priced(job: Json): Promise<Json> {
  const env = await price(job);
  if (env.Code !== 1)
    throw new Error(`expected Code 1 for ${JSON.stringify(job)}, got ${JSON.stringify(env)}`);
  return env.Data as Json;
}
async function candidates(job: Json): Promise<Json[]> {
  const env = await match(job);
  if (env.Code !== 1)
    throw new Error(`expected Code 1 for ${JSON.stringify(job)}, got ${JSON.stringify(env)}`);
  expect(Object.keys(env.Data as Json)).toEqual(['Candidates']);
  return (env.Data as { Candidates: Json[] }).Candidates;
}
const failure = (message: string): Envelope => ({ Code: -1, Message: message });
const byId = (env: Envelope): Map<unknown, Json> =>
  new Map((env.Data as Json[]).map((d) => [d['SubRequestID'], d]));

const O_NET_SOC = /^\d\d-\d{4}\.\d\d$/;
const TITLES = ['Registered Nurse', 'Software Engineer', 'Accountant', 'Truck Driver', 'Marketing Manager'];

describe('D17: every result names the benchmark priced', () => {
  it('D17: MatchedJobCode is the O*NET-SOC code and MatchedJobTitle its title', async () => {
    expect(await priced({ JobTitle: 'Registered Nurse' })).toMatchObject({
      MatchedJobCode: '29-1141.00',
      MatchedJobTitle: 'Registered Nurses',
    });
    expect(await priced({ JobTitle: 'Software Engineer', DataScope: { State: 'WA' } })).toMatchObject({
      MatchedJobCode: '15-1252.00',
      MatchedJobTitle: 'Software Developers',
    });
  });

  it('D17: every priced item carries both, single and batch', async () => {
    const env = await priceBatch(TITLES.map((t, i) => ({ SubRequestID: `R${i}`, JobTitle: t })));
    expect(env.Code).toBe(1);
    for (const item of env.Data as Json[]) {
      expect(item['MatchedJobCode']).toMatch(O_NET_SOC);
      expect(typeof item['MatchedJobTitle']).toBe('string');
      expect(item['MatchedJobTitle']).not.toBe('');
    }
    for (const t of TITLES) expect((await priced({ JobTitle: t }))['MatchedJobCode']).toMatch(O_NET_SOC);
  });
});

describe('D18: a candidate list', () => {
  it('D18: Code 1, Data {Candidates}, each exactly {MatchedJobCode, MatchedJobTitle, JobFamilyName, MatchRating, MatchScore}, no pay figures', async () => {
    const list = await candidates({ JobTitle: 'Software Engineer' });
    expect(list.length).toBeGreaterThan(1);
    for (const c of list) {
      expect(Object.keys(c).sort()).toEqual(
        ['JobFamilyName', 'MatchRating', 'MatchScore', 'MatchedJobCode', 'MatchedJobTitle'].sort(),
      );
      expect(c['MatchedJobCode']).toMatch(O_NET_SOC);
      expect(typeof c['MatchedJobTitle']).toBe('string');
      expect(typeof c['JobFamilyName']).toBe('string');
      expect(['Confident', 'Probable', 'Possible']).toContain(c['MatchRating']);
    }
  });

  it.each(TITLES)(
    'D18: "%s": best first, MatchScore in 0..1 and non-increasing, distinct codes',
    async (t) => {
      const list = await candidates({ JobTitle: t });
      const scores = list.map((c) => c['MatchScore'] as number);
      for (const s of scores) {
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
      }
      for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThanOrEqual(scores[i - 1] as number);
      expect(new Set(list.map((c) => c['MatchedJobCode'])).size).toBe(list.length);
    },
  );

  it('D18: MaxCandidates bounds the list: default 5, 1 gives one, 10 gives up to ten', async () => {
    expect(await candidates({ JobTitle: 'Software Engineer' })).toHaveLength(5);
    expect(await candidates({ JobTitle: 'Software Engineer', MaxCandidates: 1 })).toHaveLength(1);
    const ten = await candidates({ JobTitle: 'Software Engineer', MaxCandidates: 10 });
    expect(ten.length).toBeGreaterThan(5);
    expect(ten.length).toBeLessThanOrEqual(10);
    expect(ten.slice(0, 5)).toEqual(await candidates({ JobTitle: 'Software Engineer' }));
  });

  it('D18: MaxCandidates outside 1-10 or not whole → the reference message; of another JSON type → Get the service failed.', async () => {
    for (const max of [0, 11, -1, 2.5])
      expect(await match({ JobTitle: 'Accountant', MaxCandidates: max })).toEqual(
        failure('MaxCandidates must be a whole number from 1 to 10.'),
      );
    for (const max of ['5', null, [5]])
      expect(await match({ JobTitle: 'Accountant', MaxCandidates: max })).toEqual(
        failure('Get the service failed.'),
      );
  });

  it('D18: a title that matches nothing → Code 1 and an empty Candidates array (pricing says No matching job found)', async () => {
    expect(await match({ JobTitle: 'qwxz zzvq plorf' })).toEqual({ Code: 1, Data: { Candidates: [] } });
    expect(await price({ JobTitle: 'qwxz zzvq plorf' })).toEqual(failure('No matching job found'));
  });

  it.each([
    ...TITLES.map((t) => ({ JobTitle: t })),
    { JobTitle: 'Sr. Java Dev', DataScope: { State: 'CA', City: 'San Francisco' } },
    {
      JobTitle: 'Analyst',
      JobDesc: 'Prepare budgets and financial forecasts; analyse variances for management.',
    },
    { JobTitle: 'Engineer', JobDesc: 'Design, code and test web applications in TypeScript.' },
    { JobTitle: 'Store Manager', DataScope: { NAICSCode: '44', FTEValue: 120 } },
  ])('D18: the first candidate is the benchmark pricing uses for the same request: %j', async (job) => {
    const p = await priced(job);
    const [first] = await candidates(job);
    expect(first).toMatchObject({
      MatchedJobCode: p['MatchedJobCode'],
      MatchedJobTitle: p['MatchedJobTitle'],
      JobFamilyName: p['JobFamilyName'],
      MatchRating: p['MatchRating'],
    });
  });

  it('D18: only benchmarks that can be priced are offered (military SOC 55 has no OEWS data), and the list still fills', async () => {
    for (const JobTitle of [
      'Infantry Officer',
      'Air Crew Officer',
      'Special Forces Officer',
      'Army Sergeant',
    ]) {
      const five = await candidates({ JobTitle });
      const ten = await candidates({ JobTitle, MaxCandidates: 10 });
      for (const c of ten) expect(c['MatchedJobCode']).not.toMatch(/^55-/);
      expect(five).toEqual(ten.slice(0, 5));
      for (const c of five)
        expect((await price({ JobTitle: 'Officer', JobCode: c['MatchedJobCode'] })).Code).toBe(1);
    }
  });

  it('D18: location and industry do not change the list', async () => {
    const plain = await candidates({ JobTitle: 'Registered Nurse' });
    for (const DataScope of [
      { State: 'CA', City: 'San Francisco' },
      { ZipCode: '10001', NAICSCode: '62', FTEValue: 250 },
      { State: 'MS', NAICSCode: '5112', Revenue: 25_000_000 },
    ])
      expect(await candidates({ JobTitle: 'Registered Nurse', DataScope })).toEqual(plain);
  });

  it('D18: location, industry and scope are validated as for pricing, with the same messages', async () => {
    const cases: [Json, string][] = [
      [{ JobDesc: 'Keeps the books' }, 'Get the service failed.'],
      [{ JobTitle: '  ' }, 'Get the service failed.'],
      [{ JobTitle: 'Accountant', DataScope: { ZipCode: 10001 } }, 'Get the service failed.'],
      [{ JobTitle: 'Accountant', DataScope: { City: 'Austin' } }, 'Location request is incomplete'],
      [{ JobTitle: 'Accountant', DataScope: { State: 'ZZ' } }, 'Location could not be resolved: state ZZ'],
      [{ JobTitle: 'Accountant', DataScope: { NAICSCode: '99' } }, 'Industry code not recognized: 99'],
      [{ JobTitle: 'Accountant', DataScope: { CountryCode: 'CAN' } }, 'No data for country CAN'],
      [
        { JobTitle: 'Accountant', DataScope: { FTEValue: 250, Revenue: 25_000_000 } },
        'DataScope error: cannot scope job by both FTEValue and Revenue. Please provide a value for only one of FTEValue or Revenue.',
      ],
      [
        { JobTitle: 'Accountant', DataScope: { FTEValue: -5 } },
        'DataScope error: FTEValue and Revenue must not be negative.',
      ],
    ];
    for (const [job, message] of cases) {
      expect(await match(job)).toEqual(failure(message));
      expect(await price(job)).toEqual(failure(message));
    }
    for (const body of [[], 'Accountant', 7, null])
      expect(await match(body)).toEqual(failure('Get the service failed.'));
  });

  it('D15: a country outside the credentials → No data for country <code>', async () => {
    expect(await match({ JobTitle: 'Accountant' }, CANADA_ONLY)).toEqual(failure('No data for country USA'));
  });
});

describe('D18: batch candidate lists (the batch rules, D12)', () => {
  it('D12/D18: a mixed batch → Code 1, one item per sub-request; items equal the single answers', async () => {
    const jobs: Json[] = [
      { SubRequestID: 'R2', JobTitle: 'Software Engineer', MaxCandidates: 3 },
      { SubRequestID: 'R3', JobTitle: 'Accountant', DataScope: { City: 'Austin' } },
      { JobTitle: 'Electrician' },
      { SubRequestID: 'R5', JobTitle: 'qwxz zzvq plorf' },
      { SubRequestID: 'R6', JobTitle: 'Registered Nurse', DataScope: { ZipCode: '00000' } },
      { SubRequestID: 'R7', JobTitle: 'Truck Driver', DataScope: { NAICSCode: '48', FTEValue: 600 } },
      { SubRequestID: 'R8', JobTitle: '' },
      { SubRequestID: 'R9', JobTitle: 'Accountant', MaxCandidates: 11 },
    ];
    const env = await matchBatch(jobs);
    expect(env.Code).toBe(1);
    const data = env.Data as Json[];
    expect(data).toHaveLength(jobs.length);
    expect(data.filter((d) => !('SubRequestID' in d))).toEqual([
      { ErrorMessage: 'The SubRequestID field is required.' },
    ]);
    const items = byId(env);
    expect(items.get('R3')).toEqual({ SubRequestID: 'R3', ErrorMessage: 'Location request is incomplete' });
    expect(items.get('R5')).toEqual({ SubRequestID: 'R5', Candidates: [] });
    expect(items.get('R6')).toEqual({
      SubRequestID: 'R6',
      ErrorMessage: 'Location could not be resolved: ZIP 00000',
    });
    expect(items.get('R8')).toEqual({ SubRequestID: 'R8', ErrorMessage: 'Get the service failed.' });
    expect(items.get('R9')).toEqual({
      SubRequestID: 'R9',
      ErrorMessage: 'MaxCandidates must be a whole number from 1 to 10.',
    });
    expect((items.get('R2')?.['Candidates'] as Json[]).length).toBe(3);
    for (const id of ['R2', 'R7']) {
      const { SubRequestID: _id, ...rest } = items.get(id) as Json;
      const { SubRequestID: _sid, ...single } = jobs.find((j) => j['SubRequestID'] === id) as Json;
      expect(Object.keys(items.get(id) as Json)[0]).toBe('SubRequestID');
      expect(rest).toEqual((await match(single)).Data);
    }
  });

  it('duplicate SubRequestIDs → Code -1, one item per occurrence', async () => {
    expect(
      await matchBatch([
        { SubRequestID: 'A', JobTitle: 'Accountant' },
        { SubRequestID: 'B', JobTitle: 'Accountant' },
        { SubRequestID: 'A', JobTitle: 'Electrician' },
      ]),
    ).toEqual({
      Code: -1,
      Data: [
        {
          SubRequestID: 'A',
          ErrorMessage: 'SubRequestID for each subrequest must be unique, duplicate SubRequestID: A',
        },
        {
          SubRequestID: 'A',
          ErrorMessage: 'SubRequestID for each subrequest must be unique, duplicate SubRequestID: A',
        },
      ],
    });
  });

  it('more than 200 → the limit message; exactly 200 are all answered', async () => {
    const make = (n: number): Json[] =>
      Array.from({ length: n }, (_, i) => ({ SubRequestID: `R${i}`, JobTitle: TITLES[i % TITLES.length] }));
    expect(await matchBatch(make(201))).toEqual(
      failure('Batch subrequest limit exceeded. Only 200 subrequest allowed in each API call.'),
    );
    const env = await matchBatch(make(200));
    expect(env.Code).toBe(1);
    expect(new Set((env.Data as Json[]).map((d) => d['SubRequestID']))).toEqual(
      new Set(make(200).map((j) => j['SubRequestID'])),
    );
    for (const d of env.Data as Json[]) expect((d['Candidates'] as Json[]).length).toBeGreaterThan(0);
  });

  it('D12: an empty array → the D12 message; a body that is not an array → Get the service failed.', async () => {
    expect(await matchBatch([])).toEqual(failure('Batch request must contain at least one subrequest.'));
    expect(await matchBatch({ SubRequestID: 'A', JobTitle: 'Accountant' })).toEqual(
      failure('Get the service failed.'),
    );
  });
});

describe('D19: JobCode pins the benchmark', () => {
  it('D19: the code is priced whatever the title says; Confident; MatchedJobCode is the code sent', async () => {
    const d = await priced({ JobTitle: 'Barista', JobCode: '15-1252.00' });
    expect(d).toMatchObject({
      MatchedJobCode: '15-1252.00',
      MatchedJobTitle: 'Software Developers',
      MatchRating: 'Confident',
      JobFamilyName: 'Computer and Mathematical Occupations',
    });
    const developer = await priced({ JobTitle: 'Software Developer' });
    expect(developer['MatchedJobCode']).toBe('15-1252.00');
    expect(d['Salary50']).toBe(developer['Salary50']);
  });

  it("D19: the title's seniority words still set the level", async () => {
    const plain = await priced({ JobTitle: 'Barista', JobCode: '15-1252.00' });
    const senior = await priced({ JobTitle: 'Senior Barista', JobCode: '15-1252.00' });
    expect(senior['MatchedJobCode']).toBe('15-1252.00');
    expect(senior['Salary50']).toBeGreaterThan(plain['Salary50'] as number);
  });

  it('D19: a 6-digit SOC code pins its O*NET occupation and is echoed as sent; surrounding spaces are trimmed', async () => {
    expect(await priced({ JobTitle: 'Nurse', JobCode: '29-1141' })).toMatchObject({
      MatchedJobCode: '29-1141',
      MatchedJobTitle: 'Registered Nurses',
      MatchRating: 'Confident',
    });
    expect((await priced({ JobTitle: 'Barista', JobCode: ' 15-1252.00 ' }))['MatchedJobCode']).toBe(
      '15-1252.00',
    );
  });

  it('D19: a blank JobCode pins nothing', async () => {
    const plain = await priced({ JobTitle: 'Registered Nurse' });
    expect(await priced({ JobTitle: 'Registered Nurse', JobCode: '' })).toEqual(plain);
    expect(await priced({ JobTitle: 'Registered Nurse', JobCode: '   ' })).toEqual(plain);
  });

  it('D19: an unknown code → Job code not recognized: <code>; JobTitle is still required; a non-string code is a wrong type', async () => {
    expect(await price({ JobTitle: 'Nurse', JobCode: '99-9999.00' })).toEqual(
      failure('Job code not recognized: 99-9999.00'),
    );
    expect(await price({ JobTitle: 'Nurse', JobCode: 'nurse' })).toEqual(
      failure('Job code not recognized: nurse'),
    );
    // Military occupations (SOC 55) have no OEWS pay data: such a code cannot be priced either.
    expect(await price({ JobTitle: 'Officer', JobCode: '55-1011.00' })).toEqual(
      failure('Job code not recognized: 55-1011.00'),
    );
    expect(await price({ JobCode: '15-1252.00' })).toEqual(failure('Get the service failed.'));
    expect(await price({ JobTitle: '', JobCode: '15-1252.00' })).toEqual(failure('Get the service failed.'));
    expect(await price({ JobTitle: 'Nurse', JobCode: 291141 })).toEqual(failure('Get the service failed.'));
  });

  it('D19 batch: pinned items priced, an unknown code is an error item', async () => {
    const env = await priceBatch([
      { SubRequestID: 'pin', JobTitle: 'Barista', JobCode: '15-1252.00' },
      { SubRequestID: 'bad', JobTitle: 'Barista', JobCode: '99-9999.00' },
      { SubRequestID: 'free', JobTitle: 'Registered Nurse' },
    ]);
    expect(env.Code).toBe(1);
    const items = byId(env);
    expect(items.get('pin')).toMatchObject({ MatchedJobCode: '15-1252.00', MatchRating: 'Confident' });
    expect(items.get('bad')).toEqual({
      SubRequestID: 'bad',
      ErrorMessage: 'Job code not recognized: 99-9999.00',
    });
    expect(items.get('free')).toMatchObject({ MatchedJobCode: '29-1141.00' });
  });

  it("D18/D19: a candidate list for a pinned job starts with the pinned code (Confident, score 1), then the title's own candidates", async () => {
    const list = await candidates({ JobTitle: 'Registered Nurse', JobCode: '15-1252.00', MaxCandidates: 3 });
    expect(list[0]).toEqual({
      MatchedJobCode: '15-1252.00',
      MatchedJobTitle: 'Software Developers',
      JobFamilyName: 'Computer and Mathematical Occupations',
      MatchRating: 'Confident',
      MatchScore: 1,
    });
    const own = await candidates({ JobTitle: 'Registered Nurse', MaxCandidates: 2 });
    expect(list.slice(1)).toEqual(own);
    // The pinned code is not listed twice when the title also ranks it.
    const same = await candidates({ JobTitle: 'Registered Nurse', JobCode: '29-1141.00' });
    expect(same.filter((c) => c['MatchedJobCode'] === '29-1141.00')).toHaveLength(1);
    expect(await match({ JobTitle: 'Nurse', JobCode: '99-9999.00' })).toEqual(
      failure('Job code not recognized: 99-9999.00'),
    );
    const env = await matchBatch([
      { SubRequestID: 'a', JobTitle: 'Nurse', JobCode: '99-9999.00' },
      { SubRequestID: 'b', JobTitle: 'Nurse', JobCode: '29-1141' },
    ]);
    expect(byId(env).get('a')).toEqual({
      SubRequestID: 'a',
      ErrorMessage: 'Job code not recognized: 99-9999.00',
    });
    expect((byId(env).get('b')?.['Candidates'] as Json[])[0]?.['MatchedJobCode']).toBe('29-1141');
  });
});

describe('D21: text limits', () => {
  const long = (n: number): string => `Accountant ${'x'.repeat(n - 11)}`;
  const emoji = '\u{1F600}'; // one character, two UTF-16 code units

  it('D21: JobTitle over 200 characters → JobTitle is too long (at most 200 characters).', async () => {
    for (const send of [price, match])
      expect(await send({ JobTitle: long(201) })).toEqual(
        failure('JobTitle is too long (at most 200 characters).'),
      );
    for (const send of [price, match]) {
      const env = await send({ JobTitle: long(200) });
      expect(env.Message ?? '').not.toMatch(/too long/);
    }
  });

  it('D21: characters are code points, and surrounding white space is not counted', async () => {
    const atLimit = `Accountant ${emoji.repeat(189)}`; // 200 characters, 389 UTF-16 units
    expect((await price({ JobTitle: atLimit })).Message ?? '').not.toMatch(/too long/);
    expect(await price({ JobTitle: `${atLimit}${emoji}` })).toEqual(
      failure('JobTitle is too long (at most 200 characters).'),
    );
    expect((await price({ JobTitle: `   ${long(200)}   ` })).Message ?? '').not.toMatch(/too long/);
  });

  it('D21: CompanyName over 200 and JobDesc over 10,000 characters', async () => {
    for (const send of [price, match]) {
      expect(await send({ JobTitle: 'Accountant', CompanyName: 'C'.repeat(201) })).toEqual(
        failure('CompanyName is too long (at most 200 characters).'),
      );
      expect(await send({ JobTitle: 'Accountant', JobDesc: 'd '.repeat(5000) + 'd' })).toEqual(
        failure('JobDesc is too long (at most 10000 characters).'),
      );
      expect((await send({ JobTitle: 'Accountant', CompanyName: 'C'.repeat(200) })).Code).toBe(1);
      expect((await send({ JobTitle: 'Accountant', JobDesc: 'keeps the books '.repeat(625) })).Code).toBe(1);
    }
  });

  it('D21: the limits come before the other rules (a too-long title with an incomplete location)', async () => {
    expect(await price({ JobTitle: long(201), DataScope: { City: 'Austin' } })).toEqual(
      failure('JobTitle is too long (at most 200 characters).'),
    );
  });

  it('D21 batch: an error item per over-long field, SubRequestID over 100 included (echoed)', async () => {
    const id101 = 'i'.repeat(101);
    const id100 = 'j'.repeat(100);
    const jobs = [
      { SubRequestID: 't', JobTitle: long(201) },
      { SubRequestID: 'c', JobTitle: 'Accountant', CompanyName: 'C'.repeat(201) },
      { SubRequestID: 'd', JobTitle: 'Accountant', JobDesc: 'd'.repeat(10_001) },
      { SubRequestID: id101, JobTitle: 'Accountant' },
      { SubRequestID: id100, JobTitle: 'Accountant' },
    ];
    for (const send of [priceBatch, matchBatch]) {
      const env = await send(jobs);
      expect(env.Code).toBe(1);
      const items = byId(env);
      expect(items.get('t')).toEqual({
        SubRequestID: 't',
        ErrorMessage: 'JobTitle is too long (at most 200 characters).',
      });
      expect(items.get('c')).toEqual({
        SubRequestID: 'c',
        ErrorMessage: 'CompanyName is too long (at most 200 characters).',
      });
      expect(items.get('d')).toEqual({
        SubRequestID: 'd',
        ErrorMessage: 'JobDesc is too long (at most 10000 characters).',
      });
      expect(items.get(id101)).toEqual({
        SubRequestID: id101,
        ErrorMessage: 'SubRequestID is too long (at most 100 characters).',
      });
      expect(items.get(id100)?.['ErrorMessage']).toBeUndefined();
    }
  });
});
