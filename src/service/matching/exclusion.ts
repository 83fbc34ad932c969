import { stem, titleWords } from '../text/normalize';
import { inferred, leading, type Ranking } from './ranking';

/**
 * What an exclusion clause excludes (docs/methodology.md §2a, "Readings"). The title is matched without
 * its clause (title-shape.ts withoutExclusion), but the clause still says what the job is not:
 * "Writer except technical" is no technical writer, "Driver except truck" no truck driver.
 * An answer whose own O*NET title names what the clause excludes (compared by stem, leaving aside the
 * own title's own "Except" clause and the words the title keeps: "Cleaner exc cleaning windows" excludes
 * windows, not cleaners) gives way to the best-ranked candidate within MAX_GAP of its score whose own
 * title does not; where none is that close, the answer stays. A moved answer is at most Probable.
 *
 * A clause that names an activity by a participle ("exc baked bread", "exc welding", "exc supervising
 * crews") excludes its doer, the occupation whose own title names the activity's agent noun (bakers,
 * welders, supervisors), whatever object the clause adds: such an answer is excluded outright and gives way to the
 * best-ranked candidate however far below (docs/methodology.md §2a, "Eleventh round: fixes3").
 */
const MAX_GAP = 0.15;

/**
 * What a title's exclusion clause names, as phrases of stems (each a set the occupation's own title must
 * hold whole: "except food safety inspector" excludes food safety inspectors, not every safety
 * inspector; "except technical and medical" excludes either), or null when it has none.
 */
export function excludedPhrases(title: string): ReadonlyArray<ReadonlySet<string>> | null {
  if (!mayHaveClause(title)) return null;
  const m = CLAUSE.exec(title);
  if (m === null || m.index === 0) return null;
  // One normalisation of the whole title (it is the costly step), with the clause's list separators
  // written as a marker word that normalisation keeps.
  const words = titleWords(
    `${title.slice(0, m.index)} ${SEPARATOR} ${(m[1] as string).replace(LIST_SEPARATORS, ` ${SEPARATOR} `)}`,
  );
  const at = words.indexOf(SEPARATOR);
  const kept = new Set(words.slice(0, at).map(stem));
  if (kept.size === 0) return null;
  const phrases: Set<string>[] = [];
  let phrase = new Set<string>();
  for (const w of words.slice(at + 1)) {
    if (w === SEPARATOR) {
      if (phrase.size > 0) phrases.push(phrase);
      phrase = new Set();
      continue;
    }
    const s = stem(w);
    if (!kept.has(s)) phrase.add(s);
  }
  if (phrase.size > 0) phrases.push(phrase);
  return phrases.length > 0 ? phrases : null;
}

/** Most titles have no clause: a plain look for its letters comes before the pattern and the cache. */
const mayHaveClause = (title: string): boolean => MAY_HAVE_CLAUSE.test(title);
const MAY_HAVE_CLAUSE = /exc/i;

const SEPARATOR = 'xsepx';
const LIST_SEPARATORS = /,|\/|\band\b|\bor\b/gi;

/** An exclusion word and the rest of the title (title-shape.ts EXCLUSION_WORDS, written out). */
const CLAUSE = /\b(?:exc|except|excluding)\b\.?(.*)$/i;

/**
 * The stems of the activities a title's exclusion clause names by a participle ("exc baked bread", "exc
 * sorting parcels"), leaving aside the words the title keeps, or null when it names none. The activity's
 * doer is the occupation whose own title names its agent noun (bakers, sorters), whatever the object.
 */
export function excludedActivities(title: string): ReadonlySet<string> | null {
  if (!mayHaveClause(title)) return null;
  const m = CLAUSE.exec(title);
  if (m === null || m.index === 0) return null;
  const kept = new Set(titleWords(title.slice(0, m.index)).map(stem));
  if (kept.size === 0) return null;
  const found = new Set<string>();
  for (const w of titleWords(m[1] as string))
    if (PARTICIPLE.test(w) && !kept.has(stem(w))) found.add(stem(w));
  return found.size > 0 ? found : null;
}

const PARTICIPLE = /[a-z]{3}(?:ed|ing)$/;
/** An agent noun: the one who does what its verb says ("baker", "sorter", "operator"). */
const AGENT_NOUN = /[a-z]{2}(?:er|or)$/;

export class ExclusionReading {
  /** Per occupation, the stems of its own title before its own "Except" clause. */
  private readonly ownStems: ReadonlyArray<ReadonlySet<string>>;
  /** Per occupation, the stems of the agent nouns among those words ("Bakers": bak). */
  private readonly ownAgents: ReadonlyArray<ReadonlySet<string>>;

  /**
   * What the clauses of the titles met exclude (a bounded set: the titles people send repeat), each read
   * once: its phrases, and the activities it names by a participle.
   */
  private readonly cache = new Map<string, Clause | null>();

  /**
   * @param occupationTitles each occupation's own O*NET title
   * @param personNoun a word that names a person (role-readings.ts): of an own title's words in "-er" or
   *   "-or", only those are agent nouns ("Bakers", not "Water" or "Computer")
   */
  constructor(occupationTitles: readonly string[], personNoun: (word: string) => boolean) {
    const own = occupationTitles.map((t) => titleWords(t.split(/,?\s+except\b/i)[0] ?? t));
    this.ownStems = own.map((words) => new Set(words.map(stem)));
    this.ownAgents = own.map(
      (words) => new Set(words.filter((w) => AGENT_NOUN.test(w) && personNoun(w)).map(stem)),
    );
  }

  /**
   * The ranking of `title` with its answer moved off an excluded occupation where a close candidate is
   * not (see above).
   */
  apply(ranking: Ranking, title: string): Ranking {
    const top = ranking.list[0];
    if (top === undefined) return ranking;
    const clause = this.clause(title);
    if (clause === null) return ranking;
    const { phrases: excluded, activities } = clause;
    const doer = (o: number): boolean =>
      activities !== null && [...activities].some((s) => (this.ownAgents[o] as ReadonlySet<string>).has(s));
    const names = (o: number): boolean => {
      const own = this.ownStems[o] as ReadonlySet<string>;
      return excluded.some((phrase) => [...phrase].every((s) => own.has(s))) || doer(o);
    };
    if (!names(top.o)) return ranking;
    // The doer of an activity the clause excludes is excluded outright: any other candidate answers.
    const gap = doer(top.o) ? Infinity : MAX_GAP;
    const other = ranking.list.find((e) => e.score >= top.score - gap && !names(e.o));
    return other === undefined ? ranking : leading(ranking, { ...other, rating: inferred(other.rating) });
  }

  private clause(title: string): Clause | null {
    if (!mayHaveClause(title)) return null;
    const cached = this.cache.get(title);
    if (cached !== undefined) return cached;
    const phrases = excludedPhrases(title);
    const found = phrases === null ? null : { phrases, activities: excludedActivities(title) };
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(title, found);
    return found;
  }
}

/** A title's exclusion clause as read: the phrases it excludes, and the activities it names (or null). */
interface Clause {
  readonly phrases: ReadonlyArray<ReadonlySet<string>>;
  readonly activities: ReadonlySet<string> | null;
}

const CACHE_LIMIT = 20_000;
