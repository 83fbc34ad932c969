import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { accepted, HELDOUT_TITLES, SEALED_TITLES, type EvalTitle } from './heldout-titles';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * Accuracy on the evaluation lists of heldout-titles.ts (common HR titles, none in matcher.test.ts's
 * table). Measured: HELDOUT 152/178 (85.4%) before the v10 scorer changes, 162/178 (91.0%) after
 * (tuned while looking at it); SEALED, looked at once at the end and not tuned on: 37/44 (84.1%)
 * before and after (the same seven titles missed; two now miss more sensibly: "Senior Product Owner"
 * goes to Marketing Managers, not Urologists). The thresholds are these figures minus a margin of
 * about three titles, so a change that loses a few titles fails here.
 */
let matcher: OnetMatcher;

beforeAll(async () => {
  matcher = await loadRealMatcher();
}, 120_000);

function accuracy(list: readonly EvalTitle[]): { share: number; misses: string[] } {
  const misses = list
    .filter((e) => !accepted(e, matcher.match(e.title, e.description ?? '')?.socCode))
    .map((e) => e.title);
  return { share: (list.length - misses.length) / list.length, misses };
}

describe('held-out HR titles', () => {
  test('the lists are as large as their purpose needs', () => {
    expect(HELDOUT_TITLES.length).toBeGreaterThanOrEqual(120);
    expect(SEALED_TITLES.length).toBeGreaterThanOrEqual(40);
  });

  test('HELDOUT_TITLES: at least 89% matched to a code an analyst accepts', () => {
    const { share, misses } = accuracy(HELDOUT_TITLES);
    if (share < 0.89) throw new Error(`${(share * 100).toFixed(1)}%; missed: ${misses.join('; ')}`);
    expect(share).toBeGreaterThanOrEqual(0.89);
  });

  test('SEALED_TITLES: at least SEALED_MIN matched', () => {
    expect(accuracy(SEALED_TITLES).share).toBeGreaterThanOrEqual(SEALED_MIN);
  });
});

/** The one measurement on the sealed list, 37/44, minus two titles. */
const SEALED_MIN = 0.79;

describe('the general rules behind the v10 fixes (diagnosed with rank())', () => {
  const soc = (title: string, desc = ''): string | undefined => matcher.match(title, desc)?.socCode;

  test('a rare one-word title in another sense does not beat the rest: "Product Owner" is not a physician', () => {
    expect(soc('Product Owner')?.startsWith('29-')).toBe(false);
    // Exactly what it is instead, not "any 11- code" (a loose bound would pass anything): read through its
    // head noun's equivalent as "Product Manager", which O*NET files under Marketing Managers. Its held-out
    // entry does not accept that, and the held-out figures count it as a miss.
    expect(soc('Product Owner')).toBe(soc('Product Manager'));
    expect(soc('Product Owner')).toBe('11-2021');
  });

  test('head-noun agreement with the occupation title: a Quality Engineer is an engineer', () => {
    expect(['17-2112', '17-2199']).toContain(soc('Quality Engineer'));
  });

  test('head-noun synonyms: a call-center agent is a customer service representative; a foreman a supervisor', () => {
    expect(soc('Call Center Agent')).toBe('43-4051');
    expect(soc('Construction Foreman')).toBe('47-1011');
  });

  test('employment prior, shared among the O*NET codes of one SOC code, and residual codes give way', () => {
    expect(soc('IT Manager')).toBe('11-3021');
    expect(['11-9199', '13-1082', '11-1021']).toContain(soc('Program Manager'));
  });

  test('a closed compound is split into the words O*NET uses', () => {
    expect(soc('Stockbroker')).toBe('41-3031');
  });

  test('every postsecondary "Professor" title stays among postsecondary teachers', () => {
    expect(soc('Adjunct Professor')?.startsWith('25-1')).toBe(true);
  });
});
