/**
 * Accuracy of the title matcher on the labelled lists: `npm run eval:matching`.
 *
 * For each list (and, for the employer list of issue 11, each kind of title) it prints top-1 agreement
 * with the labelled SOC code at 6 digits, counted two ways (the first-listed code only, and any code the
 * list accepts), at 2 digits (major group of the first-listed code), the share with no answer, and the
 * precision of each MatchRating. Titles that equal an O*NET title word for word are left out of the
 * employer list's figures (and counted), so O*NET rows the matcher is built from never score.
 */

import type { OnetPart } from '../src/service/data/onet/build';
import { createMatcher, type OnetMatcher } from '../src/service/matching/matcher';
import { titleWords } from '../src/service/text/normalize';
import { EMPLOYER_TITLES, type KindedTitle } from '../test/service/matching/employer-titles';
import {
  accepted,
  HELDOUT_TITLES,
  SEALED_TITLES,
  type EvalTitle,
} from '../test/service/matching/heldout-titles';
import { loadRealOnetPart } from '../test/service/matching/onet-part-fixture';
import { RATING_TITLES } from '../test/service/matching/rating-titles';

export interface AccuracyRow {
  readonly label: string;
  readonly n: number;
  /** Top-1 equals the first-listed code at 6 digits. */
  readonly first6: number;
  /** Top-1 is any accepted code. */
  readonly any6: number;
  /** Top-1 is in the first-listed code's major group (2 digits). */
  readonly major2: number;
  readonly none: number;
  /** Per rating: [right, n]. */
  readonly ratings: Readonly<Record<string, readonly [number, number]>>;
}

export function evaluate(matcher: OnetMatcher, label: string, list: readonly EvalTitle[]): AccuracyRow {
  let first6 = 0;
  let any6 = 0;
  let major2 = 0;
  let none = 0;
  const ratings: Record<string, [number, number]> = {};
  for (const e of list) {
    const m = matcher.match(e.title, e.description ?? '');
    const first = e.accept[0];
    if (m === null) none++;
    else {
      if (first !== undefined && m.socCode.startsWith(first) && first.length >= 7) first6++;
      else if (first !== undefined && first.length < 7 && m.socCode.startsWith(first)) first6++;
      if (accepted(e, m.socCode)) any6++;
      if (first !== undefined && m.socCode.slice(0, 2) === first.slice(0, 2)) major2++;
    }
    const key = m?.rating ?? 'none';
    const cell = (ratings[key] ??= [0, 0]);
    cell[1]++;
    if (m !== null && accepted(e, m.socCode)) cell[0]++;
  }
  return { label, n: list.length, first6, any6, major2, none, ratings };
}

/** O*NET's titles (every kind) word for word: a list title equal to one is not held out from the matcher's data. */
export function onetTitleSet(part: OnetPart): Set<string> {
  const set = new Set<string>();
  const { titles, vocab } = part;
  for (let t = 0; t < titles.occ.length; t++) {
    const words = titles.words.slice(titles.start[t], titles.start[t + 1]).map((w) => vocab[w] as string);
    set.add(words.join(' '));
  }
  return set;
}

/** Word for word: the title's words in order, as the index stores O*NET's (plurals folded, abbreviations expanded). */
const wordKey = (title: string): string => titleWords(title).join(' ');

const pct = (a: number, n: number): string => `${((100 * a) / Math.max(1, n)).toFixed(1)}%`.padStart(6);

export function formatRows(rows: readonly AccuracyRow[]): string {
  const head = `${'list'.padEnd(34)} ${'n'.padStart(4)}  ${'6-digit'.padStart(7)} ${'6d any'.padStart(7)} ${'2-digit'.padStart(7)} ${'none'.padStart(6)}   rating precision (right/n)`;
  const lines = rows.map((r) => {
    const ratings = ['Confident', 'Probable', 'Possible']
      .map((k) => {
        const [right, n] = r.ratings[k] ?? [0, 0];
        return `${k} ${right}/${n}`;
      })
      .join(', ');
    return `${r.label.padEnd(34)} ${String(r.n).padStart(4)}  ${pct(r.first6, r.n).padStart(7)} ${pct(r.any6, r.n).padStart(7)} ${pct(r.major2, r.n).padStart(7)} ${pct(r.none, r.n)}   ${ratings}`;
  });
  return [head, ...lines].join('\n');
}

export function accuracyReport(part: OnetPart, matcher: OnetMatcher): string {
  const onet = onetTitleSet(part);
  const held = EMPLOYER_TITLES.filter((e) => !onet.has(wordKey(e.title)));
  const overlap = EMPLOYER_TITLES.length - held.length;
  const kinds = [...new Set(held.map((e) => e.kind))];
  const rows: AccuracyRow[] = [
    ...kinds.map((k) =>
      evaluate(
        matcher,
        `employer: ${k}`,
        held.filter((e: KindedTitle) => e.kind === k),
      ),
    ),
    evaluate(matcher, 'employer: all kinds', held),
    evaluate(matcher, 'held-out (v10, looked at)', HELDOUT_TITLES),
    evaluate(matcher, 'sealed (v10)', SEALED_TITLES),
    evaluate(matcher, 'rating list (issue 10)', RATING_TITLES),
  ];
  return `${formatRows(rows)}\n(employer list: ${EMPLOYER_TITLES.length} titles, ${overlap} left out as equal to an O*NET title)`;
}

async function main(): Promise<void> {
  const part = await loadRealOnetPart();
  console.log(accuracyReport(part, createMatcher(part)));
}

if (require.main === module) void main();
