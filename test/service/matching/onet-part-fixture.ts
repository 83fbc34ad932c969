import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOnetPart, ONET_SOURCES, type OnetPart } from '../../../src/service/data/onet/build';
import { dataPaths } from '../../../src/service/config';
import { findRaw } from '../../../src/service/data/raw-files';
import { createMatcher, type OnetMatcher } from '../../../src/service/matching/matcher';

/**
 * The real O*NET part, built from ../shared/data/raw once and cached in the OS temp folder so that
 * the test files (run in parallel workers) do not each spend seconds reading the xlsx files. The cache
 * key covers the code that builds the part and the raw files' sizes and dates, so a change to either
 * rebuilds it.
 */
export const RAW_DIR = dataPaths(process.env, join(__dirname, '..', '..', '..')).rawDir;

export async function loadRealOnetPart(): Promise<OnetPart> {
  const file = join(tmpdir(), `jobprice-onet-part-${cacheKey()}.json`);
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

function cacheKey(): string {
  const hash = createHash('sha256');
  const root = join(__dirname, '..', '..', '..', 'src', 'service');
  const sources = [
    ...readdirSync(join(root, 'data', 'onet')).map((n) => join(root, 'data', 'onet', n)),
    ...readdirSync(join(root, 'matching')).map((n) => join(root, 'matching', n)),
    // The normaliser (titleWords, spelling, abbreviations) shapes every stored title.
    ...readdirSync(join(root, 'text')).map((n) => join(root, 'text', n)),
    join(root, 'data', 'raw-files.ts'),
  ];
  for (const file of sources.filter((f) => f.endsWith('.ts')).sort())
    hash.update(file).update(readFileSync(file));
  for (const rel of ONET_SOURCES) {
    const p = findRaw(RAW_DIR, rel);
    if (p !== null) hash.update(`${rel}:${statSync(p).size}:${statSync(p).mtimeMs}`);
  }
  return hash.digest('hex').slice(0, 16);
}
