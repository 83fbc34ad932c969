import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isSocCode } from '../soc-code';
import { cellText, readXlsx, type Cell, type Row } from './raw-files';
import type { AreaCell, AreaTable, NationalTable, Percentiles, SectorTable, WageEntry } from './index-types';

/**
 * Readers for BLS OEWS "_dl.xlsx" files (national, national-by-sector, state, MSA). They share one
 * layout: a header row, then one row per area x industry x occupation with the markers below inside
 * numeric columns (see SOURCES.md, parsing caveats 1-3).
 */

/** "#": the published wage is at least this much (BLS top-code for May 2023/2024 files). */
export const TOP_CODE_ANNUAL = 239_200;
export const TOP_CODE_HOURLY = 115;
/** Full-year, full-time hours BLS itself uses to annualise hourly OEWS wages. */
export const HOURS_PER_YEAR = 2080;

const ANNUAL_COLS = ['A_PCT10', 'A_PCT25', 'A_MEDIAN', 'A_PCT75', 'A_PCT90'] as const;
const HOURLY_COLS = ['H_PCT10', 'H_PCT25', 'H_MEDIAN', 'H_PCT75', 'H_PCT90'] as const;

type Columns = Record<string, number>;

function columnsOf(header: Row): Columns {
  const cols: Columns = {};
  header.forEach((c, i) => {
    const name = cellText(c).toUpperCase();
    if (name !== '') cols[name] = i;
  });
  for (const need of ['OCC_CODE', 'OCC_TITLE', 'O_GROUP', ...ANNUAL_COLS, ...HOURLY_COLS]) {
    if (cols[need] === undefined) throw new Error(`OEWS file lacks column ${need}`);
  }
  return cols;
}

function at(row: Row, cols: Columns, name: string): Cell {
  const i = cols[name];
  return i === undefined ? null : (row[i] ?? null);
}

/** A wage cell: a number, the cap for "#", or null for "*", "**", "~", blank or anything else. */
function wageCell(c: Cell, cap: number): { value: number; topCoded: boolean } | null {
  if (typeof c === 'number') return Number.isFinite(c) ? { value: c, topCoded: false } : null;
  const t = cellText(c);
  if (t === '#') return { value: cap, topCoded: true };
  if (t === '' || t.startsWith('*') || t === '~') return null;
  const n = Number(t.replace(/,/g, ''));
  return Number.isFinite(n) ? { value: n, topCoded: false } : null;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * One row's annual percentiles, or null when any of the five is unavailable (the caller then falls
 * back to a broader SOC group rather than mixing levels of detail). Hourly-only rows are annualised
 * at 2080 hours. Percentiles are forced non-decreasing (a running maximum); BLS figures already are,
 * so this only guards against a damaged file.
 */
export function parseWageRow(row: Row, cols: Columns): WageEntry | null {
  const hourlyOnly = cellText(at(row, cols, 'HOURLY')).toUpperCase() === 'TRUE';
  const names = hourlyOnly ? HOURLY_COLS : ANNUAL_COLS;
  const cap = hourlyOnly ? TOP_CODE_HOURLY : TOP_CODE_ANNUAL;
  const values: number[] = [];
  let topCoded = 0;
  for (let i = 0; i < names.length; i++) {
    const w = wageCell(at(row, cols, names[i] as string), cap);
    if (w === null) return null;
    const annual = hourlyOnly ? round2(w.value * HOURS_PER_YEAR) : w.value;
    values.push(i > 0 ? Math.max(annual, values[i - 1] as number) : annual);
    if (w.topCoded) topCoded |= 1 << i;
  }
  return {
    title: cellText(at(row, cols, 'OCC_TITLE')),
    group: cellText(at(row, cols, 'O_GROUP')).toLowerCase(),
    p: values as unknown as Percentiles,
    topCoded,
    hourlyOnly,
  };
}

/** Header row index: the first row naming OCC_CODE (BLS files have it on row 1). */
function headerIndex(rows: Row[]): number {
  const i = rows.findIndex((r) => r.some((c) => cellText(c).toUpperCase() === 'OCC_CODE'));
  if (i < 0) throw new Error('OEWS file: no header row with OCC_CODE');
  return i;
}

interface ParsedRow {
  row: Row;
  code: string;
  entry: WageEntry | null;
}

async function parseFile(path: string): Promise<{ cols: Columns; rows: ParsedRow[] }> {
  // The data sheet is the first one in every BLS _dl file (Field Descriptions, UpdateTime, Filler follow).
  const all = await readXlsx(path);
  const h = headerIndex(all);
  const cols = columnsOf(all[h] as Row);
  const rows: ParsedRow[] = [];
  for (const row of all.slice(h + 1)) {
    // OCC_CODE is text in BLS files; cast anyway so a numeric cell cannot break the join.
    const code = cellText(at(row, cols, 'OCC_CODE'));
    if (!isSocCode(code)) continue; // blank, footnote or filler rows
    rows.push({ row, code, entry: parseWageRow(row, cols) });
  }
  return { cols, rows };
}

/**
 * Rows by OCC_CODE. A broad code published twice (as "broad" and as "detailed", same figures) keeps the
 * first complete one; an incomplete row never hides a complete one.
 */
