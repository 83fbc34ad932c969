import { cellText, readCsv, readTsv, readXlsx, requireRaw } from '../raw-files';
import { broadOccupationCode, majorGroupCode, socOf } from '../../soc-code';
import { NORMALIZER_VERSION, proseWords, titleWords } from '../../text/normalize';
import { TitleKind, type OnetPart } from './part';

export type { OnetPart } from './part';
export { TitleKind } from './part';
export { OnetPartSchema, parseOnetPart } from './schema';

/** A title that is one acronym, as O*NET writes them: "CMO", "RN", "EMT-P". */
const ACRONYM_TITLE = /^[A-Z][A-Z0-9]{1,5}$/;

/**
 * Builds the O*NET part of the data index from the raw files (../shared/data/raw, see SOURCES.md).
 *
 * Which release: O*NET 30.3 (May 2026) where its CSV was staged (occupations, reported titles, task
 * statements, job zones) and 29.3 where 30.3's file is missing (alternate titles, whose 30.3
 * `job_titles.csv` was over the snapshot size limit). Both releases carry the same 1,016 codes.
 *
 * Job Zones: 30.3 is the source of truth (it moved a few occupations between zones 3, 4 and 2), but it
 * merges zones 1 and 2 into "2". Where 30.3 says 2 and 29.3 says 1 for the same code, we keep 1, so
 * the "little or no preparation" occupations stay distinguishable; every other code takes 30.3's zone.
 */
export const ONET_FILES = {
  occupations: 'onet/30.3/occupation_data.csv',
  reportedTitles: 'onet/30.3/sample_of_reported_titles.csv',
  tasks: 'onet/30.3/task_statements.csv',
  jobZones: 'onet/30.3/job_zones.csv',
  jobZones293: 'onet/29.3/Job Zones.txt',
  alternateTitles: 'onet/29.3/Alternate Titles.xlsx',
  socDefinitions: 'crosswalks/soc_2018_definitions.xlsx',
  oewsNational: 'oews/national_M2025_dl.xlsx',
  /** The newest staged OEWS national-by-sector file: each occupation's employment per NAICS sector. */
  oewsSector: 'oews/natsector_M2024_dl.xlsx',
} as const;

/** How many times each title word counts in an occupation's JobDesc bag (see the title field in buildOnetPart). */
const TITLE_FIELD_COUNT = 2;

/** Raw paths (relative to the raw folder, before any `.gz`) that this part reads: the staleness manifest. */
export const ONET_SOURCES: string[] = Object.values(ONET_FILES);

export interface OnetBuildOptions {
  /**
   * Titles to leave out of the part (reported, alternate and short titles, and each form of a title
   * with a parenthesis; never an occupation's own title): the cross-validation of the matcher
   * (bench/matching-crossval.ts) holds reported titles out of the index it then matches them against.
   */
  readonly leaveOut?: (title: string) => boolean;
}

