import { atInspectorTitle } from '../../../src/service/matching/inspector-title';
import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * An inspector's title is answered by an inspection occupation where one is close, not by the field's
 * other workers (docs/methodology.md §2a, "Tenth round, inspectors"). Our own example titles.
 */

/**
 * Occupation 0 operates cranes (no title names an inspector), 1 is an inspection occupation, 2 lists one
 * inspector's title among many and is none.
 */
const TITLE_WORDS = [
  new Set(['crane', 'operator']),
  new Set(['inspector']),
  new Set(['inspector', 'helper']),
];
const titleHas = (o: number, w: string): boolean => TITLE_WORDS[o]?.has(w) === true;
const INSPECTION = Uint8Array.from([0, 1, 0]);
const ranking = (words: string[], ...entries: [number, number][]): Ranking => ({
  words,
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: score >= 0.85 ? 'Confident' : 'Probable' })),
});
const order = (r: Ranking): number[] => r.list.map((e) => e.o);
const headOf = (words: string[]) => (): string | null => words.at(-1) ?? null;

describe('atInspectorTitle', () => {
  it('moves an answer whose titles never name an inspector to a close inspection occupation, at most Probable', () => {
    const words = ['crane', 'inspector'];
    const out = atInspectorTitle(
      ranking(words, [0, 0.9], [2, 0.88], [1, 0.8]),
      headOf(words),
      titleHas,
      INSPECTION,
    );
    expect(order(out)).toEqual([1, 0, 2]);
    expect(out.list[0]?.rating).toBe('Probable');
  });

  it('keeps an answer that names an inspector, one far ahead, and titles with another head', () => {
    const words = ['crane', 'inspector'];
    const named = ranking(words, [2, 0.9], [1, 0.89]);
    expect(atInspectorTitle(named, headOf(words), titleHas, INSPECTION)).toBe(named);
    const far = ranking(words, [0, 0.9], [1, 0.7]);
    expect(atInspectorTitle(far, headOf(words), titleHas, INSPECTION)).toBe(far);
    const supervisor = ['inspector', 'supervisor'];
    const ranked = ranking(supervisor, [0, 0.9], [1, 0.89]);
    expect(atInspectorTitle(ranked, headOf(supervisor), titleHas, INSPECTION)).toBe(ranked);
    const bare = ranking(['inspector'], [0, 0.9], [1, 0.89]);
    expect(atInspectorTitle(bare, headOf(['inspector']), titleHas, INSPECTION)).toBe(bare);
  });
});

describe('an inspector in the real matcher', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('reads an inspector of vehicles and of structures as an inspection occupation', () => {
    expect(matcher.match('Rail car inspector', '')?.socCode).toBe('53-6051');
    expect(matcher.match('Transit bus inspector', '')?.socCode).toBe('53-6051');
    expect(matcher.match('Dam inspector', '')?.socCode).toBe('47-4011');
    expect(matcher.match('Dam inspector', '')?.rating).not.toBe('Confident');
  });

  it('leaves an inspector answered by an occupation that lists inspectors, and other heads, as they are', () => {
    expect(matcher.match('Termite inspector', '')?.socCode).toBe('37-2021');
    expect(matcher.match('Crane operator', '')?.socCode).toBe('53-7021');
  });
});
