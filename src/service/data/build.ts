import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NORMALIZER_VERSION } from '../text/normalize';
import { buildOnetPart, ONET_SOURCES } from './onet/build';
import { ONET_PART_VERSION } from './onet/part';
import { buildGeographyPart, GEO_SOURCES } from './geography';
import { fingerprintSources, partChecksum, partsChangedReason, staleReason } from './manifest';
import { ManifestSchema } from './index-schema';
import { buildWagesPart, wageSourcePaths } from './wages';
import { WageIndex } from './wage-index';
import { INDEX_FORMAT_VERSION, type GeographyPart, type Manifest, type WagesPart } from './index-types';

/** Part files in the index folder. */
export const PART_FILES = { wages: 'wages.bin', geography: 'geography.json', onet: 'onet.json' } as const;
export const MANIFEST_FILE = 'manifest.json';

/** Every raw file a build reads now, relative to the raw folder (OEWS files are discovered). */
export function expectedSources(rawDir: string): string[] {
  // The O*NET part also reads the OEWS national and sector files (employment priors): list each file once.
  return [...new Set([...wageSourcePaths(rawDir), ...Object.values(GEO_SOURCES), ...ONET_SOURCES])];
}

/**
 * Versions of code whose output is stored in the index besides our own format: the O*NET part's words
 * are produced by the matcher's normaliser, so a change there makes the stored part stale too, and so
 * does a change of the part's shape (ONET_PART_VERSION).
 */
export function partVersions(): Record<string, number> {
  return { onetNormalizer: NORMALIZER_VERSION, onetPart: ONET_PART_VERSION };
}

export function readManifest(outDir: string): Manifest | null {
  const p = join(outDir, MANIFEST_FILE);
  if (!existsSync(p)) return null;
  try {
    const r = ManifestSchema.safeParse(JSON.parse(readFileSync(p, 'utf8')));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** Null when the index in `outDir` was built by this format from exactly these raw files. */
export function indexStaleReason(
  outDir: string,
  rawDir: string,
  hash: 'always' | 'when-changed',
): string | null {
  const m = readManifest(outDir);
  if (m === null) return `no index at ${outDir}`;
  if (m.formatVersion !== INDEX_FORMAT_VERSION)
    return `index format ${m.formatVersion}, this code reads ${INDEX_FORMAT_VERSION}`;
  for (const [name, v] of Object.entries(partVersions())) {
    if (m.partVersions?.[name] !== v)
      return `${name} version ${m.partVersions?.[name] ?? 'unknown'} differs from this code's ${v}`;
  }
  const changed = partsChangedReason(m, outDir, hash === 'always');
  if (changed !== null) return changed;
  return staleReason(m, rawDir, expectedSources(rawDir), hash);
}

export interface BuildReport {
  readonly upToDate: boolean;
  readonly ms: number;
  readonly manifest: Manifest;
  /** Bytes per part file written. */
  readonly sizes: Readonly<Record<string, number>>;
}

function vintagesOf(wages: WagesPart, geo: GeographyPart): Record<string, string> {
  const v: Record<string, string> = {
    oewsNationalPrimary: `May ${wages.primaryYear}`,
    oewsNational: Object.keys(wages.national)
      .sort()
      .map((y) => `May ${y}`)
      .join(', '),
    oewsSector: wages.sector.map((s) => `May ${s.year}`).join(', '),
    oewsAreaDefinitions: geo.areaDefinitions,
    hudZipCounty: '2024 Q3 (September 2024)',
    cbsaDelineation: 'July 2023 (OMB Bulletin 23-01)',
  };
  const names = { state: 'oewsState', msa: 'oewsMsa', nonmetro: 'oewsNonmetro' } as const;
  for (const a of wages.areaTables) {
    const k = names[a.kind];
    v[k] = v[k] === undefined ? `May ${a.year}` : `${v[k]}, May ${a.year}`;
  }
  return v;
}

/**
 * Writes via a temporary name and a rename, so a crash never leaves a half-written part behind; returns
 * the bytes written and their checksum (for the manifest).
 */
function writePart(path: string, bytes: string | Uint8Array): { bytes: number; sha256: string } {
  writeFileSync(`${path}.tmp`, bytes);
  renameSync(`${path}.tmp`, path);
  return { bytes: Buffer.byteLength(bytes), sha256: partChecksum(bytes) };
}
const writeJson = (path: string, value: unknown): { bytes: number; sha256: string } =>
  writePart(path, JSON.stringify(value));

/**
 * Builds the index unless it is up to date (same format version, same raw bytes: hashed, since the
 * build runs rarely and must not trust mtimes copied around by CI caches). `force` rebuilds anyway.
 */
export async function buildIndex(opts: {
  rawDir: string;
  outDir: string;
  force?: boolean;
}): Promise<BuildReport> {
  const t0 = performance.now();
  if (opts.force !== true && indexStaleReason(opts.outDir, opts.rawDir, 'always') === null) {
    return {
      upToDate: true,
      ms: performance.now() - t0,
      manifest: readManifest(opts.outDir) as Manifest,
      sizes: {},
    };
  }
  const [wages, geography, onet] = await Promise.all([
    buildWagesPart(opts.rawDir),
    buildGeographyPart(opts.rawDir),
    buildOnetPart(opts.rawDir),
  ]);
  mkdirSync(opts.outDir, { recursive: true });
  const written = {
    // The wage tables are numbers: typed arrays in a packed file (wage-index.ts), not JSON.
    [PART_FILES.wages]: writePart(join(opts.outDir, PART_FILES.wages), WageIndex.fromPart(wages).encode()),
    [PART_FILES.geography]: writeJson(join(opts.outDir, PART_FILES.geography), geography),
    [PART_FILES.onet]: writeJson(join(opts.outDir, PART_FILES.onet), onet),
  };
  const sizes: Record<string, number> = {};
  const checksums: Record<string, string> = {};
  for (const [file, { bytes, sha256 }] of Object.entries(written)) {
    sizes[file] = bytes;
    checksums[file] = sha256;
  }
  const ms = performance.now() - t0;
  const manifest: Manifest = {
    formatVersion: INDEX_FORMAT_VERSION,
    partVersions: partVersions(),
    builtAt: new Date().toISOString(),
    buildMs: Math.round(ms),
    sources: fingerprintSources(opts.rawDir, expectedSources(opts.rawDir)),
    vintages: vintagesOf(wages, geography),
    parts: PART_FILES,
    checksums,
  };
  // The manifest goes last: its presence says every part is complete.
  sizes[MANIFEST_FILE] = writeJson(join(opts.outDir, MANIFEST_FILE), manifest).bytes;
  return { upToDate: false, ms, manifest, sizes };
}
