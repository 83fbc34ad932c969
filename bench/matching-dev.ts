import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
/**
 * The matcher and local pay on real titles nobody on the project wrote: `npm run eval:dev`.
 *
 * Reads the development sets in ../shared/data/dev (JOBPRICE_DEV_DIR to point elsewhere; its SOURCES.md
 * says what each column means) through the pricing engine, as the service answers a request. Only this
 * bench reads that folder: the service and the data build never do.
 *
 * For each title file it prints, on the rows whose title is not already an O*NET title (the headline)
 * and on all rows:
 * - top-1 agreement at 6, 5, 3 and 2 digits of the SOC code. A label counts at the digits it gives: a
 *   detailed code at all six, a broad code ("11-9030") at five, a Census aggregate ("51-91XX") at the
 *   digits that are not X; where `soc_candidates` lists several codes, any of them is right. Each figure
 *   is over the rows whose label gives that many digits (n beside it);
 * - the answered share, and the precision of each rating: right means agreeing with the label at every
 *   digit it gives.
 * Census lines restricted to an industry are asked with the first industry they list as NAICSCode (its
 * NAICS sector, or the NAICS industry for schools and colleges; censusIndustrySector below).
 *
 * For the wages file it prices each filing at its worksite (ZIP, else city and state, else state) and
 * compares the offered annual wage with the priced percentiles: coverage (offer within P10-P90), the
 * median |ln(P50 / offer)| and the median bias ln(P50 / offer) (positive: priced above the offer),
 * overall and per DOL wage level. `--misses <file>` writes the rows the matcher got wrong, as JSON lines;
 * `--answers <file>` every labelled headline row with its answer and whether it is right; `--wages <file>`
 * each filing with its priced percentiles, matched code and level name.
 */

import { writeFileSync } from 'node:fs';
import { jobSpec, type JobSpec } from '../src/domain/job';
import { dataPaths } from '../src/service/config';
import { FULL_SCOPE, type PricingEngine } from '../src/service/contracts';
import { parseCsv, readText } from '../src/service/data/raw-files';
import { loadPricingEngine } from '../src/service/engine';
import { socOf } from '../src/service/soc-code';

/** A label as the digits it gives: "151252" for a detailed code, "51912" for a broad one, "5191" for "51-91XX". */
function labelDigits(code: string, granularity: string): string {
  const digits = code.replace('-', '');
  if (granularity === 'broad') return digits.replace(/0$/, '');
  return digits.replace(/X.*$/i, '');
}

interface TitleRow {
  readonly id: string;
  readonly title: string;
  /** Accepted labels, each as the digits it gives. */
  readonly labels: readonly string[];
  readonly headline: boolean;
  readonly spec: JobSpec;
  readonly extra: Readonly<Record<string, string>>;
}

interface Answer {
  readonly soc: string | null;
  readonly rating: string | null;
  readonly title: string | null;
}

function ask(engine: PricingEngine, spec: JobSpec): Answer {
  const out = engine.candidates(spec, FULL_SCOPE, 1);
  const top = out.ok ? out.candidates[0] : undefined;
  return top === undefined
    ? { soc: null, rating: null, title: null }
    : { soc: socOf(top.MatchedJobCode), rating: top.MatchRating, title: top.MatchedJobTitle };
}

const agrees = (soc: string, labels: readonly string[], digits: number): boolean => {
  const mine = soc.replace('-', '');
  return labels.some((l) => l.length >= digits && mine.slice(0, digits) === l.slice(0, digits));
};
/** Right at every digit the label gives. */
const right = (soc: string, labels: readonly string[]): boolean =>
  labels.some((l) => soc.replace('-', '').startsWith(l));

const DIGITS = [6, 5, 3, 2] as const;
const RATINGS = ['Confident', 'Probable', 'Possible'] as const;

export interface TitleFigures {
  readonly label: string;
  readonly n: number;
  /** Per digit count: [right, rows whose label gives that many digits]. */
  readonly byDigits: Readonly<Record<number, readonly [number, number]>>;
  readonly answered: number;
  readonly ratings: Readonly<Record<string, readonly [number, number]>>;
}

