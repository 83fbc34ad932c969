import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOnetPart, ONET_SOURCES, type OnetPart } from '../../../src/service/data/onet/build';
import { dataPaths } from '../../../src/service/config';
import { findRaw } from '../../../src/service/data/raw-files';
import { createMatcher, type OnetMatcher } from '../../../src/service/matching/matcher';
import { cacheKey } from '../../support/source-hash';

/**
 * The real O*NET part, built from ../shared/data/raw once and cached in the OS temp folder so that
 * the test files (run in parallel workers) do not each spend seconds reading the xlsx files. The cache
 * key covers the builder's source (every file it imports) and the raw files' sizes and dates, so a
 * change to either rebuilds it.
 */
export const RAW_DIR = dataPaths(process.env, join(__dirname, '..', '..', '..')).rawDir;

export async function loadRealOnetPart(): Promise<OnetPart> {
  const file = join(tmpdir(), `jobprice-onet-part-${onetCacheKey()}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as OnetPart;
  const part = await buildOnetPart(RAW_DIR);
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(part));
  renameSync(partial, file);
  return part;
}

/** A matcher over the real O*NET part, for the test files that only match titles. */
export async function loadRealMatcher(): Promise<OnetMatcher> {
  return createMatcher(await loadRealOnetPart());
}

/** The O*NET part's builder: its code, and all it imports, is part of the cache key. */
const BUILDER = 'src/service/data/onet/build.ts';

function onetCacheKey(): string {
  const raw: string[] = [];
  for (const rel of ONET_SOURCES) {
    const p = findRaw(RAW_DIR, rel);
    if (p !== null) raw.push(`${rel}:${statSync(p).size}:${statSync(p).mtimeMs}`);
  }
  return cacheKey([BUILDER], raw);
}
