/** JobMarketClient.matchBatch over real HTTP: /DaaS/batchjobpricing, batch errors, D12, D13. */
import { jobSpec, type JobSpec } from '../../src/domain/job';
import { MSG, NO_RESULT_MESSAGE } from '../../src/domain/messages';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server';
import { apiErrorOf, resultBody, testClient } from './fixtures';

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  await server.close();
});

const nurse = jobSpec({ title: 'Registered Nurses', scope: { state: 'OH' } });
const dev = jobSpec({ title: 'Software Developers', scope: { zip: '98101' } });
const chef = jobSpec({ title: 'Chefs' });

function items(...specs: Array<[string, JobSpec]>): Array<{ id: string; spec: JobSpec }> {
  return specs.map(([id, spec]) => ({ id, spec }));
}

describe('/DaaS/batchjobpricing: batch match', () => {
  test('POSTs an array of job objects, each with its SubRequestID, and returns an outcome per id', async () => {
    const { client } = testClient(server);
    const reply = await client.matchBatch(items(['R2', nurse], ['R3', dev]));
    const req = server.requests[0]!;
    expect(req.path).toBe('/DaaS/batchjobpricing');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual([
      expect.objectContaining({ SubRequestID: 'R2', JobTitle: 'Registered Nurses' }),
      expect.objectContaining({ SubRequestID: 'R3', JobTitle: 'Software Developers' }),
    ]);
    expect([...reply.byId.keys()].sort()).toEqual(['R2', 'R3']);
    expect([...reply.byId.values()].every((o) => o.ok)).toBe(true);
    expect(reply.unattributed).toEqual([]);
    // SubRequestID is a wire detail: it does not leak into the result.
    const r2 = reply.byId.get('R2')!;
    expect(r2.ok && !('SubRequestID' in r2.result)).toBe(true);
  });

  test('D13 SubRequestID round trip: results returned in reversed order land on their own ids', async () => {
    server.respondWith((req) => {
      const sent = req.body as Array<{ SubRequestID: string; JobTitle: string }>;
      const data = sent.map((s, i) => ({
        SubRequestID: s.SubRequestID,
        ...resultBody({ Salary50: 1000 * (i + 1), JobFamilyName: s.JobTitle }),
      }));
      return { json: { Code: 1, Data: data.reverse() } };
    });
    const { client } = testClient(server);
    const reply = await client.matchBatch(items(['R10', nurse], ['R11', dev], ['R12', chef]));
    const fam = (id: string): string | undefined => {
      const o = reply.byId.get(id);
      return o?.ok ? `${o.result.JobFamilyName}:${o.result.Salary50}` : undefined;
    };
    expect(fam('R10')).toBe('Registered Nurses:1000');
    expect(fam('R11')).toBe('Software Developers:2000');
    expect(fam('R12')).toBe('Chefs:3000');
  });

  test('D12 mixed batch: result items and error items, in any order, each to its own id (Code 1)', async () => {
    const { client } = testClient(server);
    const reply = await client.matchBatch(
      items(
        ['R1', nurse],
        ['R2', jobSpec({ title: 'Chefs', scope: { city: 'Columbus' } })],
        ['R3', jobSpec({ title: 'No such job' })],
        ['R4', jobSpec({ title: 'Chefs', scope: { fte: 5, revenue: 5 } })],
        ['R5', dev],
      ),
    );
    expect(reply.byId.get('R1')!.ok).toBe(true);
    expect(reply.byId.get('R2')).toEqual({ ok: false, kind: 'service', message: MSG.locationIncomplete });
    expect(reply.byId.get('R3')).toEqual({ ok: false, kind: 'service', message: MSG.noMatch });
    expect(reply.byId.get('R4')).toEqual({ ok: false, kind: 'service', message: MSG.bothFteAndRevenue });
    expect(reply.byId.get('R5')!.ok).toBe(true);
  });

  test('D12 mixed batch scripted with errors first and results last', async () => {
    server.respondWith(() => ({
      json: {
        Code: 1,
        Data: [
          { SubRequestID: 'B', ErrorMessage: 'Location could not be resolved: ZIP 00000' },
          { SubRequestID: 'A', ...resultBody() },
        ],
      },
    }));
    const { client } = testClient(server);
    const reply = await client.matchBatch(items(['A', nurse], ['B', dev]));
    expect(reply.byId.get('A')!.ok).toBe(true);
    expect(reply.byId.get('B')).toEqual({
      ok: false,
      kind: 'service',
      message: 'Location could not be resolved: ZIP 00000',
    });
  });

  test('D13 batch items: unknown fields ignored, free-text MatchRating kept', async () => {
    server.respondWith(() => ({
      json: {
        Code: 1,
        Data: [{ SubRequestID: 'A', ...resultBody({ MatchRating: 'Tentative', Foo: [1, 2] }), Bar: null }],
        Page: 1,
      },
    }));
    const reply = await testClient(server).client.matchBatch(items(['A', nurse]));
    const a = reply.byId.get('A')!;
    expect(a.ok && a.result.MatchRating === 'Tentative' && !('Foo' in a.result)).toBe(true);
  });
});

