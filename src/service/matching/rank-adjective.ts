/**
 * A rank written as an adjective (docs/methodology.md §2a, "Readings"): "Supervisory Custodian",
 * "Supervisory Water Treatment Plant Operator", as U.S. federal position titles write every
 * supervisor's post. O*NET writes the rank as the noun "Supervisor", and uses "supervisory" in a few titles
 * only, mostly for the technology "supervisory control and data acquisition"; so the rare adjective pulled a
 * title to those few ("Supervisory Nurse" answered as fire supervisors, through "Supervisory Forester"),
 * or was left unexplained. It is read as the noun, and the readings of a rank word apply ("a rank or
 * helper word on a trade"). "Supervisory control" stays as written.
 */

const RANK_ADJECTIVE = /\bsupervisory\b(?!\s+control)/gi;
/** An exclusion clause names what the job is not ("exc supervisory duties"): its words stay (exclusion.ts). */
const EXCLUSION = /\b(?:exc|except|excluding)\b/i;

/** The title with a rank adjective read as its noun; as it is without one. */
export function readRankAdjective(title: string): string {
  if (!/supervisory/i.test(title)) return title;
  const clause = EXCLUSION.exec(title)?.index ?? title.length;
  return title.slice(0, clause).replace(RANK_ADJECTIVE, 'Supervisor') + title.slice(clause);
}
