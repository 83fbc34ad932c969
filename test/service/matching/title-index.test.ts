import type { OnetPart } from '../../../src/service/data/onet/part';
import { TitleIndex } from '../../../src/service/matching/title-index';
import { loadRealOnetPart } from './onet-part-fixture';

/**
 * The title index reads few titles, for speed: reach() bounds each occupation without
 * reading a title, and scoreTitles() skips the bulk of an occupation's titles that share only its most
 * common query word. Both must give what a plain pass over all 59,000 titles gives, to the last bit:
 * these tests compute that pass here, independently, and compare.
 */
describe('TitleIndex (exact while reading few titles)', () => {
  let part: OnetPart;
  let index: TitleIndex;
  let weights: Float64Array;

  beforeAll(async () => {
    part = await loadRealOnetPart();
    // Any positive per-title weights: the kinds' weights vary by a few hundredths, these by more.
    weights = Float64Array.from(part.titles.kind, (k, t) => 0.8 + 0.05 * k + 0.001 * (t % 7));
    index = new TitleIndex(part, weights);
  }, 120_000);

  /** The plain pass: every title's cosine with the query, summed in query order. */
  function bruteForce(words: readonly string[], head: string | null, factor: number, headless: number) {
    const { titles, vocab } = part;
    const ids = words.map((w) => vocab.indexOf(w));
    const sqs = words.map((w, i) => {
      const id = ids[i] as number;
      const idf = id < 0 ? 0 : (index.idf[id] as number);
      return (idf === 0 ? index.unknownIdf : idf) ** 2;
    });
    const queryNorm = Math.sqrt(sqs.reduce((a, b) => a + b, 0));
    const best = new Map<number, number>();
    const own = new Map<number, number>();
    for (let t = 0; t < titles.occ.length; t++) {
      const tw = titles.words.slice(titles.start[t], titles.start[t + 1]);
      let dot = 0;
      let shared = false;
      ids.forEach((id, i) => {
        if (id >= 0 && tw.includes(id)) {
          dot += sqs[i] as number;
          shared = true;
        }
      });
      if (!shared) continue;
      const norm = Math.sqrt(tw.reduce((a, w) => a + (index.idf[w] as number) ** 2, 0));
      const o = titles.occ[t] as number;
      const c = (dot / (queryNorm * norm)) * factor;
      const hasHead = head !== null && tw.includes(vocab.indexOf(head));
      const s = c * (weights[t] as number) * (hasHead ? 1 : headless);
      if (s > (best.get(o) ?? 0)) best.set(o, s);
      if (titles.kind[t] === 0 && c > (own.get(o) ?? 0)) own.set(o, c);
    }
    return { best, own, queryNorm };
  }

  const QUERIES: Array<[string[], string | null]> = [
    [['punch', 'press', 'operator'], 'operator'],
    [['machine', 'operator'], 'operator'],
    [['registered', 'nurse'], 'nurse'],
    [['nurse'], null],
    [['software', 'engineer'], 'engineer'],
    [['senior', 'account', 'clerk'], 'clerk'],
    [['maintenance', 'mechanic', 'electrical'], 'mechanic'],
    [['xyzzy', 'payroll', 'specialist'], 'specialist'],
    [['asdf', 'qwerty'], null],
    [['food', 'service', 'worker', 'helper', 'assistant', 'cook', 'kitchen'], 'cook'],
  ];

  it.each(QUERIES)('%j scores every occupation as a pass over all titles does', (words, head) => {
    const factor = 0.95;
    const headless = 0.85;
    const expected = bruteForce(words, head, factor, headless);
    const reach = index.reach(words, index.newReach());
    expect(reach.queryNorm).toBe(expected.queryNorm);
    const reached = new Set(Array.from(reach.occupations.subarray(0, reach.count)));
    expect(reached).toEqual(new Set(expected.best.keys()));
    // The bounds bound: no occupation scores above bestBound, and ownCosine is the own title's cosine.
    for (let at = 0; at < reach.count; at++) {
      const o = reach.occupations[at] as number;
      expect((expected.best.get(o) ?? 0) / factor).toBeLessThanOrEqual(
        (reach.bestBound[at] as number) * (1 + 1e-12),
      );
      expect(reach.ownCosine[at]).toBeCloseTo((expected.own.get(o) ?? 0) / factor, 12);
    }
    const keep = new Uint8Array(part.occupations.codes.length);
    for (const o of reached) keep[o] = 1;
    const best = new Float64Array(keep.length);
    const own = new Float64Array(keep.length);
    index.scoreTitles(reach, head, keep, factor, headless, best, own);
    for (const o of reached) {
      expect(best[o]).toBe(expected.best.get(o));
      expect(own[o]).toBe(expected.own.get(o) ?? 0);
    }
  });

  it('scores only the occupations it is asked to keep', () => {
    const words = ['machine', 'operator'];
    const reach = index.reach(words, index.newReach());
    const keep = new Uint8Array(part.occupations.codes.length);
    const kept = reach.occupations[0] as number;
    keep[kept] = 1;
    const best = new Float64Array(keep.length);
    index.scoreTitles(reach, 'operator', keep, 1, 0.85, best, new Float64Array(keep.length));
    expect(best[kept]).toBeGreaterThan(0);
    expect(Array.from(best).filter((s) => s > 0)).toHaveLength(1);
  });

  it('takes queries longer than its 31-word mask the plain way, with the same answers', () => {
    const words = Array.from(new Set(part.vocab.filter((w) => /^[a-z]{5,}$/.test(w)).slice(0, 40)));
    const expected = bruteForce(words, null, 1, 1);
    const reach = index.reach(words, index.newReach());
    const keep = new Uint8Array(part.occupations.codes.length).fill(1);
    const best = new Float64Array(keep.length);
    const own = new Float64Array(keep.length);
    index.scoreTitles(reach, null, keep, 1, 1, best, own);
    for (const [o, s] of expected.best) expect(best[o]).toBe(s);
  });
});
