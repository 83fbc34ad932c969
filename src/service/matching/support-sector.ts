import { inferred, leading, type Ranking } from './ranking';

/** SOC major groups of the healthcare practitioners (29-0000) and of the workers who support them (31-0000). */
const PRACTITIONERS = '29-';
const SUPPORT = '31-';
/** Words that name one who assists another's practice ("Dental Assistants", "Pharmacy Aides"). */
const ASSISTING_WORDS: ReadonlySet<string> = new Set(['aide', 'helper', 'assistant']);

/**
 * An aide of a practitioner stays a healthcare support worker through the industry's weighing
 * (docs/methodology.md §2a, "Eleventh round: people2").
 *
 * The SOC keeps the healthcare practitioners (29-0000) apart from the workers who aid them (31-0000), and
 * the title decides which one is meant: "Helper podiatrist" reads as the podiatrist's helper
 * (practitioner-aide.ts, head-first-readings.ts), a support worker. The industry's weighing
 * (sector-prior.ts) takes the candidates in order with each score capped by those ranked before it, so
 * the helper and the better-scored practitioner tie at the helper's score and the sector chooses; but a
 * practice's aides and its practitioners work in the same industries (a podiatrist's office employs both),
 * so the sector cannot tell them apart, and the practitioner, the bigger employer there, won. Where the
 * title names an assisting word (aide, helper, assistant), the ranking before the weighing led with a
 * healthcare support worker and the weighing put a practitioner first, that support worker answers, at
 * most Probable. A title naming none (a practitioner's title read through a schooling clause as the
 * practice's assistants) is left to the weighing.
 */
export function atSupportSector(weighed: Ranking, before: Ranking, socCodes: readonly string[]): Ranking {
  const top = weighed.list[0];
  const first = before.list[0];
  if (top === undefined || first === undefined || top.o === first.o) return weighed;
  if (
    !(socCodes[first.o] as string).startsWith(SUPPORT) ||
    !(socCodes[top.o] as string).startsWith(PRACTITIONERS) ||
    !before.words.some((w) => ASSISTING_WORDS.has(w))
  )
    return weighed;
  const kept = weighed.list.find((e) => e.o === first.o);
  return kept === undefined ? weighed : leading(weighed, { ...kept, rating: inferred(kept.rating) });
}
