import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { OnetPart } from './onet/build';
import { indexStaleReason, MANIFEST_FILE, PART_FILES, partVersions, readManifest } from './build';
import { NO_CHECKSUMS, partChanged, partChecksum } from './manifest';
import { INDEX_FORMAT_VERSION, type GeographyPart, type Manifest } from './index-types';
import { GeographyPartSchema } from './index-schema';
import { WageIndex } from './wage-index';
import { checkOnetPart, OnetPartSchema } from './onet/schema';
import type { z } from 'zod';
import { errorMessage } from '../../domain/error-message';

/** The parts the pricing engine reads (the O*NET part goes to the matcher). */
export interface PricingIndex {
  readonly manifest: Manifest;
  readonly wages: WageIndex;
  readonly geography: GeographyPart;
}

export interface LoadedIndex extends PricingIndex {
  readonly onet: OnetPart;
}

/** Start-up refuses a missing or stale index; the message always names the command that fixes it. */
export class IndexNotReadyError extends Error {
  constructor(reason: string) {
    super(`Data index not ready: ${reason}. Run \`npm run data:build\` first.`);
    this.name = 'IndexNotReadyError';
  }
}

/**
 * Opens the built index once, read-only. Checks, in order: the folder and manifest exist, the format
 * version is this code's, (when `rawDir` is given and exists) the raw files are the ones the index
 * was built from, and each part's bytes have the checksum the manifest records for them. The raw-file
 * check compares sizes and mtimes and hashes only a file whose mtime moved, so a normal start-up reads no
 * raw bytes at all (hashing all 24 MB on every start would cost ~0.2 s for little gain; the build itself
 * always hashes). The parts are read anyway, so hashing them (14 MB) costs only the hash.
 */
export async function loadIndex(dir = 'data/build', rawDir?: string): Promise<LoadedIndex> {
  const outDir = resolve(dir);
  if (!existsSync(join(outDir, MANIFEST_FILE))) throw new IndexNotReadyError(`no index at ${outDir}`);
  const manifest = readManifest(outDir);
  if (manifest === null) throw new IndexNotReadyError(`unreadable ${join(outDir, MANIFEST_FILE)}`);
  if (manifest.formatVersion !== INDEX_FORMAT_VERSION) {
    throw new IndexNotReadyError(
      `index format ${manifest.formatVersion} differs from this code's ${INDEX_FORMAT_VERSION}`,
    );
  }
  for (const [name, v] of Object.entries(partVersions())) {
    if (manifest.partVersions?.[name] !== v)
      throw new IndexNotReadyError(`${name} version of the index differs from this code's ${v}`);
  }
  if (rawDir !== undefined && existsSync(rawDir)) {
    const stale = indexStaleReason(outDir, rawDir, 'when-changed');
    if (stale !== null) throw new IndexNotReadyError(stale);
  }
  const { checksums } = manifest;
  if (checksums === undefined) throw new IndexNotReadyError(NO_CHECKSUMS);
  // Each part is what the build wrote, byte for byte (its checksum is in the manifest), before it is decoded.
  const read = async <T>(file: string, decode: (bytes: Buffer) => T): Promise<T> => {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(outDir, file));
    } catch (e) {
      throw new IndexNotReadyError(`cannot read ${file} (${errorMessage(e)})`);
    }
    if (partChecksum(bytes) !== checksums[file]) throw new IndexNotReadyError(partChanged(file));
    try {
      return decode(bytes);
    } catch (e) {
      throw new IndexNotReadyError(`cannot read ${file} (${errorMessage(e)})`);
    }
  };
  const json = (bytes: Buffer): unknown => JSON.parse(bytes.toString('utf8'));
  const checked = <T>(schema: z.ZodType<T>, file: string, value: unknown): T => {
    const r = schema.safeParse(value);
    if (!r.success)
      throw new IndexNotReadyError(
        `${file} does not have the expected shape (${r.error.issues[0]?.path.join('.') ?? ''}: ${r.error.issues[0]?.message ?? ''})`,
      );
    // The value read, not zod's copy of it: the same data (unknown keys aside), and half the memory.
    return value as T;
  };
  const [wages, geographyRaw, onetRaw] = await Promise.all([
    read(PART_FILES.wages, (bytes) => WageIndex.decode(bytes)),
    read(PART_FILES.geography, json),
    read(PART_FILES.onet, json),
  ]);
  const geography = checked(GeographyPartSchema, PART_FILES.geography, geographyRaw);
  // The O*NET part is checked like the others: its shape, then that its arrays fit together (the matcher
  // indexes them without bounds checks). The matcher checks its own normaliser version on creation.
  const onet: OnetPart = checked(OnetPartSchema, PART_FILES.onet, onetRaw);
  try {
    checkOnetPart(onet);
  } catch (e) {
    throw new IndexNotReadyError(`${PART_FILES.onet}: ${errorMessage(e)}`);
  }
  return { manifest, wages, geography, onet };
}
