import { MACHINE_WORKERS } from './machine-title';

/**
 * A machine worker named by several of the SOC's worker nouns ("Labeling machine operator/tender",
 * "Folding machine setter/operator"; docs/methodology.md §2a, "Eleventh round: operators2"): one job, not
 * several, so the title is read with the first noun, as a job written in both its forms is
 * (gendered-pair.ts).
 *
 * The SOC names the workers of one machine by the list "Setters, Operators, and Tenders"; a title that
 * copies two or three of them says nothing the first does not. Read as written, every noun counts, and
 * the extra ones count towards the occupations whose own titles happen to list them ("… Operators and
 * Tenders") rather than those the machine's own words name ("Print Binding and Finishing Workers" has
 * none of them). Only nouns joined by a slash, "or", "and" or "and/or", each one of the machine workers'
 * (machine-title.ts), with a "set-up" or "setup" before one read as part of it.
 */

const NOUN = `(?:set[- ]?up\\s+)?(?:${[...MACHINE_WORKERS].join('|')})s?`;
const LIST = new RegExp(
  `\\b(${NOUN})(?:\\s*(?:\\band\\s*/\\s*or\\b|/|\\bor\\b|\\band\\b)\\s*${NOUN})+\\b`,
  'gi',
);
/** Most titles name one worker: a plain look for a separator comes before the pattern. */
const MAY_LIST = /\/|\bor\b|\band\b/i;

/** The title with each list of machine workers' nouns read as its first noun; as it is without one. */
export function readWorkerAlternatives(title: string): string {
  if (!MAY_LIST.test(title)) return title;
  return title.replace(LIST, (_list: string, first: string) => first);
}
