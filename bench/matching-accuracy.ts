import { join } from 'node:path';
/**
 * Accuracy of the title matcher on the labelled lists: `npm run eval:matching`.
 *
 * For each list (and, for the employer list, each kind of title) it prints top-1 agreement
 * with the labelled SOC code at 6 digits, counted two ways (the first-listed code only, and any code the
 * list accepts), at 2 digits (major group of the first-listed code), the share with no answer, and the
 * precision of each MatchRating. Titles that equal an O*NET title word for word are left out of the
 * employer list's figures (and counted), so O*NET rows the matcher is built from never score.
 */

import { dataPaths } from '../src/service/config';
import { ONET_FILES } from '../src/service/data/onet/build';
import { cellText, readCsv, readXlsx, requireRaw } from '../src/service/data/raw-files';
import { createMatcher, type OnetMatcher } from '../src/service/matching/matcher';
import { sameMajorGroup } from '../src/service/soc-code';
import { rawWords, singular } from '../src/service/text/normalize';
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
      if (first !== undefined && m.socCode.startsWith(first)) first6++;
      if (accepted(e, m.socCode)) any6++;
      if (first !== undefined && sameMajorGroup(m.socCode, first)) major2++;
    }
    const key = m?.rating ?? 'none';
    const cell = (ratings[key] ??= [0, 0]);
    cell[1]++;
    if (m !== null && accepted(e, m.socCode)) cell[0]++;
  }
  return { label, n: list.length, first6, any6, major2, none, ratings };
}

/**
 * Word for word, independent of the matcher's normaliser (so the held-out set stays the same when the
 * normaliser changes): case, punctuation and plurals folded, nothing else.
 */
export const literalKey = (title: string): string => rawWords(title).map(singular).join(' ');

/** Every title O*NET lists (occupation, reported, alternate and short titles), as literal keys. */
export async function onetLiteralTitles(): Promise<Set<string>> {
  const rawDir = dataPaths(process.env, join(__dirname, '..')).rawDir;
  const set = new Set<string>();
  const csvColumn = (rel: string, column: string): void => {
    const [header, ...rows] = readCsv(requireRaw(rawDir, rel));
    const i = (header ?? []).indexOf(column);
    if (i < 0) throw new Error(`${rel}: no column ${column}`);
    for (const r of rows) set.add(literalKey(r[i] ?? ''));
  };
  csvColumn(ONET_FILES.occupations, 'Title');
  csvColumn(ONET_FILES.reportedTitles, 'Reported Job Title');
  const [header, ...rows] = await readXlsx(requireRaw(rawDir, ONET_FILES.alternateTitles));
  const cols = ['Alternate Title', 'Short Title'].map((c) =>
    (header ?? []).findIndex((h) => cellText(h) === c),
  );
  if (cols.some((i) => i < 0))
    throw new Error(`${ONET_FILES.alternateTitles}: no Alternate/Short Title column`);
  for (const r of rows) for (const i of cols) set.add(literalKey(cellText(r[i])));
  set.delete('');
  return set;
}

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

export function accuracyReport(onet: ReadonlySet<string>, matcher: OnetMatcher): string {
  const held = EMPLOYER_TITLES.filter((e) => !onet.has(literalKey(e.title)));
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
    evaluate(matcher, 'rating list', RATING_TITLES),
  ];
  return `${formatRows(rows)}\n(employer list: ${EMPLOYER_TITLES.length} titles, ${overlap} left out as O*NET titles word for word)`;
}

async function main(): Promise<void> {
  const part = await loadRealOnetPart();
  console.log(accuracyReport(await onetLiteralTitles(), createMatcher(part)));
}

if (require.main === module) void main();
