import { inferred, leading, type Ranking } from './ranking';

/** Words that name the head of a business by owning it. */
const OWNER_WORDS: ReadonlySet<string> = new Set(['owner', 'proprietor']);

/**
 * A title that is only an owner's word ("Owner", "Proprietor") names the head of a business, a manager
 * (docs/methodology.md §2a, "Eleventh round: managers2").
 *
 * O*NET's sample of reported titles lists a bare "Owner" under the urologists (a respondent who owns
 * the practice), and as a reported title it outweighs the titles that say what is owned ("Agency
 * Owner" under Chief Executives, "Funeral Home Owner" under Funeral Home Managers), so the title was
 * answered, Confident, as a physician specialty. The word alone says nothing of a practice: where the
 * answer to such a title is not a manager (SOC 11), the best-ranked manager answers instead, at most
 * Probable, and with an industry the sector's weighing, applied later, chooses among the managers.
 */
export function atBarePost(ranking: Ranking, isManager: (o: number) => boolean): Ranking {
  const { list, words } = ranking;
  const top = list[0];
  const only = words.length === 1 ? words[0] : undefined;
  if (top === undefined || only === undefined || !OWNER_WORDS.has(only) || isManager(top.o)) return ranking;
  const manager = list.find((e) => isManager(e.o));
  return manager === undefined ? ranking : leading(ranking, { ...manager, rating: inferred(manager.rating) });
}
