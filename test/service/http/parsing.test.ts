import { MAX_JSON_DEPTH, MAX_JSON_VALUES, jsonShapeProblem } from '../../../src/service/http/body';
import { EngineDouble } from '../support/engine-double';
import { FULL_CLIENT, startHarness, type Harness } from '../support/harness';

/**
 * docs/service.md "Security": request bodies are checked for depth and size in values before JSON.parse
 * (which holds the event loop for the whole parse), every text field has a limit, and messages repeat a
 * bounded part of what the caller sent.
 */
describe('JSON bodies past the bounds are refused before they are parsed', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(new EngineDouble(), [FULL_CLIENT], { rateLimit: null });
  });
  afterAll(() => h.close());

  it('1 MB of nested arrays: 400, said plainly', async () => {
    const depth = (1024 * 1024) / 2 - 16;
    const res = await h.post('/DaaS/batchjobpricing', null, { raw: '['.repeat(depth) + ']'.repeat(depth) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      Code: -1,
      Message: 'Request body nests JSON more than 32 levels deep',
    });
  });

  it('a flat body of more values than any request holds: 400', async () => {
    const res = await h.post('/DaaS/batchjobpricing', null, { raw: `[${'0,'.repeat(MAX_JSON_VALUES)}0]` });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ Code: -1, Message: 'Request body holds more than 20000 JSON values' });
  });

  it('a full batch of 200 jobs with every field is far within both bounds', async () => {
    const job = (i: number) => ({
      SubRequestID: `r${i}`,
      JobTitle: 'Accountant',
      JobDesc: 'Keeps the books [and {brackets} in text count for nothing]',
      CompanyName: 'Acme',
      JobCode: '',
      DataScope: {
        CountryCode: 'USA',
        State: 'TX',
        City: 'Austin',
        ZipCode: '',
        NAICSCode: '52',
        FTEValue: 250,
        Revenue: 0,
      },
    });
    const res = await h.post(
      '/DaaS/batchjobpricing',
      Array.from({ length: 200 }, (_, i) => job(i)),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { Data: unknown[] }).Data).toHaveLength(200);
  });

  it('the token endpoint refuses a nested JSON body as a malformed request', async () => {
    const res = await fetch(`${h.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"grant_type":"client_credentials","x":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('jsonShapeProblem', () => {
  it('counts depth and values outside strings only, and escapes inside strings', () => {
    const at = (text: string) => jsonShapeProblem(Buffer.from(text));
    expect(at('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBeNull();
    expect(at('['.repeat(MAX_JSON_DEPTH + 1))).toMatch(/more than 32 levels/);
    expect(at(`"${'['.repeat(1000)}"`)).toBeNull();
    expect(at(`["\\"${'{'.repeat(100)}"]`)).toBeNull();
    expect(at(`["${','.repeat(MAX_JSON_VALUES + 5)}", "é€😀"]`)).toBeNull();
    expect(at(`[${'1,'.repeat(MAX_JSON_VALUES - 1)}1]`)).toBeNull();
    expect(at(`[${'1,'.repeat(MAX_JSON_VALUES)}1]`)).toMatch(/more than 20000 JSON values/);
  });
});

describe('text limits and echoes over HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(new EngineDouble(), [FULL_CLIENT], { rateLimit: null });
  });
  afterAll(() => h.close());

  it('a 900 KB City is refused by its limit, not echoed back', async () => {
    const res = await h.post('/DaaS/jobpricing', {
      JobTitle: 'Accountant',
      DataScope: { State: 'TX', City: 'C'.repeat(900_000) },
    });
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ Code: -1, Message: 'City is too long (at most 200 characters).' });
    expect(text.length).toBeLessThan(200);
  });

  it('a repeated 50,000-character SubRequestID: the message repeats 256 characters of it', async () => {
    const id = 'S'.repeat(50_000);
    const res = await h.post('/DaaS/batchjobpricing', [
      { SubRequestID: id, JobTitle: 'A' },
      { SubRequestID: id, JobTitle: 'B' },
    ]);
    const json = (await res.json()) as { Data: Array<{ ErrorMessage: string }> };
    for (const item of json.Data) expect(item.ErrorMessage.length).toBeLessThan(400);
  });
});
