import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { isSocCode } from '../soc-code';
import { TOP_CODE_ANNUAL } from './oews';
import { readText } from './raw-files';
import { STATE_BY_FIPS } from './states';
import type { AreaCell, AreaTable } from './index-types';
import { errorMessage } from '../../domain/error-message';

/**
 * Readers for the measured OEWS area wages staged in `<raw>/oews-area/` (its SOURCES.md says where each
 * file comes from and what its quirks are):
 *  - `M<year>/states/<FIPS>.json.gz` and `M<year>/territories/<FIPS>.json.gz`: one state (or territory);
 *  - `M<year>/nonmetro/<7-digit code>.json.gz`: one nonmetropolitan area;
 *  - `M<year>/msa/msa.parquet`: every metropolitan area of that year, percentiles only.
 * Every cell is kept as published, a blank as null: whether a blank means "suppressed" or "top-coded"
 * is decided when pricing (pricing/area-wages.ts), where the neighbouring percentiles are at hand.
 */

export const OEWS_AREA_DIR = 'oews-area';

const PERCENTILE_KEYS = ['p10', 'p25', 'med', 'p75', 'p90'] as const;

/** The laborcompare JSON layout (see oews-area/SOURCES.md, "Field key"): a missing key is a blank cell. */
const AreaJsonSchema = z.object({
  name: z.string(),
  occupations: z.record(
    z.string(),
    z.object({
      title: z.string().optional(),
      p10: z.number().optional(),
      p25: z.number().optional(),
      med: z.number().optional(),
      p75: z.number().optional(),
      p90: z.number().optional(),
    }),
  ),
});

const cellOf = (values: readonly (number | null | undefined)[]): AreaCell | null => {
  const cell = values.map((v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null));
  // A row with no annual percentile at all (hourly-only occupations, fully suppressed rows) says nothing.
  return cell.every((v) => v === null) ? null : (cell as unknown as AreaCell);
};

/** One staged file of one area, found on disk. */
export interface AreaFile {
  /** Relative to the raw folder, as staged (with .gz). */
  readonly rel: string;
  readonly year: number;
  readonly kind: AreaTable['kind'];
  /** Area key as the geography uses it: `s:<USPS>`, `n:<7-digit code>`, `m:<CBSA>` (one file for all MSAs). */
  readonly key: string;
}

/** Every staged area file, newest vintage first. Missing folders simply contribute nothing. */
export function findAreaFiles(rawDir: string): AreaFile[] {
  const base = join(rawDir, OEWS_AREA_DIR);
  const list = (dir: string): string[] => {
    try {
      return readdirSync(join(base, dir)).sort();
    } catch {
      return [];
    }
  };
  const out: AreaFile[] = [];
  for (const vintage of list('.')) {
    const m = /^M(\d{4})$/.exec(vintage);
    if (m === null) continue;
    const year = Number(m[1]);
    for (const dir of ['states', 'territories'] as const) {
      for (const f of list(`${vintage}/${dir}`)) {
        const fips = /^(\d{2})\.json(\.gz)?$/.exec(f)?.[1];
        const st = fips === undefined ? undefined : STATE_BY_FIPS.get(fips);
        if (st !== undefined)
          out.push({
            rel: `${OEWS_AREA_DIR}/${vintage}/${dir}/${f}`,
            year,
            kind: 'state',
            key: `s:${st.usps}`,
          });
      }
    }
    for (const f of list(`${vintage}/nonmetro`)) {
      const code = /^(\d{7})\.json(\.gz)?$/.exec(f)?.[1];
      if (code !== undefined)
        out.push({
          rel: `${OEWS_AREA_DIR}/${vintage}/nonmetro/${f}`,
          year,
          kind: 'nonmetro',
          key: `n:${code}`,
        });
    }
    for (const f of list(`${vintage}/msa`)) {
      if (/\.parquet$/.test(f))
        out.push({ rel: `${OEWS_AREA_DIR}/${vintage}/msa/${f}`, year, kind: 'msa', key: 'm:*' });
    }
  }
  return out.sort((a, b) => b.year - a.year || (a.rel < b.rel ? -1 : 1));
}

