import { findOewsFiles, readAreaFile, readNationalFile, readSectorFile, type OewsFiles } from './oews';
import { findAreaFiles, readAreaTables, type AreaFile } from './oews-area';
import type { AreaTable, NationalTable, SectorTable, WagesPart } from './index-types';

/**
 * Builds the wages part: every OEWS national file in `<raw>/oews` (the newest is the default vintage),
 * the two newest sector files (newest first, the older as fallback), and the measured area estimates:
 * the official BLS state and MSA workbooks of `<raw>/oews` when a user stages them, and for every other
 * (vintage, kind) the converted files of `<raw>/oews-area` (states, territories, nonmetropolitan areas,
 * MSAs).
 */
export async function buildWagesPart(rawDir: string): Promise<WagesPart> {
  const files = findOewsFiles(rawDir);
  if (files.national.length === 0)
    throw new Error(`No OEWS national file (oews/national_M<year>_dl.xlsx) in ${rawDir}`);
  const national: Record<string, NationalTable> = {};
  for (const f of files.national) national[String(f.year)] = await readNationalFile(rawDir, f.rel, f.year);
  const sector: SectorTable[] = [];
  for (const f of files.sector.slice(0, 2)) sector.push(await readSectorFile(rawDir, f.rel, f.year));
  const areaTables: AreaTable[] = [];
  for (const f of officialAreaFiles(files))
    areaTables.push(await readAreaFile(rawDir, f.rel, f.year, f.kind));
  areaTables.push(...(await readAreaTables(rawDir, convertedAreaFiles(rawDir, files))));
  areaTables.sort((a, b) => b.year - a.year || (a.kind < b.kind ? -1 : 1));
  return { primaryYear: (files.national[0] as { year: number }).year, national, sector, areaTables };
}

/** The official workbooks: the newest two vintages of each kind. */
function officialAreaFiles(files: OewsFiles): { rel: string; year: number; kind: 'state' | 'msa' }[] {
  return [
    ...files.state.slice(0, 2).map((f) => ({ ...f, kind: 'state' as const })),
    ...files.msa.slice(0, 2).map((f) => ({ ...f, kind: 'msa' as const })),
  ];
}

/** Converted area files, except a (vintage, kind) an official workbook already supplies. */
function convertedAreaFiles(rawDir: string, files: OewsFiles): AreaFile[] {
  const official = new Set(officialAreaFiles(files).map((f) => `${f.year}|${f.kind}`));
  return findAreaFiles(rawDir).filter((f) => !official.has(`${f.year}|${f.kind}`));
}

/** The raw files the wages part reads (relative paths), for the manifest. */
export function wageSourcePaths(rawDir: string): string[] {
  const f = findOewsFiles(rawDir);
  return [
    ...f.national,
    ...f.sector.slice(0, 2),
    ...officialAreaFiles(f),
    ...convertedAreaFiles(rawDir, f),
  ].map((x) => x.rel);
}
