import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findRaw, fingerprint } from './raw-files';
import type { Manifest, SourceFingerprint } from './index-types';

/** The checksum the manifest records for a part file: sha256 of its bytes, hex. */
export function partChecksum(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Why the part files in `outDir` are not the ones the manifest describes, or null when they are: a part
 * missing, no checksums recorded (an index from before they were), or a part whose bytes changed since
 * the build. The data build asks this (and rebuilds); start-up checks each part as it reads it (load.ts).
 */
export function partsChangedReason(manifest: Manifest, outDir: string, hash: boolean): string | null {
  for (const f of Object.values(manifest.parts))
    if (!existsSync(join(outDir, f))) return `index part missing: ${f}`;
  if (manifest.checksums === undefined) return NO_CHECKSUMS;
  if (!hash) return null;
  for (const f of Object.values(manifest.parts)) {
    if (partChecksum(readFileSync(join(outDir, f))) !== manifest.checksums[f]) return partChanged(f);
  }
  return null;
}

export const NO_CHECKSUMS = 'the index records no checksums of its parts (it was built by an older version)';

export const partChanged = (file: string): string =>
  `${file} was changed after the index was built (its checksum differs from the one in the manifest)`;

/** Fingerprints of the given raw files (relative names as published; `.gz` copies are accepted). */
export function fingerprintSources(rawDir: string, relPaths: readonly string[]): SourceFingerprint[] {
  return relPaths.map((rel) => {
    const abs = findRaw(rawDir, rel);
    if (abs === null) throw new Error(`Raw data file missing: ${join(rawDir, rel)}`);
    const { size, sha256 } = fingerprint(abs);
    return { path: relative(rawDir, abs), size, mtimeMs: statSync(abs).mtimeMs, sha256 };
  });
}

/**
 * Why the recorded sources no longer describe the raw folder, or null when they still do.
 * `expected` is the list of files a build would read now (so a newly staged OEWS state/MSA file makes
 * the index stale). With `hash: 'when-changed'`, a file whose size and mtime both match is trusted
 * without hashing; only a file whose mtime moved is hashed, so start-up does not read 24 MB each time.
 */
export function staleReason(
  manifest: Manifest,
  rawDir: string,
  expected: readonly string[],
  hash: 'always' | 'when-changed',
): string | null {
  const recorded = new Map(manifest.sources.map((s) => [s.path.replace(/\.gz$/, ''), s]));
  for (const rel of expected) {
    const key = rel.replace(/\.gz$/, '');
    const rec = recorded.get(key);
    if (rec === undefined) return `new raw file ${rel}`;
    recorded.delete(key);
    const abs = findRaw(rawDir, rel);
    if (abs === null) return `raw file missing: ${rel}`;
    const st = statSync(abs);
    if (st.size !== rec.size) return `raw file changed: ${rel}`;
    if (hash === 'always' || st.mtimeMs !== rec.mtimeMs) {
      if (fingerprint(abs).sha256 !== rec.sha256) return `raw file changed: ${rel}`;
    }
  }
  const [gone] = recorded.keys();
  return gone === undefined ? null : `raw file no longer present: ${gone}`;
}
