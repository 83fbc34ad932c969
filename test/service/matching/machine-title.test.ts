import { atMachineTitle } from '../../../src/service/matching/machine-title';
import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A machine worker's title ("… operator", "… tender") is answered by an occupation whose titles name that
 * worker, where one is close (docs/methodology.md §2a, "Ninth round, machine titles"). Our own example
 * titles.
 */

/** Occupation 0 is a clerk (no title says "operator"), 1 a machine operator, 2 a supervisor who lists one. */
const TITLE_WORDS = [new Set(['clerk', 'posting']), new Set(['machine', 'operator']), new Set(['operator'])];
const titleHas = (o: number, w: string): boolean => TITLE_WORDS[o]?.has(w) === true;
const supervisor = (o: number): boolean => o === 2;
const ranking = (words: string[], ...entries: [number, number][]): Ranking => ({
  words,
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: score >= 0.85 ? 'Confident' : 'Probable' })),
});
const order = (r: Ranking): number[] => r.list.map((e) => e.o);

describe('atMachineTitle', () => {
  it('moves an answer whose titles never name the worker to a close candidate that does, at most Probable', () => {
    const out = atMachineTitle(
      ranking(['posting', 'machine', 'operator'], [0, 0.9], [1, 0.86]),
      titleHas,
      supervisor,
    );
    expect(order(out)).toEqual([1, 0]);
    expect(out.list[0]?.rating).toBe('Probable');
  });

  it('keeps an answer that names the worker, a candidate further behind, and titles of other heads', () => {
    const named = ranking(['posting', 'machine', 'operator'], [1, 0.8], [0, 0.79]);
    expect(atMachineTitle(named, titleHas, supervisor)).toBe(named);
    const far = ranking(['posting', 'machine', 'operator'], [0, 0.8], [1, 0.74]);
    expect(atMachineTitle(far, titleHas, supervisor)).toBe(far);
    const clerk = ranking(['posting', 'machine', 'clerk'], [0, 0.8], [1, 0.79]);
    expect(atMachineTitle(clerk, titleHas, supervisor)).toBe(clerk);
    const bare = ranking(['operator'], [0, 0.8], [1, 0.79]);
    expect(atMachineTitle(bare, titleHas, supervisor)).toBe(bare);
  });

  it('passes over a candidate the title fits no better', () => {
    const out = atMachineTitle(
      ranking(['posting', 'operator'], [0, 0.8], [2, 0.79], [1, 0.78]),
      titleHas,
      supervisor,
    );
    expect(order(out)).toEqual([1, 0, 2]);
  });
});

describe('a machine worker in the real matcher', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('reads a processing operator at a mine as an operator, not the mining engineers', () => {
    const m = matcher.match('Mine processing operator', '');
    expect(m?.socCode.startsWith('51-')).toBe(true);
    expect(m?.rating).not.toBe('Confident');
  });

  it('leaves a title whose answer names the worker as it is', () => {
    expect(matcher.match('Forklift operator', '')?.socCode).toBe('53-7051');
    expect(matcher.match('Cash register machine operator', '')?.socCode).toBe('41-2011');
  });
});
