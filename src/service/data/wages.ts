import { findOewsFiles, readAreaFile, readNationalFile, readSectorFile } from './oews';
import type { AreaTable, NationalTable, SectorTable, WagesPart } from './index-types';

/**
 * Builds the wages part from every OEWS file staged in `<raw>/oews`: all national files (the newest
 * is the default vintage), the two newest sector files (newest first, the older as fallback), and
 * the newest state and MSA files when they are present.
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
  const [state] = files.state;
  const [msa] = files.msa;
  if (msa !== undefined) areaTables.push(await readAreaFile(rawDir, msa.rel, msa.year, 'msa'));
  if (state !== undefined) areaTables.push(await readAreaFile(rawDir, state.rel, state.year, 'state'));
  return { primaryYear: (files.national[0] as { year: number }).year, national, sector, areaTables };
}

/** The raw files the wages part reads (relative paths), for the manifest. */
export function wageSourcePaths(rawDir: string): string[] {
  const f = findOewsFiles(rawDir);
  return [...f.national, ...f.sector.slice(0, 2), ...f.state.slice(0, 1), ...f.msa.slice(0, 1)].map(
    (x) => x.rel,
  );
}
