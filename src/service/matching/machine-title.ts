import { inferred, leading, type Ranking } from './ranking';

/**
 * A machine worker's title answered by an occupation whose titles name that worker
 * (docs/methodology.md §2a, "Ninth round, machine titles").
 *
 * The SOC names the occupations that run machines and plants by the machine and the worker: "… Machine
 * Setters, Operators, and Tenders", "Machine Feeders and Offbearers", "… Plant Operators". A title ending
 * on one of those worker nouns ("Posting Machine Operator", "Kiln Tender") names such a worker, and its
 * other words say what is worked; an occupation none of whose O*NET titles uses the worker noun matched
 * those other words only, as the field's other workers do ("Posting Clerk" for a posting machine's
 * operator). The scorer counts a title without the head noun at a discount (scorer.ts), which a close
 * runner-up can fail to overcome: such an answer gives way to the best-ranked candidate within WINDOW of
 * its score that some title of which uses the worker noun, at most Probable; a first-line supervisor or a
 * manager only where the title names a rank (rank-answer.ts). A runner-up further behind stays behind:
 * "operator" is also a business's (a manager's post word in rank-answer.ts), and a title such as a day
 * care's operator reaches the machine operators only through the noun.
 */

/** The workers the SOC's machine and plant occupations are named by (also sector-worker.ts). */
export const MACHINE_WORKERS: ReadonlySet<string> = new Set([
  'setter',
  'operator',
  'tender',
  'feeder',
  'offbearer',
]);
/** How far behind the answer a candidate that names the worker may be, and still answer. */
const WINDOW = 0.05;

export function atMachineTitle(
  ranking: Ranking,
  /** Some O*NET title of occupation o uses the word. */
  titleHas: (o: number, word: string) => boolean,
  /** Candidates the title fits no better: supervisors and managers where it names no rank. */
  unfit: (o: number) => boolean,
): Ranking {
  const { list, words } = ranking;
  const top = list[0];
  const head = words.at(-1);
  if (top === undefined || head === undefined || words.length < 2 || !MACHINE_WORKERS.has(head))
    return ranking;
  if (titleHas(top.o, head)) return ranking;
  const other = list.find((e) => e.score >= top.score - WINDOW && titleHas(e.o, head) && !unfit(e.o));
  return other === undefined ? ranking : leading(ranking, { ...other, rating: inferred(other.rating) });
}