export async function buildOnetPart(rawDir: string, options: OnetBuildOptions = {}): Promise<OnetPart> {
  const path = (rel: string): string => requireRaw(rawDir, rel);

  const occupationRows = csvRecords(path(ONET_FILES.occupations), ['O*NET-SOC Code', 'Title', 'Description']);
  const codes = occupationRows.map((r) => r[0]);
  const occIndex = new Map(codes.map((c, i) => [c, i]));
  const at = (code: string, file: string): number => {
    const i = occIndex.get(code);
    if (i === undefined)
      throw new Error(`${file}: O*NET-SOC code ${code} is not in ${ONET_FILES.occupations}`);
    return i;
  };

  const vocab: string[] = [];
  const wordIds = new Map<string, number>();
  const wordId = (w: string): number => {
    let id = wordIds.get(w);
    if (id === undefined) {
      id = vocab.length;
      vocab.push(w);
      wordIds.set(w, id);
    }
    return id;
  };

  // Title field: every word of the occupation's titles (its own, reported and alternate), once each
  // and TITLE_FIELD_COUNT times, so that a description saying "software" finds Software Developers,
  // whose titles say it dozens of times while its task statements speak of "programs" and "systems".
  const titleProse: Set<string>[] = codes.map(() => new Set());
  // How many titles end on each word (word id -> count): the word a title ends on is its head noun.
  const headCounts = new Map<number, number>();
  // Titles: one entry per (occupation, distinct word set), keeping the best kind and most sources.
  const titleByKey = new Map<string, { occ: number; kind: number; sources: number; words: number[] }>();
  const addTitle = (occ: number, text: string, kind: TitleKind, sources: number): void => {
    if (kind !== TitleKind.Primary) {
      if (options.leaveOut?.(text) === true) return;
      const variants = titleVariants(text);
      if (variants.length > 1) {
        for (const v of variants) addTitle(occ, v.text, v.acronym ? TitleKind.Short : kind, sources);
        return;
      }
    }
    // An acronym O*NET lists as a title ("CMO" for a continuous miner operator) means what that
    // occupation says, not what the HR abbreviation table says ("CMO": chief marketing officer): keep
    // it as the literal token, so only a query of those letters meets it.
    const words = ACRONYM_TITLE.test(text.trim()) ? [text.trim().toLowerCase()] : titleWords(text);
    const ids = [...new Set(words.map(wordId))].sort((a, b) => a - b);
    if (ids.length === 0) return;
    for (const w of proseWords(text)) (titleProse[occ] as Set<string>).add(w);
    const key = `${occ}:${ids.join(',')}`;
    const seen = titleByKey.get(key);
    if (seen === undefined) {
      titleByKey.set(key, { occ, kind, sources, words: ids });
      const last = words[words.length - 1];
      if (last !== undefined) {
        const head = wordId(last);
        headCounts.set(head, (headCounts.get(head) ?? 0) + 1);
      }
    } else {
      seen.kind = Math.min(seen.kind, kind);
      seen.sources = Math.max(seen.sources, sources);
    }
  };

  occupationRows.forEach(([, title], i) => addTitle(i, primaryTitleForMatching(title), TitleKind.Primary, 0));

  for (const [code, , reported, shown] of csvRecords(path(ONET_FILES.reportedTitles), [
    'O*NET-SOC Code',
    'Title',
    'Reported Job Title',
    'Shown in My Next Move',
  ])) {
    addTitle(
      at(code, ONET_FILES.reportedTitles),
      reported,
      shown === 'Y' ? TitleKind.ReportedShown : TitleKind.Reported,
      0,
    );
  }

  const altRows = await readXlsx(path(ONET_FILES.alternateTitles));
  const altCols = columnIndexes(
    (altRows[0] ?? []).map((c) => cellText(c)),
    ['O*NET-SOC Code', 'Alternate Title', 'Short Title', 'Source(s)'],
    ONET_FILES.alternateTitles,
  );
  for (const row of altRows.slice(1)) {
    const [code = '', alt = '', short = '', sourceList = ''] = altCols.map((c) => cellText(row[c]));
    if (code === '') continue;
    const occ = at(code, ONET_FILES.alternateTitles);
    const sources = sourceList.split(',').filter((s) => s.trim() !== '').length;
    if (alt) addTitle(occ, alt, TitleKind.Alternate, sources);
    if (short) addTitle(occ, short, TitleKind.Short, sources);
  }

  const titles = {
    occ: [] as number[],
    kind: [] as number[],
    sources: [] as number[],
    start: [] as number[],
    words: [] as number[],
  };
  for (const t of titleByKey.values()) {
    titles.occ.push(t.occ);
    titles.kind.push(t.kind);
    titles.sources.push(t.sources);
    titles.start.push(titles.words.length);
    titles.words.push(...t.words);
  }
  titles.start.push(titles.words.length);

  // Task statements and the description: a bag of words per occupation, for JobDesc evidence.
  const bags: Map<number, number>[] = codes.map(() => new Map());
  const addProse = (occ: number, text: string): void => {
    const bag = bags[occ] as Map<number, number>;
    for (const w of proseWords(text)) {
      const id = wordId(w);
      bag.set(id, (bag.get(id) ?? 0) + 1);
    }
  };
  occupationRows.forEach(([, , description], i) => addProse(i, description));
  for (const [code, task] of csvRecords(path(ONET_FILES.tasks), ['O*NET-SOC Code', 'Task']))
    addProse(at(code, ONET_FILES.tasks), task);
  titleProse.forEach((words, occ) => {
    const bag = bags[occ] as Map<number, number>;
    for (const w of words) {
      const id = wordId(w);
      bag.set(id, (bag.get(id) ?? 0) + TITLE_FIELD_COUNT);
    }
  });
  const tasks = {
    start: [] as number[],
    terms: [] as number[],
    counts: [] as number[],
    length: [] as number[],
  };
  for (const bag of bags) {
    tasks.start.push(tasks.terms.length);
    let length = 0;
    for (const [term, count] of [...bag.entries()].sort((a, b) => a[0] - b[0])) {
      tasks.terms.push(term);
      tasks.counts.push(count);
      length += count;
    }
    tasks.length.push(length);
  }
  tasks.start.push(tasks.terms.length);

  const zones = readZones(path(ONET_FILES.jobZones), path(ONET_FILES.jobZones293), codes);
  const families = await readMajorGroups(path(ONET_FILES.socDefinitions));
  const family = codes.map((code) => {
    const i = families.codes.indexOf(majorGroupCode(code));
    if (i < 0) throw new Error(`${ONET_FILES.socDefinitions}: no SOC major group for ${code}`);
    return i;
  });

  return {
    kind: 'onet',
    normalizerVersion: NORMALIZER_VERSION,
    release: 'O*NET 30.3 (alternate titles and zone 1/2 split: 29.3); SOC 2018 definitions',
    occupations: {
      codes,
      titles: occupationRows.map((r) => r[1]),
      zones,
      family,
      employment: await readEmployment(path(ONET_FILES.oewsNational), codes),
      sectorEmployment: await readSectorEmployment(path(ONET_FILES.oewsSector), codes),
    },
    families,
    vocab,
    headCounts: vocab.map((_, id) => headCounts.get(id) ?? 0),
    titles,
    tasks,
  };
}