function titleFigures(label: string, rows: readonly TitleRow[], answers: readonly Answer[]): TitleFigures {
  const byDigits: Record<number, [number, number]> = {};
  for (const d of DIGITS) byDigits[d] = [0, 0];
  const ratings: Record<string, [number, number]> = {};
  let answered = 0;
  rows.forEach((row, i) => {
    const a = answers[i] as Answer;
    for (const d of DIGITS) {
      const cell = byDigits[d] as [number, number];
      if (!row.labels.some((l) => l.length >= d)) continue;
      cell[1]++;
      if (a.soc !== null && agrees(a.soc, row.labels, d)) cell[0]++;
    }
    if (a.soc === null || a.rating === null) return;
    answered++;
    const r = (ratings[a.rating] ??= [0, 0]);
    r[1]++;
    if (right(a.soc, row.labels)) r[0]++;
  });
  return { label, n: rows.length, byDigits, answered, ratings };
}

const pct = (a: number, n: number): string => (n === 0 ? '-' : `${((100 * a) / n).toFixed(1)}%`);

export function formatTitleFigures(rows: readonly TitleFigures[]): string {
  const head = [
    'file'.padEnd(34),
    'n'.padStart(6),
    ...DIGITS.map((d) => `@${d}`.padStart(7)),
    'answered'.padStart(9),
    '  rating precision (right/n)',
  ].join(' ');
  const lines = rows.map((r) =>
    [
      r.label.padEnd(34),
      String(r.n).padStart(6),
      ...DIGITS.map((d) => pct(...(r.byDigits[d] as [number, number])).padStart(7)),
      pct(r.answered, r.n).padStart(9),
      '  ' +
        RATINGS.map((k) => {
          const [ok, n] = r.ratings[k] ?? [0, 0];
          return `${k} ${ok}/${n} ${pct(ok, n)}`;
        }).join(', '),
    ].join(' '),
  );
  const ns = rows.map((r) => `${r.label}: ${DIGITS.map((d) => `@${d} of ${r.byDigits[d]?.[1]}`).join(', ')}`);
  return [head, ...lines, `(rows whose label gives the digits: ${ns.join('; ')})`].join('\n');
}

function readRows(file: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readText(file));
  if (header === undefined) throw new Error(`${file}: empty`);
  return rows
    .filter((r) => r.length > 1)
    .map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/**
 * Census industry codes (2017 classification, used by the 2022 index) by range, to the NAICS sector
 * each range is drawn from (Census Bureau, "Industry Code List with Crosswalk"). Military (9670-9870)
 * has no NAICS sector.
 */
const CENSUS_INDUSTRY_SECTORS: readonly (readonly [number, number, string])[] = [
  [170, 290, '11'],
  [370, 490, '21'],
  [570, 690, '22'],
  [770, 770, '23'],
  [1070, 3990, '31'],
  [4070, 4590, '42'],
  [4670, 5791, '44'],
  [6070, 6390, '48'],
  [6470, 6781, '51'],
  [6870, 6992, '52'],
  [7071, 7190, '53'],
  [7270, 7490, '54'],
  [7570, 7570, '55'],
  [7580, 7790, '56'],
  [7860, 7890, '61'],
  [7970, 8470, '62'],
  [8561, 8590, '71'],
  [8660, 8690, '72'],
  [8770, 9290, '81'],
  [9370, 9590, '92'],
];

const sectorOf = (code: number): string | null =>
  CENSUS_INDUSTRY_SECTORS.find(([lo, hi]) => code >= lo && code <= hi)?.[2] ?? null;

/**
 * Census education industries that name one NAICS industry group (same crosswalk): 7860 elementary and
 * secondary schools (6111), 7870 colleges, universities and junior colleges (6112-6113), 7880 business,
 * technical and trade schools (6114-6115). The matcher reads the school level from these.
 */
