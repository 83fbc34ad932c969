import { MSG } from '../../../src/domain/messages';
import { EngineDouble } from '../support/engine-double';
import { startHarness, type Harness } from '../support/harness';

type Item = Record<string, unknown>;

describe('POST /DaaS/batchjobpricing with an engine double (D12)', () => {
  let h: Harness;
  let engine: EngineDouble;
  beforeAll(async () => {
    engine = new EngineDouble();
    h = await startHarness(engine);
  });
  afterAll(() => h.close());

  async function batch(
    body: unknown,
  ): Promise<{ status: number; json: { Code: number; Data?: Item[]; Message?: string } }> {
    const res = await h.post('/DaaS/batchjobpricing', body);
    return {
      status: res.status,
      json: (await res.json()) as { Code: number; Data?: Item[]; Message?: string },
    };
  }

  it('D12: a mixed batch answers Code 1 with one item per sub-request, SubRequestID first', async () => {
    const { status, json } = await batch([
      { SubRequestID: 'r1', JobTitle: 'Accountant' },
      { SubRequestID: 'r2', JobTitle: 'Nurse', DataScope: { City: 'Austin' } },
      { JobTitle: 'Pilot' },
      { SubRequestID: 'r4', JobTitle: 'zzqx' },
      { SubRequestID: 'r5', JobTitle: 'Teacher', DataScope: { FTEValue: 5, Revenue: 5 } },
    ]);
    expect(status).toBe(200);
    expect(json.Code).toBe(1);
    const data = json.Data ?? [];
    expect(data).toHaveLength(5);
    expect(Object.keys(data[0] ?? {})[0]).toBe('SubRequestID');
    expect(data[0]).toMatchObject({ SubRequestID: 'r1', MatchRating: 'Confident' });
    expect(data[1]).toEqual({ SubRequestID: 'r2', ErrorMessage: MSG.locationIncomplete });
    expect(data[2]).toEqual({ ErrorMessage: MSG.subRequestIdRequired });
    expect(data[3]).toEqual({ SubRequestID: 'r4', ErrorMessage: MSG.noMatch });
    expect(data[4]).toEqual({ SubRequestID: 'r5', ErrorMessage: MSG.bothFteAndRevenue });
  });

  it('duplicates → Code -1 with an item for every occurrence, nothing priced', async () => {
    const before = engine.calls.length;
    const { status, json } = await batch([
      { SubRequestID: 'x', JobTitle: 'Accountant' },
      { SubRequestID: 'y', JobTitle: 'Accountant' },
      { SubRequestID: 'x', JobTitle: 'Nurse' },
    ]);
    expect(status).toBe(200);
    expect(json).toEqual({
      Code: -1,
      Data: [
        {
          SubRequestID: 'x',
          ErrorMessage: 'SubRequestID for each subrequest must be unique, duplicate SubRequestID: x',
        },
        {
          SubRequestID: 'x',
          ErrorMessage: 'SubRequestID for each subrequest must be unique, duplicate SubRequestID: x',
        },
      ],
    });
    expect(engine.calls.length).toBe(before);
  });

  it('201 sub-requests → Code -1 with the limit message; 200 are priced', async () => {
    const make = (n: number): Item[] =>
      Array.from({ length: n }, (_, i) => ({ SubRequestID: `s${i}`, JobTitle: 'Accountant' }));
    expect((await batch(make(201))).json).toEqual({ Code: -1, Message: MSG.batchLimitExceeded });
    const ok = await batch(make(200));
    expect(ok.json.Code).toBe(1);
    expect(new Set((ok.json.Data ?? []).map((d) => d['SubRequestID']))).toEqual(
      new Set(make(200).map((d) => d['SubRequestID'])),
    );
  });

  it('D12: an empty array → Code -1 with the D12 message; a non-array → Get the service failed.', async () => {
    expect((await batch([])).json).toEqual({ Code: -1, Message: MSG.batchEmpty });
    expect((await batch({ SubRequestID: 'a', JobTitle: 'Accountant' })).json).toEqual({
      Code: -1,
      Message: MSG.serviceFailed,
    });
  });

  it("D15: the caller's scope from its token reaches the engine for every item", async () => {
    engine.calls.length = 0;
    await batch([
      { SubRequestID: 'a', JobTitle: 'Accountant' },
      { SubRequestID: 'b', JobTitle: 'Nurse' },
    ]);
    expect(engine.calls.map((c) => c.scope.finestGeography)).toEqual(['metro', 'metro']);
  });
});
