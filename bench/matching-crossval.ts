import { join } from 'node:path';
/**
 * Cross-validation of the title matcher on O*NET's Sample of Reported Titles: `npm run eval:crossval`
 * (part of the Sample of Reported Titles held out in turn, each fold matched against the rest).
 *
 * The reported titles are titles incumbents wrote on O*NET's surveys, each filed under the occupation
 * it was reported for. They are split into FOLDS folds by a hash of the title. For each fold the O*NET
 * part is built again without that fold's titles: every reported, alternate or short title (or form
 * of a title with a parenthesis) that equals a held-out title word for word is left out, wherever
 * O*NET lists it, so the matcher never sees a title it is then asked to match. Each held-out title is
 * then matched, title only, and counted right when the answer is an occupation it was reported under
 * (at 6 digits, and at 2 digits: the major group). Titles equal to an occupation's own title are not
 * held out (an occupation cannot lose its name) and not counted.
 *
 * Every title is held out once, so the figures cover all ~7,600 distinct reported titles. This takes a
 * minute or two: FOLDS builds of the part from the raw files.
 */

import { dataPaths } from '../src/service/config';
import { buildOnetPart, ONET_FILES, titleVariants } from '../src/service/data/onet/build';
import { readCsv, requireRaw } from '../src/service/data/raw-files';
import { createMatcher } from '../src/service/matching/matcher';
import { socOf } from '../src/service/soc-code';
import type { EvalTitle } from '../test/service/matching/heldout-titles';
import { evaluate, formatRows, literalKey, type AccuracyRow } from './matching-accuracy';

const FOLDS = 5;

/** FNV-1a: a stable hash, so a title falls in the same fold on every run and machine. */
function fold(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return h % FOLDS;
}

function column(rows: readonly (readonly string[])[], name: string, file: string): number {
  const i = (rows[0] ?? []).indexOf(name);
  if (i < 0) throw new Error(`${file}: no column ${name}`);
  return i;
}

/** The distinct reported titles, each with the SOC codes it was reported under, and how many were not held out. */
function reportedTitles(rawDir: string): { titles: EvalTitle[]; occupationTitles: number } {
  const occRows = readCsv(requireRaw(rawDir, ONET_FILES.occupations));
  const occTitle = column(occRows, 'Title', ONET_FILES.occupations);
  const ownTitles = new Set(occRows.slice(1).map((r) => literalKey(r[occTitle] ?? '')));
  const rows = readCsv(requireRaw(rawDir, ONET_FILES.reportedTitles));
  const code = column(rows, 'O*NET-SOC Code', ONET_FILES.reportedTitles);
  const title = column(rows, 'Reported Job Title', ONET_FILES.reportedTitles);
  const byKey = new Map<string, { title: string; accept: Set<string> }>();
  let occupationTitles = 0;
  for (const r of rows.slice(1)) {
    const text = (r[title] ?? '').trim();
    const key = literalKey(text);
    if (key === '') continue;
    if (ownTitles.has(key)) {
      occupationTitles++;
      continue;
    }
    const entry = byKey.get(key) ?? { title: text, accept: new Set<string>() };
    entry.accept.add(socOf(r[code] ?? ''));
    byKey.set(key, entry);
  }
  return {
    titles: [...byKey.values()].map((e) => ({ title: e.title, accept: [...e.accept] })),
    occupationTitles,
  };
}

async function main(): Promise<void> {
  const rawDir = dataPaths(process.env, join(__dirname, '..')).rawDir;
  const { titles, occupationTitles } = reportedTitles(rawDir);
  const rows: AccuracyRow[] = [];
  for (let f = 0; f < FOLDS; f++) {
    const held = titles.filter((t) => fold(literalKey(t.title)) === f);
    // Each held-out title and each form of it with a parenthesis ("CEO (Chief Executive Officer)").
    const keys = new Set(
      held.flatMap((t) => [literalKey(t.title), ...titleVariants(t.title).map((v) => literalKey(v.text))]),
    );
    const part = await buildOnetPart(rawDir, { leaveOut: (text) => keys.has(literalKey(text)) });
    rows.push(evaluate(createMatcher(part), `fold ${f + 1} of ${FOLDS}`, held));
  }
  rows.push(sumRows('all folds', rows));
  console.log(formatRows(rows));
  console.log(
    `(${titles.length} distinct reported titles held out in turn, title only; ${occupationTitles} reports of an occupation's own title not counted.` +
      ' "6-digit" counts the first code a title was reported under, "6d any" any of them.)',
  );
}

function sumRows(label: string, rows: readonly AccuracyRow[]): AccuracyRow {
  const ratings: Record<string, [number, number]> = {};
  for (const r of rows)
    for (const [k, [right, n]] of Object.entries(r.ratings)) {
      const cell = (ratings[k] ??= [0, 0]);
      cell[0] += right;
      cell[1] += n;
    }
  const total = (k: 'n' | 'first6' | 'any6' | 'major2' | 'none'): number =>
    rows.reduce((a, r) => a + r[k], 0);
  return {
    label,
    n: total('n'),
    first6: total('first6'),
    any6: total('any6'),
    major2: total('major2'),
    none: total('none'),
    ratings,
  };
}

void main();
