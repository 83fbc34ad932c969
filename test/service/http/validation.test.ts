import { MSG } from '../../../src/domain/messages';
import {
  parseCandidateQuery,
  parseJob,
  planBatch,
  planItems,
} from '../../../src/service/validation/job-request';

const job = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  JobTitle: 'Accountant',
  ...extra,
});

describe('parseJob (D4, D5, D7)', () => {
  it('D4: a body that is not a JSON object fails with Get the service failed.', () => {
    for (const body of [null, [], [job()], 'Accountant', 42, true]) {
      expect(parseJob(body)).toEqual({ ok: false, message: MSG.serviceFailed });
    }
  });

  it('D4: a missing or blank JobTitle fails', () => {
    expect(parseJob({})).toEqual({ ok: false, message: MSG.serviceFailed });
    expect(parseJob({ JobTitle: '   ' })).toEqual({ ok: false, message: MSG.serviceFailed });
  });

  it('D4: a field of the wrong JSON type (null included) fails', () => {
    const wrong: Record<string, unknown>[] = [
      { JobTitle: 12 },
      job({ JobDesc: 5 }),
      job({ CompanyName: false }),
      job({ DataScope: 'USA' }),
      job({ DataScope: [] }),
      job({ DataScope: null }),
      job({ DataScope: { FTEValue: '100' } }),
      job({ DataScope: { Revenue: null } }),
      job({ DataScope: { ZipCode: 94105 } }),
      job({ DataScope: { NAICSCode: 51 } }),
      job({ JobDesc: null }),
    ];
    for (const body of wrong) expect(parseJob(body)).toEqual({ ok: false, message: MSG.serviceFailed });
  });

  it('D4: missing optional fields mean "" and 0; text is trimmed; unknown fields are ignored', () => {
    expect(parseJob({ JobTitle: '  Accountant ', Extra: 1, DataScope: { State: ' CA ' } })).toEqual({
      ok: true,
      spec: {
        title: 'Accountant',
        description: '',
        company: '',
        scope: { country: '', state: 'CA', city: '', zip: '', naics: '', fte: 0, revenue: 0 },
      },
    });
  });

  it('D5: both FTEValue and Revenue > 0 fails with the spec message; negative fails with D5 message', () => {
    expect(parseJob(job({ DataScope: { FTEValue: 10, Revenue: 5 } }))).toEqual({
      ok: false,
      message: MSG.bothFteAndRevenue,
    });
    expect(parseJob(job({ DataScope: { FTEValue: -1 } }))).toEqual({
      ok: false,
      message: MSG.negativeFteOrRevenue,
    });
    expect(parseJob(job({ DataScope: { FTEValue: 10, Revenue: 0 } })).ok).toBe(true);
  });

  it('D7: City without State and ZipCode is incomplete; with either it passes', () => {
    expect(parseJob(job({ DataScope: { City: 'Austin' } }))).toEqual({
      ok: false,
      message: MSG.locationIncomplete,
    });
    expect(parseJob(job({ DataScope: { City: 'Austin', State: 'TX' } })).ok).toBe(true);
    expect(parseJob(job({ DataScope: { City: 'Austin', ZipCode: '78701' } })).ok).toBe(true);
  });
});