type Areas = Record<string, { title: string; rows: Record<string, AreaCell> }>;

function readJsonArea(rawDir: string, file: AreaFile): Areas {
  let parsed: z.infer<typeof AreaJsonSchema>;
  try {
    parsed = AreaJsonSchema.parse(JSON.parse(readText(join(rawDir, file.rel))));
  } catch (e) {
    throw new Error(`${file.rel}: not an OEWS area file (${errorMessage(e)})`, {
      cause: e,
    });
  }
  const rows: Record<string, AreaCell> = {};
  for (const [soc, o] of Object.entries(parsed.occupations)) {
    if (!isSocCode(soc)) continue;
    const cell = cellOf(PERCENTILE_KEYS.map((k) => o[k]));
    if (cell !== null) rows[soc] = cell;
  }
  return { [file.key]: { title: parsed.name, rows } };
}

const MsaRowSchema = z.object({
  SOC: z.string(),
  AREA: z.string(),
  AREA_NAME: z.string(),
  A_PCT10: z.number().nullable(),
  A_PCT25: z.number().nullable(),
  A_PCT50: z.number().nullable(),
  A_PCT75: z.number().nullable(),
  A_PCT90: z.number().nullable(),
});

/** The MSA parquet (read with hyparquet): all metropolitan areas of one vintage, NaN for every blank. */
async function readMsaParquet(rawDir: string, file: AreaFile): Promise<Areas> {
  const bytes = readFileSync(join(rawDir, file.rel));
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  // Loaded on first use, like exceljs (raw-files.ts readXlsx): only the data build reads a parquet file.
  const { parquetReadObjects } = await import('hyparquet');
  const records = await parquetReadObjects({ file: buffer, columns: [...MsaRowSchema.keyof().options] });
  const areas: Areas = {};
  for (const raw of records) {
    const r = MsaRowSchema.safeParse(raw);
    if (!r.success) throw new Error(`${file.rel}: unexpected row (${r.error.issues[0]?.message ?? ''})`);
    const { SOC, AREA, AREA_NAME } = r.data;
    if (!isSocCode(SOC) || !/^\d{5}$/.test(AREA)) continue;
    const key = `m:${AREA}`;
    const area = (areas[key] ??= { title: AREA_NAME, rows: {} });
    const cell = cellOf([r.data.A_PCT10, r.data.A_PCT25, r.data.A_PCT50, r.data.A_PCT75, r.data.A_PCT90]);
    if (cell !== null) area.rows[SOC] = cell;
  }
  return areas;
}

/**
 * The area tables of the staged files: one table per (vintage, kind). `topCode` is the published
 * top-code of that vintage: May 2024 and earlier files wrote wages of $239,200 a year or more as "#"
 * (a blank after conversion); May 2025 has no top-coding (oews-area/SOURCES.md, quirk 1).
 */
export async function readAreaTables(rawDir: string, files: readonly AreaFile[]): Promise<AreaTable[]> {
  const tables = new Map<
    string,
    { year: number; kind: AreaTable['kind']; sources: string[]; areas: Areas }
  >();
  for (const f of files) {
    const id = `${f.year}|${f.kind}`;
    let t = tables.get(id);
    if (t === undefined) tables.set(id, (t = { year: f.year, kind: f.kind, sources: [], areas: {} }));
    t.sources.push(f.rel);
    Object.assign(t.areas, f.kind === 'msa' ? await readMsaParquet(rawDir, f) : readJsonArea(rawDir, f));
  }
  return [...tables.values()].map((t) => ({
    year: t.year,
    kind: t.kind,
    source: [...new Set(t.sources.map((s) => (t.kind === 'msa' ? s : dirname(s))))].join(', '),
    topCode: t.year <= 2024 ? TOP_CODE_ANNUAL : null,
    areas: t.areas,
  }));
}