const CENSUS_SCHOOL_INDUSTRIES: ReadonlyMap<number, string> = new Map([
  [7860, '6111'],
  [7870, '6113'],
  [7880, '6115'],
]);

/**
 * The restrictions the index writes in words, with no industry code: retail trade (NAICS 44-45), manufacturing
 * ("Mfg. not listed above": any manufacturing industry the index does not list apart, 31-33), and government as
 * the class of worker ("FGOV", "SGOV", "LGOV", "GOV": federal, state, local), which OEWS's sector 99 measures by
 * ownership, as the service reads NAICS 92 (docs/methodology.md section 3). Private ("PR"), self-employed ("OWN")
 * and a kind of school or practice ("Preschool", "(Mental health focus)") name no one sector.
 */
const CENSUS_INDUSTRY_WORDS: readonly (readonly [RegExp, string])[] = [
  [/^retail\b/i, '44'],
  [/^mfg\b/i, '31'],
  [/^[fsl]?gov\b/i, '92'],
];

/**
 * The NAICS code to ask an index line's industry restriction with. The label holds in each industry the
 * line lists ("7860, 7870", "1470-1670", "(1770)", "Bowling alley 8580", "8680 exc. drive-ins"), so a caller
 * in the first listed one gets it: that code's NAICS industry where the crosswalk names one, else its
 * sector. Null for a line that lists only what it excludes ("Exc. 9470", "Any not listed"): no one
 * industry holds the label, and for a code with no NAICS sector (military).
 */
export function censusIndustrySector(restriction: string): string | null {
  const text = restriction.trim();
  if (/^\W*exc|^\W*any not listed/i.test(text)) return null;
  const listed = text.split(/\bexc/i)[0] ?? '';
  const first = /\d{3,4}/.exec(listed);
  if (first === null) return CENSUS_INDUSTRY_WORDS.find(([word]) => word.test(listed))?.[1] ?? null;
  const code = Number(first[0]);
  return CENSUS_SCHOOL_INDUSTRIES.get(code) ?? sectorOf(code);
}

function censusRows(file: string): TitleRow[] {
  return readRows(file).map((r) => {
    const title = r.job_title ?? '';
    const candidates = (r.soc_candidates ?? '').split(/[;|,\s]+/).filter((c) => c !== '');
    const labels =
      candidates.length > 0
        ? candidates.map((c) => labelDigits(c, 'aggregate'))
        : [labelDigits(r.soc_code ?? '', r.soc_granularity ?? '')];
    const naics = censusIndustrySector(r.industry_restriction ?? '') ?? '';
    return {
      id: r.record_id ?? '',
      title,
      labels: labels.filter((l) => l !== ''),
      headline: r.in_onet_titles === '0',
      spec: jobSpec({ title, scope: { naics } }),
      extra: { industry: r.industry_restriction ?? '', naics, label: r.soc_code || r.soc_candidates || '' },
    };
  });
}

function lcaTitleRows(file: string): TitleRow[] {
  return readRows(file).map((r) => {
    const title = r.job_title ?? '';
    return {
      id: r.record_id ?? '',
      title,
      labels: r.soc_granularity === 'detailed' ? [labelDigits(r.soc_code ?? '', 'detailed')] : [],
      headline: r.in_onet_titles === '0',
      spec: jobSpec({ title }),
      extra: { label: r.soc_code ?? '' },
    };
  });
}

export interface WageFigures {
  readonly label: string;
  readonly n: number;
  readonly priced: number;
  readonly within: number;
  readonly below: number;
  readonly above: number;
  readonly absLn: number;
  readonly bias: number;
  /**
   * The bias had each filing been priced at the median offer of the other filings under the same SOC label
   * (leave-one-out): the market's own pay for the right occupation. No title-level price can beat it, since
   * the title says the occupation and the DOL level is the employer's statement (see
   * docs/methodology.md §2a, "The wage level").
   */
  readonly occupationBias: number;
}

