import { stem, titleWords } from '../text/normalize';
import { inferred, leading, listsTitle, type Ranking } from './ranking';

/**
 * The kind a title does not name (docs/methodology.md §2a, "Readings"). The SOC names the common kind of
 * some occupations by what it is not: "Secretaries and Administrative Assistants, Except Legal,
 * Medical, and Executive", "Mail Clerks and Mail Machine Operators, Except Postal Service", "Janitors and
 * Cleaners, Except Maids and Housekeeping Cleaners". The kinds it excludes are occupations of their own,
 * whose titles name the kind ("Medical Secretaries and Administrative Assistants", "Postal Service Mail
 * Sorters, Processors, and Processing Machine Operators"). O*NET lists the bare worker under both ("Mail
 * Sorter" under the postal sorters and the mail clerks, "Secretary" under the medical and the other
 * secretaries), so a title that names no kind ("Secretary and typist") can reach the kind through its
 * other titles. Where the answer is such a kind, the title uses no word of the kind's own title that the
 * common kind's own title lacks, nor a word only the kind speaks of (below), and O*NET does not list the
 * title itself, the common kind answers when it is among the candidates within MAX_GAP of the answer's
 * score, at most Probable.
 */
const MAX_GAP = 0.15;

/**
 * A common kind an excluded kind gives way to: the stems only the kind's own title has (a title using one
 * names the kind), and those of the common kind's own title that the kind's lacks and that are no head
 * noun of it (a title must use them for the common kind to fit it better: "Orthopedic Surgeons, Except
 * Pediatric" is no better answer than the pediatric surgeons to a title that names neither).
 */
interface Common {
  readonly o: number;
  readonly naming: ReadonlySet<string>;
  readonly needs: readonly string[];
}

/** What the reading asks of the words (role-readings.ts, scorer.ts). */
export interface KindWords {
  /** A word that names a person (a worker noun: "clerk", "secretary"). */
  readonly personNoun: (word: string) => boolean;
  /**
   * The occupation speaks of the word: some O*NET title of it uses the word, or, for a field word, its
   * task statements or description do ("Court Secretary": legal secretaries prepare papers for courts,
   * the other secretaries do not).
   */
  readonly speaksOf: (o: number, word: string) => boolean;
}

export class ResidualKinds {
  private readonly kinds: ReadonlyMap<number, readonly Common[]>;
  private readonly personNoun: (word: string) => boolean;
  private readonly speaksOf: (o: number, word: string) => boolean;

  constructor(
    occupationTitles: readonly string[],
    socCodes: readonly string[],
    firstLineSupervisor: (o: number) => boolean,
    words: KindWords,
  ) {
    this.kinds = excludedKinds(occupationTitles, socCodes, firstLineSupervisor, words.personNoun);
    this.personNoun = words.personNoun;
    this.speaksOf = words.speaksOf;
  }

  /** The ranking with a kind the title does not name giving way to the common kind (see above). */
  apply(ranking: Ranking): Ranking {
    const top = ranking.list[0];
    if (top === undefined) return ranking;
    const commons = this.kinds.get(top.o);
    if (commons === undefined || listsTitle(top)) return ranking;
    const said = new Set(ranking.words.map(stem));
    // A word the kind speaks of and the common kind does not names the kind too ("Inclusion Teacher").
    const fieldWords = ranking.words.filter((w) => !this.personNoun(w) && this.speaksOf(top.o, w));
    const fits = (c: Common): boolean =>
      ![...c.naming].some((s) => said.has(s)) &&
      c.needs.every((s) => said.has(s)) &&
      fieldWords.every((w) => this.speaksOf(c.o, w));
    const other = ranking.list.find(
      (e) => e.score >= top.score - MAX_GAP && commons.some((c) => c.o === e.o && fits(c)),
    );
    return other === undefined ? ranking : leading(ranking, { ...other, rating: inferred(other.rating) });
  }
}

/**
 * The occupations an own title's "Except" clause names, each with its common kinds: an occupation of the
 * same SOC major group whose own title holds every word of one excluded phrase (by stem) and shares a
 * head noun with the common kind (each listed part's last word: "Mail Clerks and Mail Machine Operators"
 * heads clerks and operators), so that "Except Computer" names no computer repairers. First-line
 * supervisors are named by the workers they supervise, and are left out.
 */
export function excludedKinds(
  occupationTitles: readonly string[],
  socCodes: readonly string[],
  supervises: (o: number) => boolean,
  personNoun: (word: string) => boolean,
): Map<number, Common[]> {
  const own = occupationTitles.map((t) => {
    const before = ownTitleBeforeExcept(t);
    return { stems: new Set(titleWords(before).map(stem)), heads: listedHeads(before, personNoun) };
  });
  const kinds = new Map<number, Common[]>();
  occupationTitles.forEach((t, common) => {
    const m = /,?\s+except\b(.*)$/i.exec(t);
    if (m === null || supervises(common)) return;
    const { stems: commonStems, heads: commonHeads } = own[common] as (typeof own)[number];
    const major = (socCodes[common] as string).slice(0, 2);
    for (const phrase of (m[1] as string).split(/,|\band\b|\bor\b/i)) {
      if (/\ball other\b/i.test(phrase)) continue;
      const kind = titleWords(phrase).map(stem);
      if (kind.length === 0) continue;
      own.forEach(({ stems, heads }, o) => {
        if (o === common || supervises(o) || (socCodes[o] as string).slice(0, 2) !== major) return;
        if (!kind.every((s) => stems.has(s)) || ![...heads].some((h) => commonHeads.has(h))) return;
        const list = kinds.get(o) ?? [];
        if (list.some((c) => c.o === common)) return;
        list.push({
          o: common,
          naming: new Set([...stems].filter((s) => !commonStems.has(s))),
          needs: [...commonStems].filter((s) => !stems.has(s) && !commonHeads.has(s)),
        });
        kinds.set(o, list);
      });
    }
  });
  return kinds;
}

const ownTitleBeforeExcept = (title: string): string => title.split(/,?\s+except\b/i)[0] ?? title;

/**
 * The stems of an own title's head nouns: the last word of each part of its list that names a person
 * ("Sorters, Processors, and … Operators"; not "Preschool, Elementary, Middle, and Secondary School").
 */
function listedHeads(title: string, personNoun: (word: string) => boolean): Set<string> {
  const heads = new Set<string>();
  for (const part of title.split(/,|\band\b/i)) {
    const head = titleWords(part).at(-1);
    if (head !== undefined && personNoun(head)) heads.add(stem(head));
  }
  return heads;
}
