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

  /**
   * The first-line supervisors' family, computed here on its own: its members (own titles "First-Line
   * Supervisors of …"), the words every member's own title holds, and the mean norm of those own titles.
   */
  function supervisorFamily(): { members: Set<number>; words: Set<number>; norm: number } {
    const { titles } = part;
    const norms = new Map<number, number>();
    const counts = new Map<number, number>();
    part.occupations.titles.forEach((title, o) => {
      if (!/^first-line supervisors\b/i.test(title)) return;
      const t = titles.occ.findIndex((occ, i) => occ === o && titles.kind[i] === 0);
      const tw = Array.from(titles.words.slice(titles.start[t], titles.start[t + 1]));
      norms.set(o, Math.sqrt(tw.reduce((a, w) => a + (index.idf[w] as number) ** 2, 0)));
      for (const w of new Set(tw)) counts.set(w, (counts.get(w) ?? 0) + 1);
    });
    const words = new Set([...counts].filter(([, n]) => n === norms.size).map(([w]) => w));
    const norm = [...norms.values()].reduce((a, b) => a + b, 0) / norms.size;
    return { members: new Set(norms.keys()), words, norm };
  }

  /**
   * The plain pass: every title's cosine with the query, summed in query order. A first-line
   * supervisor's own title that shares only the words every such title holds has the family's norm.
   */
  function bruteForce(words: readonly string[], head: string | null, factor: number, headless: number) {
    const { titles, vocab } = part;
    const family = supervisorFamily();
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
      let familyOnly = true;
      ids.forEach((id, i) => {
        if (id >= 0 && tw.includes(id)) {
          dot += sqs[i] as number;
          shared = true;
          if (!family.words.has(id)) familyOnly = false;
        }
      });
      if (!shared) continue;
      const norm = Math.sqrt(tw.reduce((a, w) => a + (index.idf[w] as number) ** 2, 0));
      const o = titles.occ[t] as number;
      const c = (dot / (queryNorm * norm)) * factor;
      const hasHead = head !== null && tw.includes(vocab.indexOf(head));
      const s = c * (weights[t] as number) * (hasHead ? 1 : headless);
      if (s > (best.get(o) ?? 0)) best.set(o, s);
      const ownNorm = family.members.has(o) && familyOnly ? family.norm : norm;
      const ownC = (dot / (queryNorm * ownNorm)) * factor;
      if (titles.kind[t] === 0 && ownC > (own.get(o) ?? 0)) own.set(o, ownC);
    }
    return { best, own, queryNorm, family };
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
    [['zeppelin', 'supervisor'], 'supervisor'],
    [['first', 'line', 'supervisor', 'retail', 'sale', 'worker'], 'supervisor'],
  ];

  it.each(QUERIES)('%j scores every occupation as a pass over all titles does', (words, head) => {
    const factor = 0.95;
    const headless = 0.85;
    const expected = bruteForce(words, head, factor, headless);
    const reach = index.reach(words, index.newReach());
    expect(reach.queryNorm).toBe(expected.queryNorm);
    const reached = new Set(Array.from(reach.occupations.subarray(0, reach.count)));
    expect(reached).toEqual(new Set(expected.best.keys()));
    // The bounds bound: no occupation scores above bestBound, and ownCosine is the own title's cosine
    // (for a first-line supervisor, a bound on it: the family's norm or its own, whichever is smaller).
    for (let at = 0; at < reach.count; at++) {
      const o = reach.occupations[at] as number;
      expect((expected.best.get(o) ?? 0) / factor).toBeLessThanOrEqual(
        (reach.bestBound[at] as number) * (1 + 1e-12),
      );
      const ownCosine = (expected.own.get(o) ?? 0) / factor;
      if (expected.family.members.has(o))
        expect(ownCosine).toBeLessThanOrEqual((reach.ownCosine[at] as number) * (1 + 1e-12));
      else expect(reach.ownCosine[at]).toBeCloseTo(ownCosine, 12);
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

  // docs/methodology.md §2a, "Eleventh round: supervisors2": the first-line supervisor groups' own titles
  // share their rank words; how many workers each one then lists does not decide between them.
  it('gives every first-line supervisor group the same own-title cosine for a title that shares only the rank', () => {
    const groups = part.occupations.titles.flatMap((t, o) =>
      /^first-line supervisors\b/i.test(t) ? [o] : [],
    );
    expect(groups.length).toBeGreaterThan(20);
    const cosines = (words: string[]): Map<number, number> => {
      const reach = index.reach(words, index.newReach());
      const keep = new Uint8Array(part.occupations.codes.length).fill(1);
      const own = new Float64Array(keep.length);
      index.scoreTitles(reach, 'supervisor', keep, 1, 0.85, new Float64Array(keep.length), own);
      return new Map(groups.map((o) => [o, own[o] as number]));
    };
    const rankOnly = new Set(cosines(['zeppelin', 'supervisor']).values());
    expect(rankOnly.size).toBe(1);
    expect([...rankOnly][0]).toBeGreaterThan(0);
    // A word of one group's own title still sets that group apart.
    const retail = groups.find((o) => /retail/i.test(part.occupations.titles[o] as string)) as number;
    const named = cosines(['retail', 'supervisor']);
    for (const o of groups)
      if (o !== retail) expect(named.get(retail)).toBeGreaterThan(named.get(o) as number);
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