/** Each offer's leave-one-out median among the offers filed under the same SOC label (NaN when alone). */
export function occupationMedians(
  rows: readonly { readonly label: string; readonly offer: number }[],
): number[] {
  const byLabel = new Map<string, number[]>();
  for (const r of rows) {
    const xs = byLabel.get(r.label) ?? [];
    xs.push(r.offer);
    byLabel.set(r.label, xs);
  }
  for (const xs of byLabel.values()) xs.sort((a, b) => a - b);
  return rows.map((r) => {
    const xs = byLabel.get(r.label) as number[];
    if (xs.length < 2) return Number.NaN;
    const others = [...xs];
    others.splice(others.indexOf(r.offer), 1);
    return median(others);
  });
}

const median = (xs: number[]): number => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** The worksite as precisely as the engine resolves it: ZIP, else city and state, else state. */
function priceAtWorksite(
  engine: PricingEngine,
  r: Record<string, string>,
): { p: number[]; soc: string; region: string; jobLevel: string } | null {
  const state = (r.state ?? '').trim().toUpperCase();
  const scopes = [
    { zip: (r.zip ?? '').trim().slice(0, 5) },
    { state, city: (r.city ?? '').trim() },
    { state },
  ];
  for (const scope of scopes) {
    if (Object.values(scope).some((v) => v === '')) continue;
    const out = engine.price(jobSpec({ title: r.job_title ?? '', scope }), FULL_SCOPE);
    if (out.ok) {
      const x = out.result;
      return {
        p: [x.Salary10, x.Salary25, x.Salary50, x.Salary75, x.Salary90] as number[],
        soc: socOf(x.MatchedJobCode ?? ''),
        region: x.DataScope_Region ?? '',
        jobLevel: x.JobLevelName ?? '',
      };
    }
    if (!out.message.startsWith('Location could not be resolved')) return null;
  }
  return null;
}

function wageFigures(engine: PricingEngine, file: string, dump?: object[]): WageFigures[] {
  const groups = new Map<
    string,
    { n: number; priced: number; within: number; below: number; above: number; ln: number[]; occ: number[] }
  >();
  const group = (key: string) => {
    let g = groups.get(key);
    if (g === undefined)
      groups.set(key, (g = { n: 0, priced: 0, within: 0, below: 0, above: 0, ln: [], occ: [] }));
    return g;
  };
  const filings = readRows(file).filter((r) => Number(r.annual_wage) > 0);
  const occupation = occupationMedians(
    filings.map((r) => ({ label: r.soc_code ?? '', offer: Number(r.annual_wage) })),
  );
  for (const [i, r] of filings.entries()) {
    const offer = Number(r.annual_wage);
    const reference = occupation[i] as number;
    const level = r.wage_level === '' ? 'no level' : `level ${r.wage_level}`;
    const priced = priceAtWorksite(engine, r);
    const p = priced?.p ?? null;
    dump?.push({ title: r.job_title, level: r.wage_level, offer, ...priced, label: r.soc_code });
    for (const g of [group('all filings'), group(level)]) {
      g.n++;
      if (!Number.isNaN(reference)) g.occ.push(Math.log(reference / offer));
      if (p === null) continue;
      g.priced++;
      const [p10, , p50, , p90] = p as [number, number, number, number, number];
      if (offer < p10) g.below++;
      else if (offer > p90) g.above++;
      else g.within++;
      g.ln.push(Math.log(p50 / offer));
    }
  }
  const order = ['all filings', 'level I', 'level II', 'level III', 'level IV', 'no level'];
  return order
    .filter((k) => groups.has(k))
    .map((k) => {
      const g = groups.get(k) as NonNullable<ReturnType<typeof groups.get>>;
      return {
        label: k,
        n: g.n,
        priced: g.priced,
        within: g.within,
        below: g.below,
        above: g.above,
        absLn: median(g.ln.map(Math.abs)),
        bias: median(g.ln),
        occupationBias: median(g.occ),
      };
    });
}