function byCode(rows: readonly ParsedRow[]): Record<string, WageEntry> {
  const out: Record<string, WageEntry> = {};
  for (const r of rows) if (r.entry !== null && out[r.code] === undefined) out[r.code] = r.entry;
  return out;
}

export async function readNationalFile(rawDir: string, rel: string, year: number): Promise<NationalTable> {
  const { rows } = await parseFile(join(rawDir, rel));
  return { year, source: rel, rows: byCode(rows) };
}

export async function readSectorFile(rawDir: string, rel: string, year: number): Promise<SectorTable> {
  const { cols, rows } = await parseFile(join(rawDir, rel));
  const groups = new Map<string, { title: string; rows: ParsedRow[] }>();
  for (const r of rows) {
    // NAICS is text for most sectors but an integer for 31, 44 and 48 (SOURCES.md caveat 2).
    const naics = cellText(at(r.row, cols, 'NAICS'));
    if (naics === '') continue;
    let g = groups.get(naics);
    if (g === undefined) {
      g = { title: cellText(at(r.row, cols, 'NAICS_TITLE')), rows: [] };
      groups.set(naics, g);
    }
    g.rows.push(r);
  }
  const sectors: Record<string, { title: string; rows: Record<string, WageEntry> }> = {};
  for (const [code, g] of groups) sectors[code] = { title: g.title, rows: byCode(g.rows) };
  return { year, source: rel, sectors };
}

/**
 * A row's annual percentiles as an area cell: "#" (top-coded) and suppressed cells become blanks, which
 * pricing reads by the same rule as the converted files (pricing/area-wages.ts); hourly-only rows are
 * annualised at 2080 hours. Null when nothing is published.
 */
function areaCellOf(row: Row, cols: Columns): AreaCell | null {
  const hourlyOnly = cellText(at(row, cols, 'HOURLY')).toUpperCase() === 'TRUE';
  const names = hourlyOnly ? HOURLY_COLS : ANNUAL_COLS;
  const cell = names.map((n) => {
    const w = wageCell(at(row, cols, n), hourlyOnly ? TOP_CODE_HOURLY : TOP_CODE_ANNUAL);
    return w === null || w.topCoded ? null : hourlyOnly ? round2(w.value * HOURS_PER_YEAR) : w.value;
  });
  return cell.every((v) => v === null) ? null : (cell as unknown as AreaCell);
}

/**
 * An official BLS state or MSA workbook (`state_M20xx_dl.xlsx`, `MSA_M20xx_dl.xlsx`): preferred over the
 * converted files of the same vintage when a user stages it. States are keyed `s:<PRIM_STATE>`
 * (AREA_TYPE 2, territories AREA_TYPE 3); metropolitan areas `m:<AREA>` (AREA_TYPE 4; CBSA codes).
 */
export async function readAreaFile(
  rawDir: string,
  rel: string,
  year: number,
  kind: 'state' | 'msa',
): Promise<AreaTable> {
  const { cols, rows } = await parseFile(join(rawDir, rel));
  const areas: Record<string, { title: string; rows: Record<string, AreaCell> }> = {};
  for (const r of rows) {
    const areaType = cellText(at(r.row, cols, 'AREA_TYPE'));
    let key: string;
    if (kind === 'state') {
      if (areaType !== '' && areaType !== '2' && areaType !== '3') continue;
      const st = cellText(at(r.row, cols, 'PRIM_STATE')).toUpperCase();
      if (!/^[A-Z]{2}$/.test(st)) continue;
      key = `s:${st}`;
    } else {
      if (areaType !== '' && areaType !== '4') continue;
      const area = cellText(at(r.row, cols, 'AREA'));
      if (!/^\d{5}$/.test(area)) continue;
      key = `m:${area}`;
    }
    const g = (areas[key] ??= { title: cellText(at(r.row, cols, 'AREA_TITLE')), rows: {} });
    const cell = areaCellOf(r.row, cols);
    // A broad code published twice keeps its first row, as byCode does.
    if (cell !== null && g.rows[r.code] === undefined) g.rows[r.code] = cell;
  }
  return { year, source: rel, kind, topCode: year <= 2024 ? TOP_CODE_ANNUAL : null, areas };
}

/** OEWS files present in `<rawDir>/oews`, by kind, newest year first. */
export interface OewsFiles {
  readonly national: readonly { rel: string; year: number }[];
  readonly sector: readonly { rel: string; year: number }[];
  readonly state: readonly { rel: string; year: number }[];
  readonly msa: readonly { rel: string; year: number }[];
}

export function findOewsFiles(rawDir: string): OewsFiles {
  let names: string[] = [];
  try {
    names = readdirSync(join(rawDir, 'oews'));
  } catch {
    names = [];
  }
  const pick = (re: RegExp): { rel: string; year: number }[] =>
    names
      .map((n) => ({ n, m: re.exec(n) }))
      .filter((x): x is { n: string; m: RegExpExecArray } => x.m !== null)
      .map((x) => ({ rel: `oews/${x.n}`, year: Number(x.m[1]) }))
      .sort((a, b) => b.year - a.year);
  return {
    national: pick(/^national_M(\d{4})_dl\.xlsx$/i),
    sector: pick(/^natsector_M(\d{4})_dl\.xlsx$/i),
    state: pick(/^state_M(\d{4})_dl\.xlsx$/i),
    msa: pick(/^MSA_M(\d{4})_dl\.xlsx$/i),
  };
}
