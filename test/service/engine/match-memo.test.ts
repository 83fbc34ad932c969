import { jobSpec } from '../../../src/domain/job';
import { FULL_SCOPE, type Matcher, type MatchMemo } from '../../../src/service/contracts';
import { createPricingEngine } from '../../../src/service/engine/engine';
import type { PricingIndex } from '../../../src/service/data/load';
import { loadRealMatcher } from '../matching/onet-part-fixture';
import { socMatcher, testIndex } from './test-index';

/**
 * A batch's jobs share a MatchMemo (contracts.ts): each distinct title and description is matched once
 * per industry key (the sector and the level of school the industry names), and every answer is what
 * pricing the job alone gives.
 */

let calls: string[];
let index: PricingIndex;
let engine: ReturnType<typeof createPricingEngine>;
beforeAll(async () => {
  index = await testIndex();
  const inner = socMatcher(index);
  const counting: Matcher = {
    ...inner,
    match(title, description, industry) {
      calls.push(`${title}|${description}|${industry ?? ''}`);
      return inner.match(title, description, industry);
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
    // Schools: 6111 names a level of school, 611110 the same one, 6113 another.
    jobSpec({ title: 'soc:25-2021', scope: { state, naics: ['6111', '611110', '6113', ''][i] as string } }),
  ]),
  jobSpec({ title: 'soc:29-1141', jobCode: '13-2011.00', scope: { state: 'CA' } }),
];

test('a batch matches each distinct title and description once', () => {
  const memo: MatchMemo = new Map();
  for (const job of JOBS) engine.price(job, FULL_SCOPE, memo);
  // Four distinct (title, description) pairs, the one that matches nothing included, each once per
  // sector and level of school (the first industry of each is the one passed on: 611110 shares 6111's
  // match); the pinned job does not match its title at all (D19).
  expect(calls.sort()).toEqual(
    [
      'Not a title at all||',
      'soc:15-1252@+1||',
      'soc:15-1252@+1|Builds services.|',
      'soc:25-2021||',
      'soc:25-2021||6111',
      'soc:25-2021||6113',
      'soc:29-1141||',
      'soc:29-1141||62',
    ].sort(),
  );
});

test('every answer is the one the job gets alone', () => {
  const memo: MatchMemo = new Map();
  const together = JOBS.map((job) => engine.price(job, FULL_SCOPE, memo));
  const alone = JOBS.map((job) => engine.price(job, FULL_SCOPE));
  expect(together).toEqual(alone);
  expect(together.filter((o) => o.ok)).toHaveLength(17);
});

test('with the real matcher, teachers at schools and colleges get the answer each gets alone', async () => {
  const real = createPricingEngine(index, await loadRealMatcher());
  const jobs = ['Music Teacher', 'Teacher', 'Teaching Assistant', 'Principal', 'Accountant'].flatMap(
    (title) =>
      ['', '61', '62', '6111', '611110', '6112', '6113', '611310', '6115'].map((naics) =>
        jobSpec({ title, scope: { state: 'OH', naics } }),
      ),
  );
  const memo: MatchMemo = new Map();
  const together = jobs.map((job) => real.price(job, FULL_SCOPE, memo));
  expect(together).toEqual(jobs.map((job) => real.price(job, FULL_SCOPE)));
  // The industry moves the answer (else this would not test the memo's key).
  const codes = (title: string): Set<unknown> =>
    new Set(
      together.filter((_, i) => jobs[i]?.title === title).map((o) => (o.ok ? o.result.MatchedJobCode : null)),
    );
  expect(codes('Music Teacher').size).toBeGreaterThan(1);
}, 120_000);