/**
 * The occupation title as a matching string: an "Except ..." clause names what the occupation is
 * *not* ("Elementary School Teachers, Except Special Education"), so its words must not count as evidence.
 */
export function primaryTitleForMatching(title: string): string {
  return title.replace(/,?\s*\bexcept\b.*$/i, '');
}

/**
 * A title ending in a parenthesis names one job two ways: "UX Designer (User Experience Designer)",
 * "Medical Technologist (MT)", "System Administrator (System Admin)". Each form is a title of its own;
 * merged into one word set they would match neither form exactly. An all-capitals form is an acronym
 * (indexed like a Short Title). A parenthesis starting "Except" qualifies the title and is dropped.
 */
export function titleVariants(text: string): { text: string; acronym: boolean }[] {
  const m = /^(.*\S)\s*\(([^()]+)\)\s*$/.exec(text);
  if (m === null) return [{ text, acronym: false }];
  const [, base = '', inner = ''] = m;
  if (/^except\b/i.test(inner.trim())) return [{ text: base, acronym: false }];
  return [
    { text: base, acronym: false },
    { text: inner, acronym: /^[A-Z][A-Z0-9&./-]+$/.test(inner.trim()) },
  ];
}

/** CSV rows as the named columns, in the order asked; header checked so a changed layout fails loudly. */
function csvRecords<const N extends readonly string[]>(file: string, names: N): { [K in keyof N]: string }[] {
  const [header, ...rows] = readCsv(file);
  const cols = columnIndexes(header ?? [], names, file);
  return rows
    .filter((r) => r.length > 1)
    .map((r) => cols.map((c) => (r[c] ?? '').trim()) as { [K in keyof N]: string });
}

function columnIndexes(header: readonly string[], names: readonly string[], file: string): number[] {
  return names.map((n) => {
    const i = header.indexOf(n);
    if (i < 0) throw new Error(`${file}: column "${n}" not found in header [${header.join(', ')}]`);
    return i;
  });
}

function readZones(file303: string, file293: string, codes: string[]): number[] {
  const zone303 = new Map(
    csvRecords(file303, ['O*NET-SOC Code', 'Job Zone']).map(([c, z]) => [c, Number(z)]),
  );
  const tsv = readTsv(file293);
  const [codeCol, zoneCol] = columnIndexes(tsv.header, ['O*NET-SOC Code', 'Job Zone'], file293);
  const zone293 = new Map(tsv.rows.map((r) => [r[codeCol as number] ?? '', Number(r[zoneCol as number])]));
  return codes.map((code) => {
    const z = zone303.get(code) ?? 0;
    if (!(z >= 0 && z <= 5)) throw new Error(`${file303}: bad Job Zone for ${code}`);
    return z === 2 && zone293.get(code) === 1 ? 1 : z;
  });
}

/**
 * OEWS national employment per O*NET code: its SOC detailed row, else the OEWS aggregate that
 * replaces it (OEWS publishes e.g. 13-1020 in place of 13-1021..13-1023: same code with a final 0),
 * else 0. "**" (employment not available) counts as 0.
 */
