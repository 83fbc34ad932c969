import { jobSpec } from '../../../src/domain/job';
import { FULL_SCOPE, type Matcher, type MatchMemo } from '../../../src/service/contracts';
import { createPricingEngine } from '../../../src/service/engine/engine';
import { socMatcher, testIndex } from './test-index';

/**
 * A batch's jobs share a MatchMemo (contracts.ts): each distinct title and description is matched once,
 * and every answer is what pricing the job alone gives.
 */

let calls: string[];
let engine: ReturnType<typeof createPricingEngine>;
beforeAll(async () => {
  const index = await testIndex();
  const inner = socMatcher(index);
  const counting: Matcher = {
    ...inner,
    match(title, description) {
      calls.push(`${title}|${description}`);
      return inner.match(title, description);
    },
  };
  engine = createPricingEngine(index, counting);
}, 120_000);
beforeEach(() => {
  calls = [];
});

/** A sheet's rows: titles repeated across places, sectors and sizes, one that matches nothing, one pinned. */
const JOBS = [
  ...['CA', 'TX', 'NY', ''].flatMap((state, i) => [
    jobSpec({ title: 'soc:29-1141', scope: { state, naics: i % 2 ? '62' : '' } }),
    jobSpec({ title: 'soc:15-1252@+1', scope: { state, fte: 250 * (i + 1) } }),
    jobSpec({ title: 'soc:15-1252@+1', description: 'Builds services.', scope: { state } }),
    jobSpec({ title: 'Not a title at all', scope: { state } }),
  ]),
  jobSpec({ title: 'soc:29-1141', jobCode: '13-2011.00', scope: { state: 'CA' } }),
];

test('a batch matches each distinct title and description once', () => {
  const memo: MatchMemo = new Map();
  for (const job of JOBS) engine.price(job, FULL_SCOPE, memo);
  // Four distinct (title, description) pairs, the one that matches nothing included; the pinned job
  // does not match its title at all (D19).
  expect(calls.sort()).toEqual([
    'Not a title at all|',
    'soc:15-1252@+1|',
    'soc:15-1252@+1|Builds services.',
    'soc:29-1141|',
  ]);
});

test('every answer is the one the job gets alone', () => {
  const memo: MatchMemo = new Map();
  const together = JOBS.map((job) => engine.price(job, FULL_SCOPE, memo));
  const alone = JOBS.map((job) => engine.price(job, FULL_SCOPE));
  expect(together).toEqual(alone);
  expect(together.filter((o) => o.ok)).toHaveLength(13);
});
