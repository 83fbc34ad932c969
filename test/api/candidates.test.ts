import { interpretCandidateBatch } from '../../src/api/candidates';
import { NO_RESULT_MESSAGE } from '../../src/domain/messages';

/** D18 batch answers read item by item, matched by SubRequestID only (D13). */
const candidate = {
  MatchedJobCode: '15-1252.00',
  MatchedJobTitle: 'Software Developers',
  MatchRating: 'Confident',
};

test('each id gets its list, its error item, or a clear "no result"; a malformed item fails only its job', () => {
  const byId = interpretCandidateBatch(
    {
      Code: 1,
      Data: [
        { SubRequestID: 'b', Candidates: [] },
        { SubRequestID: 'a', Candidates: [candidate] },
        { SubRequestID: 'c', ErrorMessage: 'Location request is incomplete' },
        { SubRequestID: 'd', Candidates: [{ MatchedJobCode: 7 }] },
        { SubRequestID: 'zz', Candidates: [candidate] },
      ],
    },
    ['a', 'b', 'c', 'd', 'e'],
  );
  expect(byId.get('a')).toEqual({ ok: true, result: [candidate] });
  expect(byId.get('b')).toEqual({ ok: true, result: [] });
  expect(byId.get('c')).toEqual({ ok: false, kind: 'service', message: 'Location request is incomplete' });
  expect(byId.get('d')).toMatchObject({ ok: false, kind: 'transport' });
  expect(byId.get('e')).toEqual({ ok: false, kind: 'transport', message: NO_RESULT_MESSAGE });
  expect(byId.has('zz')).toBe(false);
});

test('a whole-batch refusal (Code -1) fails every id with the service message', () => {
  const byId = interpretCandidateBatch(
    { Code: -1, Message: 'Batch request must contain at least one subrequest.' },
    ['a'],
  );
  expect(byId.get('a')).toEqual({
    ok: false,
    kind: 'service',
    message: 'Batch request must contain at least one subrequest.',
  });
});