async function readEmployment(file: string, codes: string[]): Promise<number[]> {
  const rows = await readXlsx(file);
  const [occCol, groupCol, empCol] = columnIndexes(
    (rows[0] ?? []).map((c) => cellText(c)),
    ['OCC_CODE', 'O_GROUP', 'TOT_EMP'],
    file,
  );
  const employment = new Map<string, number>();
  for (const r of rows.slice(1)) {
    const group = cellText(r[groupCol as number]);
    if (group !== 'detailed' && group !== 'broad') continue;
    const emp = Number(cellText(r[empCol as number]));
    const code = cellText(r[occCol as number]);
    if (Number.isFinite(emp) && !employment.has(code)) employment.set(code, emp);
  }
  return codes.map((code) => jobsOf(employment, code));
}

/** An O*NET code's jobs in OEWS rows by code: its SOC detailed row, else the broad aggregate, else 0. */
function jobsOf(employment: ReadonlyMap<string, number>, code: string): number {
  const soc = socOf(code);
  return employment.get(soc) ?? employment.get(broadOccupationCode(soc)) ?? 0;
}

/**
 * OEWS employment per NAICS sector (the file's sector keys: "31" for 31-33, "99" for government) and
 * O*NET code, by the same rule as readEmployment: the SOC detailed row, else its broad aggregate where
 * OEWS publishes that in place of the detailed occupations (no sector has their rows); 0 where the
 * sector file has no row for the occupation (too few jobs there to publish: a detailed occupation
 * published in other sectors is not its broad aggregate's jobs, as Machine Feeders and Offbearers are not
 * all of Laborers and Material Movers in food services), -1 where it withholds the figure ("**"); and
 * each sector's "All Occupations" total.
 */
async function readSectorEmployment(
  file: string,
  codes: string[],
): Promise<Record<string, { total: number; byOccupation: number[] }>> {
  const rows = await readXlsx(file);
  const [naicsCol, occCol, groupCol, empCol] = columnIndexes(
    (rows[0] ?? []).map((c) => cellText(c)),
    ['NAICS', 'OCC_CODE', 'O_GROUP', 'TOT_EMP'],
    file,
  );
  const bySector = new Map<string, Map<string, number>>();
  // Detailed occupations OEWS publishes in some sector: in a sector without their row they have too few
  // jobs there to publish, and their broad aggregate's row counts its other occupations' jobs.
  const detailed = new Set<string>();
  for (const r of rows.slice(1)) {
    // NAICS is text for most sectors but an integer for 31, 44 and 48 (raw SOURCES.md caveat 2).
    const sector = cellText(r[naicsCol as number]);
    const group = cellText(r[groupCol as number]);
    if (sector === '' || (group !== 'detailed' && group !== 'broad' && group !== 'total')) continue;
    let employment = bySector.get(sector);
    if (employment === undefined) bySector.set(sector, (employment = new Map()));
    const text = cellText(r[empCol as number]).replace(/,/g, '');
    const emp = text.startsWith('*') ? -1 : Number(text);
    const code = cellText(r[occCol as number]);
    if (group === 'detailed') detailed.add(code);
    if (Number.isFinite(emp) && !employment.has(code)) employment.set(code, emp);
  }
  const out: Record<string, { total: number; byOccupation: number[] }> = {};
  for (const [sector, employment] of bySector) {
    const total = employment.get('00-0000');
    if (total === undefined || !(total > 0))
      throw new Error(`${file}: sector ${sector} has no All Occupations row`);
    out[sector] = {
      total,
      byOccupation: codes.map((code) =>
        detailed.has(socOf(code)) ? (employment.get(socOf(code)) ?? 0) : jobsOf(employment, code),
      ),
    };
  }
  return out;
}

/** The 23 SOC major groups from the SOC 2018 definitions workbook (three title rows, header on row 4). */
async function readMajorGroups(file: string): Promise<{ codes: string[]; names: string[] }> {
  const rows = await readXlsx(file);
  const headerRow = rows.findIndex((r) => r.some((c) => cellText(c) === 'SOC Code'));
  if (headerRow < 0) throw new Error(`${file}: header row with "SOC Code" not found`);
  const [groupCol, codeCol, titleCol] = columnIndexes(
    (rows[headerRow] ?? []).map((c) => cellText(c)),
    ['SOC Group', 'SOC Code', 'SOC Title'],
    file,
  );
  const codes: string[] = [];
  const names: string[] = [];
  for (const r of rows.slice(headerRow + 1)) {
    if (cellText(r[groupCol as number]) !== 'Major') continue;
    codes.push(cellText(r[codeCol as number]));
    names.push(cellText(r[titleCol as number]));
  }
  if (codes.length !== 23) throw new Error(`${file}: expected 23 SOC major groups, found ${codes.length}`);
  return { codes, names };
}
