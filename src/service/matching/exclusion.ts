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
 */
const MAX_GAP = 0.15;

/**
 * What a title's exclusion clause names, as phrases of stems (each a set the occupation's own title must
 * hold whole: "except food safety inspector" excludes food safety inspectors, not every safety
 * inspector; "except technical and medical" excludes either), or null when it has none.
 */
export function excludedPhrases(title: string): ReadonlyArray<ReadonlySet<string>> | null {
  const m = CLAUSE.exec(title);
  if (m === null) return null;
  const kept = new Set(titleWords(title.slice(0, m.index)).map(stem));
  if (kept.size === 0) return null;
  const phrases = (m[1] as string)
    .split(/,|\/|\band\b|\bor\b/i)
    .map(
      (part) =>
        new Set(
          titleWords(part)
            .map(stem)
            .filter((s) => !kept.has(s)),
        ),
    )
    .filter((p) => p.size > 0);
  return phrases.length > 0 ? phrases : null;
}

/** An exclusion word and the rest of the title (title-shape.ts EXCLUSION_WORDS, written out). */
const CLAUSE = /\b(?:exc|except|excluding)\b\.?(.*)$/i;

export class ExclusionReading {
  /** Per occupation, the stems of its own title before its own "Except" clause. */
  private readonly ownStems: ReadonlyArray<ReadonlySet<string>>;

  constructor(occupationTitles: readonly string[]) {
    this.ownStems = occupationTitles.map(
      (t) => new Set(titleWords(t.split(/,?\s+except\b/i)[0] ?? t).map(stem)),
    );
  }

  /** The ranking with its answer moved off an excluded occupation where a close candidate is not (see above). */
  apply(ranking: Ranking, excluded: ReadonlyArray<ReadonlySet<string>> | null): Ranking {
    const top = ranking.list[0];
    if (excluded === null || top === undefined) return ranking;
    const names = (o: number): boolean => {
      const own = this.ownStems[o] as ReadonlySet<string>;
      return excluded.some((phrase) => [...phrase].every((s) => own.has(s)));
    };
    if (!names(top.o)) return ranking;
    const other = ranking.list.find((e) => e.score >= top.score - MAX_GAP && !names(e.o));
    return other === undefined ? ranking : leading(ranking, { ...other, rating: inferred(other.rating) });
  }
}
