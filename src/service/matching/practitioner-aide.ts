import type { ListedAs } from './rank-answer';
import { inferred, leading, listsTitle, type RankedEntry, type Ranking } from './ranking';

/** The words that name an aide or a helper of the job the rest of the title names. */
const AIDE_WORDS: ReadonlySet<string> = new Set(['aide', 'aides', 'helper', 'helpers']);

/** The SOC's residual of healthcare support (31-9099 "all healthcare support workers not listed separately"). */
export const HEALTHCARE_SUPPORT_RESIDUAL = '31-9099';

/**
 * An aide or helper of a healthcare practitioner is a healthcare support worker
 * (docs/methodology.md §2a, "Tenth round", food).
 *
 * The SOC keeps the practitioners (29-0000) apart from the workers who aid them (31-0000): the
 * therapists' aides are 31-2012 and 31-2022, the dentists' helpers are dental assistants (31-9091), the
 * pharmacists' aides 31-9095, and an aide of any other practitioner falls to 31-9099, "all healthcare
 * support workers not listed separately". No occupation of major group 29 is an aide. A title such as
 * "Radiology aide" or "Helper podiatrist" shares its distinctive words with the practitioner's own
 * titles, though, and the practitioner wins the ranking. So where the title names an aide or a helper,
 * the answer is a practitioner O*NET does not list the title under (word for word: listed-title.ts), and
 * the practitioner's titles do not use the aide word and every other word of the title too (O*NET files a
 * few aides under practitioners: "Dietary Aide" under the dietetic technicians), the best-ranked
 * healthcare support candidate whose titles use every other word of the title answers instead, or else
 * the group's residual, at most Probable. "Assistant" is no aide word here: physician, anesthesiologist
 * and surgical assistants are practitioners, and an "assistant professor" is a rank.
 *
 * A near-exact score is no listing here either (docs/methodology.md §2a, "Eleventh round: guards4"):
 * the aide word is common, so a practitioner's own title with it added ("Audiologist Helper" against
 * "Audiologist") scores near 1, and the aide was kept a practitioner, Confident.
 */
export function atPractitionerAide(
  ranking: Ranking,
  socCodes: readonly string[],
  /** Some O*NET title of occupation o uses the word. */
  titleHas: (o: number, word: string) => boolean,
  /** The residual's occupation index, or -1. */
  residual: number,
  /** O*NET lists a title with exactly these words under the occupation (listed-title.ts). */
  listed: ListedAs,
): Ranking {
  const { list, words } = ranking;
  const top = list[0];
  if (top === undefined) return ranking;
  const aide = words.find((w) => AIDE_WORDS.has(w));
  if (aide === undefined || !(socCodes[top.o] as string).startsWith('29-')) return ranking;
  if (listsTitle(top) && listed(top.o, words)) return ranking;
  const named = words.filter((w) => !AIDE_WORDS.has(w));
  if (titleHas(top.o, aide) && named.every((w) => titleHas(top.o, w))) return ranking;
  const support = list.find(
    (e) => (socCodes[e.o] as string).startsWith('31-') && named.every((w) => titleHas(e.o, w)),
  );
  const answer: RankedEntry | undefined =
    support ?? (residual < 0 ? undefined : { o: residual, score: top.score, rating: top.rating });
  return answer === undefined ? ranking : leading(ranking, { ...answer, rating: inferred(top.rating) });
}