describe('batch errors (docs/api.md "Batches")', () => {
  test('duplicate SubRequestID (Code -1, per-id items): named ids get the duplicate message, others the whole-batch one', async () => {
    const { client } = testClient(server);
    const reply = await client.matchBatch(items(['X', nurse], ['X', dev], ['Y', chef]));
    expect(reply.byId.get('X')).toEqual({
      ok: false,
      kind: 'service',
      message: MSG.duplicateSubRequestId('X'),
    });
    const y = reply.byId.get('Y')!;
    expect(y.ok).toBe(false);
    expect(!y.ok && y.kind).toBe('service');
    expect(!y.ok && y.message).toBe(`The service refused the whole batch: ${MSG.duplicateSubRequestId('X')}`);
  });

  test('more than 200 sub-requests (Code -1, Message) → every id gets that message', async () => {
    const many = Array.from({ length: 201 }, (_, i) => ({ id: `R${i + 1}`, spec: nurse }));
    const reply = await testClient(server).client.matchBatch(many);
    expect(reply.byId.size).toBe(201);
    for (const o of reply.byId.values())
      expect(o).toEqual({ ok: false, kind: 'service', message: MSG.batchLimitExceeded });
  });

  test('D12 empty batch → Code -1 with Message; no ids, no exception', async () => {
    server.respondWith(() => ({ json: { Code: -1, Message: MSG.batchEmpty } }));
    const reply = await testClient(server).client.matchBatch([]);
    expect(reply.byId.size).toBe(0);
    expect(server.requests[0]!.body).toEqual([]);
  });

  test('a sub-request lacking SubRequestID: the others still get data, the error item goes to `unattributed`', async () => {
    server.respondWith(() => ({
      json: {
        Code: 1,
        Data: [{ SubRequestID: 'A', ...resultBody() }, { ErrorMessage: MSG.subRequestIdRequired }],
      },
    }));
    const reply = await testClient(server).client.matchBatch(items(['A', nurse]));
    expect(reply.byId.get('A')!.ok).toBe(true);
    expect(reply.unattributed).toEqual([MSG.subRequestIdRequired]);
  });

  test('the reference service itself: an empty SubRequestID is refused with an id-less error item', async () => {
    const reply = await testClient(server).client.matchBatch(items(['', nurse], ['A', dev]));
    expect(reply.byId.get('A')!.ok).toBe(true);
    expect(reply.unattributed).toEqual([MSG.subRequestIdRequired]);
    // The id we sent ("") has no item: it is reported, not dropped.
    expect(reply.byId.get('')).toEqual({ ok: false, kind: 'transport', message: NO_RESULT_MESSAGE });
  });

  test('Code -1 batch with neither Message nor items → a plain sentence per id', async () => {
    server.respondWith(() => ({ json: { Code: -1 } }));
    const reply = await testClient(server).client.matchBatch(items(['A', nurse]));
    expect(reply.byId.get('A')).toEqual({
      ok: false,
      kind: 'service',
      message: 'The service refused the whole batch (Code -1) without saying why.',
    });
  });
});