describe('planBatch (D12)', () => {
  const sub = (id: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    SubRequestID: id,
    ...job(extra),
  });

  it('a body that is not an array fails as a whole with Get the service failed.', () => {
    for (const body of [{}, job(), null, 'x', 3])
      expect(planBatch(body)).toEqual({ kind: 'reject', message: MSG.serviceFailed });
  });

  it('more than 200 sub-requests is checked before anything else', () => {
    const many = Array.from({ length: 201 }, () => ({ SubRequestID: 'same' }));
    expect(planBatch(many)).toEqual({ kind: 'reject', message: MSG.batchLimitExceeded });
    const ok = Array.from({ length: 200 }, (_, i) => sub(`r${i}`));
    expect(planBatch(ok).kind).toBe('price');
  });

  it('D12: an empty array fails with the D12 message', () => {
    expect(planBatch([])).toEqual({ kind: 'reject', message: MSG.batchEmpty });
  });

  it('every occurrence of a repeated SubRequestID is an offending sub-request, in request order', () => {
    const plan = planBatch([sub('a'), sub('b'), sub('a'), sub('c'), sub('b'), sub('a')]);
    expect(plan).toEqual({
      kind: 'duplicates',
      items: ['a', 'b', 'a', 'b', 'a'].map((id) => ({
        SubRequestID: id,
        ErrorMessage: MSG.duplicateSubRequestId(id),
      })),
    });
  });

  it('D12: a lacking (missing, null, blank) SubRequestID gives an item without it; the rest are planned', () => {
    const plan = planBatch([sub('a'), job(), sub(null), sub('  '), sub('b', { JobTitle: '' })]);
    expect(plan).toEqual({
      kind: 'price',
      entries: [
        { subRequestId: 'a', job: expect.objectContaining({ ok: true }) },
        { subRequestId: undefined, job: { ok: false, message: MSG.subRequestIdRequired } },
        { subRequestId: undefined, job: { ok: false, message: MSG.subRequestIdRequired } },
        { subRequestId: undefined, job: { ok: false, message: MSG.subRequestIdRequired } },
        { subRequestId: 'b', job: { ok: false, message: MSG.serviceFailed } },
      ],
    });
  });

  it('D4: a non-string SubRequestID or a non-object entry is an item without SubRequestID and Get the service failed.', () => {
    const plan = planBatch([sub(7), 'Accountant', sub('ok')]);
    expect(plan).toEqual({
      kind: 'price',
      entries: [
        { subRequestId: undefined, job: { ok: false, message: MSG.serviceFailed } },
        { subRequestId: undefined, job: { ok: false, message: MSG.serviceFailed } },
        { subRequestId: 'ok', job: expect.objectContaining({ ok: true }) },
      ],
    });
  });
});

describe('parseCandidateQuery (D18) and JobCode (D19)', () => {
  it('D19: JobCode is kept trimmed when sent, absent otherwise', () => {
    expect(parseJob(job({ JobCode: ' 15-1252.00 ' }))).toMatchObject({
      ok: true,
      spec: { jobCode: '15-1252.00' },
    });
    const plain = parseJob(job());
    expect(plain.ok && 'jobCode' in plain.spec).toBe(false);
    expect(parseJob(job({ JobCode: 15 }))).toEqual({ ok: false, message: 'Get the service failed.' });
    expect(parseJob(job({ JobCode: null }))).toEqual({ ok: false, message: 'Get the service failed.' });
  });

  it('D18: MaxCandidates defaults to 5 and must be a whole number from 1 to 10', () => {
    expect(parseCandidateQuery(job())).toMatchObject({ ok: true, maxCandidates: 5 });
    expect(parseCandidateQuery(job({ MaxCandidates: 1 }))).toMatchObject({ ok: true, maxCandidates: 1 });
    expect(parseCandidateQuery(job({ MaxCandidates: 10 }))).toMatchObject({ ok: true, maxCandidates: 10 });
    for (const max of [0, 11, 1.5, -3])
      expect(parseCandidateQuery(job({ MaxCandidates: max }))).toEqual({
        ok: false,
        message: 'MaxCandidates must be a whole number from 1 to 10.',
      });
    expect(parseCandidateQuery(job({ MaxCandidates: '3' }))).toEqual({
      ok: false,
      message: 'Get the service failed.',
    });
  });

  it('D18: the job rules come first, exactly as for pricing', () => {
    expect(parseCandidateQuery({ JobTitle: '', MaxCandidates: 0 })).toEqual({
      ok: false,
      message: 'Get the service failed.',
    });
    expect(parseCandidateQuery(job({ DataScope: { City: 'Austin' } }))).toEqual({
      ok: false,
      message: 'Location request is incomplete',
    });
  });

  it('D21: a SubRequestID over 100 characters is an error item that echoes it; 100 is fine', () => {
    const plan = planItems(
      [job({ SubRequestID: 'x'.repeat(101) }), job({ SubRequestID: 'y'.repeat(100) })],
      parseCandidateQuery,
    );
    expect(plan.kind).toBe('price');
    if (plan.kind !== 'price') return;
    expect(plan.entries[0]).toEqual({
      subRequestId: 'x'.repeat(101),
      job: { ok: false, message: 'SubRequestID is too long (at most 100 characters).' },
    });
    expect(plan.entries[1]?.job.ok).toBe(true);
  });
});