export function formatWageFigures(file: string, rows: readonly WageFigures[]): string {
  const head = `${file.padEnd(34)} ${'n'.padStart(6)} ${'priced'.padStart(7)} ${'coverage'.padStart(9)} ${'<P10'.padStart(7)} ${'>P90'.padStart(7)} ${'|ln|'.padStart(7)} ${'bias'.padStart(7)}  ${"bias at the occupation's median offer"}`;
  const sign = (x: number): string => (x >= 0 ? `+${x.toFixed(3)}` : x.toFixed(3));
  const lines = rows.map(
    (r) =>
      `${`  ${r.label}`.padEnd(34)} ${String(r.n).padStart(6)} ${pct(r.priced, r.n).padStart(7)} ${pct(r.within, r.n).padStart(9)} ${pct(r.below, r.priced).padStart(7)} ${pct(r.above, r.priced).padStart(7)} ${r.absLn.toFixed(3).padStart(7)} ${sign(r.bias).padStart(7)}  ${sign(r.occupationBias).padStart(7)}`,
  );
  return [head, ...lines].join('\n');
}

export function devDir(): string {
  return (
    process.env.JOBPRICE_DEV_DIR ?? resolve(dataPaths(process.env, join(__dirname, '..')).rawDir, '..', 'dev')
  );
}

/** The whole eval:dev report for an engine; `misses` collects the rows answered wrong. */
export function devReport(
  engine: PricingEngine,
  dir = devDir(),
  misses?: object[],
  wages?: object[],
  allAnswers = false,
): string {
  const files = readdirSync(dir).filter((f) => f.endsWith('.csv.gz'));
  const out: string[] = [];
  const titleTables: TitleFigures[] = [];
  for (const f of files.filter((x) => !x.includes('wages'))) {
    const rows = f.startsWith('census') ? censusRows(join(dir, f)) : lcaTitleRows(join(dir, f));
    const answers = rows.map((r) => ask(engine, r.spec));
    const name = f.replace(/\.csv\.gz$/, '');
    const headline = rows.map((r, i) => [r, answers[i] as Answer] as const).filter(([r]) => r.headline);
    titleTables.push(
      titleFigures(
        name,
        headline.map(([r]) => r),
        headline.map(([, a]) => a),
      ),
      titleFigures(`${name} (all rows)`, rows, answers),
    );
    if (misses !== undefined)
      headline.forEach(([r, a]) => {
        if (r.labels.length > 0 && (allAnswers || a.soc === null || !right(a.soc, r.labels)))
          misses.push({
            right: a.soc !== null && right(a.soc, r.labels),
            file: name,
            id: r.id,
            title: r.title,
            ...r.extra,
            got: a.soc,
            rating: a.rating,
            gotTitle: a.title,
          });
      });
  }
  out.push(formatTitleFigures(titleTables));
  for (const f of files.filter((x) => x.includes('wages')))
    out.push(formatWageFigures(f.replace(/\.csv\.gz$/, ''), wageFigures(engine, join(dir, f), wages)));
  return out.join('\n\n');
}

async function main(): Promise<void> {
  const paths = dataPaths(process.env, join(__dirname, '..'));
  const engine = await loadPricingEngine({ dataDir: paths.dataDir, rawDir: paths.rawDir });
  const at = process.argv.indexOf('--misses');
  const misses: object[] = [];
  const wagesAt = process.argv.indexOf('--wages');
  const wages: object[] = [];
  const answersAt = process.argv.indexOf('--answers');
  const listAt = answersAt >= 0 ? answersAt : at;
  console.log(
    devReport(
      engine,
      devDir(),
      listAt >= 0 ? misses : undefined,
      wagesAt >= 0 ? wages : undefined,
      answersAt >= 0,
    ),
  );
  if (wagesAt >= 0)
    writeFileSync(
      process.argv[wagesAt + 1] ?? 'wages.jsonl',
      wages.map((m) => JSON.stringify(m)).join('\n') + '\n',
    );
  if (listAt >= 0)
    writeFileSync(
      process.argv[listAt + 1] ?? (answersAt >= 0 ? 'answers.jsonl' : 'misses.jsonl'),
      misses.map((m) => JSON.stringify(m)).join('\n') + '\n',
    );
}

if (require.main === module)
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