describe('D13 matching by SubRequestID only', () => {
  test('an id missing from the reply → failure(transport, "The service returned no result for this job.")', async () => {
    server.respondWith(() => ({ json: { Code: 1, Data: [{ SubRequestID: 'A', ...resultBody() }] } }));
    const reply = await testClient(server).client.matchBatch(items(['A', nurse], ['B', dev]));
    expect(reply.byId.get('B')).toEqual({ ok: false, kind: 'transport', message: NO_RESULT_MESSAGE });
  });

  test('positions are never used: items with unknown ids are reported and do not fill missing ids', async () => {
    server.respondWith(() => ({
      json: { Code: 1, Data: [{ SubRequestID: 'Z', ...resultBody() }, { ...resultBody() }] },
    }));
    const reply = await testClient(server).client.matchBatch(items(['A', nurse]));
    expect(reply.byId.get('A')).toEqual({ ok: false, kind: 'transport', message: NO_RESULT_MESSAGE });
    expect(reply.unattributed).toHaveLength(2);
    expect(reply.unattributed[0]).toContain('"Z"');
    expect(reply.unattributed[1]).toContain('without SubRequestID');
  });

  test('one malformed item fails only its own job, as a protocol message', async () => {
    server.respondWith(() => ({
      json: {
        Code: 1,
        Data: [
          { SubRequestID: 'A', ...resultBody() },
          { SubRequestID: 'B', ...resultBody({ Comp50: 'n/a' }) },
          { SubRequestID: 'C', ErrorMessage: 42 },
          { SubRequestID: 'D', ...resultBody() },
          'garbage',
        ],
      },
    }));
    const reply = await testClient(server).client.matchBatch(
      items(['A', nurse], ['B', dev], ['C', chef], ['D', nurse]),
    );
    expect(reply.byId.get('A')!.ok).toBe(true);
    expect(reply.byId.get('D')!.ok).toBe(true);
    const b = reply.byId.get('B')!;
    expect(!b.ok && b.kind).toBe('transport');
    expect(!b.ok && b.message).toMatch(
      /^The service sent an answer that is not in the expected format: Data\[1\]\.Comp50: /,
    );
    const c = reply.byId.get('C')!;
    expect(!c.ok && c.message).toMatch(/Data\[2\]\.ErrorMessage: /);
    expect(reply.unattributed).toEqual([
      expect.stringContaining('Data[4]: expected an object, received a string'),
    ]);
  });

  test('an id answered twice with different figures fails with a clear message; the other ids keep theirs (D13)', async () => {
    server.respondWith(() => ({
      json: {
        Code: 1,
        Data: [
          { SubRequestID: 'A', ...resultBody() },
          { SubRequestID: 'B', ...resultBody() },
          { SubRequestID: 'A', ...resultBody({ Salary50: 99999 }) },
        ],
      },
    }));
    const reply = await testClient(server).client.matchBatch(items(['A', nurse], ['B', dev]));
    expect(reply.byId.get('A')).toEqual({
      ok: false,
      kind: 'transport',
      message:
        'The service sent an answer that is not in the expected format: SubRequestID "A" came back more than once with different contents, so none of them was used.',
    });
    expect(reply.byId.get('B')!.ok).toBe(true);
  });

  test('an id answered twice, once as a result and once as an error item, fails too; an exact repeat is harmless', async () => {
    server.respondWith(() => ({
      json: {
        Code: 1,
        Data: [
          { SubRequestID: 'A', ...resultBody() },
          { SubRequestID: 'A', ErrorMessage: MSG.noMatch },
          { SubRequestID: 'B', ...resultBody() },
          { SubRequestID: 'B', ...resultBody() },
        ],
      },
    }));
    const reply = await testClient(server).client.matchBatch(items(['A', nurse], ['B', dev]));
    const a = reply.byId.get('A')!;
    expect(!a.ok && a.message).toMatch(/SubRequestID "A" came back more than once with different contents/);
    expect(reply.byId.get('B')).toMatchObject({ ok: true, result: { Salary50: 70000.1234 } });
  });

  test('Code 1 with Data that is not an array → the whole call is a protocol error', async () => {
    server.respondWith(() => ({ json: { Code: 1, Data: resultBody() } }));
    const err = await apiErrorOf(() => testClient(server).client.matchBatch(items(['A', nurse])));
    expect(err.code).toBe('protocol');
    expect(err.message).toContain('Data: expected an array');
  });
});
