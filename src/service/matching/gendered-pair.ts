/**
 * A job written in both its forms ("Waiter/Waitress", "Host/Hostess", "Salesman/
 * Saleswoman"; docs/methodology.md §2a, "Readings"): one role, not two, so the title is read with the
 * first form. Read as two words, both forms count towards an occupation whose own title lists both
 * ("Waiters and Waitresses"), which outweighed what the rest of the title says ("Room service
 * waiter/waitress": food servers outside restaurants) and rated it Confident; and the joined-roles
 * reading would take the pair for two jobs. Only a second form in "-ess" or "-woman" that shares its
 * first letters with the first form.
 */

const PAIR = /\b([a-z]+)\s*\/\s*([a-z]+(?:ess|woman))\b/gi;
/** Letters the two forms share at least: "wait" of waiter and waitress, "act" of actor and actress. */
const SHARED = 3;

/** The title with each job written in both forms read in its first; as it is without one. */
export function readGenderedPair(title: string): string {
  if (!title.includes('/')) return title;
  return title.replace(PAIR, (pair: string, first: string, second: string) => {
    const a = first.toLowerCase();
    const b = second.toLowerCase();
    let shared = 0;
    while (shared < a.length && a[shared] === b[shared]) shared++;
    return shared >= Math.min(SHARED, a.length) ? first : pair;
  });
}
