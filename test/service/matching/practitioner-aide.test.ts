import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { atPractitionerAide } from '../../../src/service/matching/practitioner-aide';
import type { Ranking } from '../../../src/service/matching/ranking';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * An aide or helper of a healthcare practitioner is a healthcare support worker
 * (docs/methodology.md §2a, "Tenth round", food). Our own example titles.
 */

/**
 * Occupation 0 is a practitioner (audiologists), 1 a practitioner some title of which names an aide
 * with the same words, 2 a support occupation whose titles use the title's words, 3 a support
 * occupation whose titles do not, 4 the support group's residual.
 */
const SOC = ['29-1181', '29-2099', '31-9092', '31-1122', '31-9099'];
const TITLE_WORDS = [
  new Set(['audiologist', 'audiology', 'hearing']),
  new Set(['aide', 'audiology', 'hearing', 'technician']),
  new Set(['hearing', 'assistant']),
  new Set(['aide', 'personal', 'care']),
  new Set(['healthcare', 'support']),
];
const titleHas = (o: number, w: string): boolean => TITLE_WORDS[o]?.has(w) === true;
/** O*NET lists "Audiology Aide" word for word under occupation 0 (listed-title.ts), nothing else. */
const listed = (o: number, words: readonly string[]): boolean =>
  o === 0 && [...words].sort().join(' ') === 'aide audiology';
const ranking = (words: string[], ...entries: [number, number][]): Ranking => ({
  words,
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: score >= 0.85 ? 'Confident' : 'Probable' })),
});
const order = (r: Ranking): number[] => r.list.map((e) => e.o);

describe('atPractitionerAide', () => {
  it('answers an aide of a practitioner by the support candidate whose titles use the other words', () => {
    const out = atPractitionerAide(
      ranking(['hearing', 'aide'], [0, 0.6], [3, 0.4], [2, 0.3]),
      SOC,
      titleHas,
      4,
      listed,
    );
    expect(order(out)).toEqual([2, 0, 3]);
    expect(out.list[0]?.rating).toBe('Probable');
  });

  it("falls to the support group's residual where no support candidate uses the title's words", () => {
    const out = atPractitionerAide(
      ranking(['audiology', 'aide'], [0, 0.6], [3, 0.4]),
      SOC,
      titleHas,
      4,
      listed,
    );
    expect(order(out)).toEqual([4, 0, 3]);
  });

  it('reads "helper" as an aide too', () => {
    const out = atPractitionerAide(ranking(['helper', 'audiologist'], [0, 0.6]), SOC, titleHas, 4, listed);
    expect(out.list[0]?.o).toBe(4);
  });

  it('keeps a practitioner O*NET lists the title under, or whose titles name the aide with those words', () => {
    const kept = ranking(['audiology', 'aide'], [0, 0.95], [3, 0.4]);
    expect(atPractitionerAide(kept, SOC, titleHas, 4, listed)).toBe(kept);
    const named = ranking(['audiology', 'aide'], [1, 0.6], [3, 0.4]);
    expect(atPractitionerAide(named, SOC, titleHas, 4, listed)).toBe(named);
  });

  it('moves a near-exact practitioner that O*NET does not list the title under word for word', () => {
    // "Audiologist Helper" scores near 1 against the practitioner's own "Audiologist":
    // docs/methodology.md §2a, "Eleventh round: guards4".
    const out = atPractitionerAide(ranking(['audiologist', 'helper'], [0, 0.95]), SOC, titleHas, 4, listed);
    expect(out.list[0]?.o).toBe(4);
    expect(out.list[0]?.rating).toBe('Probable');
  });

  it('leaves a title without an aide word, or an answer outside the practitioners, alone', () => {
    const plain = ranking(['audiology', 'technician'], [0, 0.6]);
    expect(atPractitionerAide(plain, SOC, titleHas, 4, listed)).toBe(plain);
    const support = ranking(['care', 'aide'], [3, 0.6], [0, 0.4]);
    expect(atPractitionerAide(support, SOC, titleHas, 4, listed)).toBe(support);
  });
});

describe('practitioner aides in the matcher (real O*NET data)', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('answers aides of practitioners in healthcare support', () => {
    expect(matcher.match('Audiology aide', '')?.socCode).toBe('31-9099');
    expect(matcher.match('Nuclear medicine aide', '')?.socCode).toBe('31-9099');
  });

  it("answers a helper of a practitioner whose own title the helper's scores near, not word for word", () => {
    // Near-exact against "Audiologist" and "Registered Pharmacist", listed under neither:
    // docs/methodology.md §2a, "Eleventh round: guards4".
    expect(matcher.match('Audiologist helper', '')?.socCode).toBe('31-9099');
    expect(matcher.match('Registered pharmacist helper', '')?.socCode).toMatch(/^31-/);
  });

  it('keeps the aides O*NET lists, and the assistants that are practitioners', () => {
    expect(matcher.match('Physical therapy aide', '')?.socCode).toBe('31-2022');
    expect(matcher.match('Physician assistant', '')?.socCode).toBe('29-1071');
  });
});
