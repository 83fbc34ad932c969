import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildGeographyPart, GEO_SOURCES } from '../../../src/service/data/geography';
import { INDEX_FORMAT_VERSION, type Manifest, type WagesPart } from '../../../src/service/data/index-types';
import type { PricingIndex } from '../../../src/service/data/load';
import { dataPaths } from '../../../src/service/config';
import { findRaw } from '../../../src/service/data/raw-files';
import { buildWagesPart, wageSourcePaths } from '../../../src/service/data/wages';
import { WageIndex } from '../../../src/service/data/wage-index';
import type { Matcher, OccupationMatch } from '../../../src/service/contracts';
import { cacheKey } from '../../support/source-hash';

/** The staged raw folder the tests read. */
export const RAW_DIR = dataPaths(process.env, resolve(__dirname, '../../..')).rawDir;

/** The modules that build the two parts: their code, and all they import, is part of the cache key. */
const BUILDERS = ['src/service/data/wages.ts', 'src/service/data/geography.ts'];

/** What the cache holds: the parts as built, before the wage tables are packed. */
type BuiltIndex = Omit<PricingIndex, 'wages'> & { readonly wages: WagesPart };
const compact = (built: BuiltIndex): PricingIndex => ({ ...built, wages: WageIndex.fromPart(built.wages) });

/**
 * The wages and geography parts built from the real raw files, cached in the OS temp folder between
 * test files, so only the first test file pays the ~12 s build. The key covers the builders' source
 * (every file they import), the format version and the raw files' sizes and dates: a changed reader
 * rebuilds the cache, so a machine with a warm cache tests the code as it is.
 */
export async function testIndex(): Promise<PricingIndex> {
  const sources = [...wageSourcePaths(RAW_DIR), ...Object.values(GEO_SOURCES)];
  const raw = sources.map((rel) => {
    const p = findRaw(RAW_DIR, rel);
    if (p === null) throw new Error(`missing raw file ${rel}`);
    const st = statSync(p);
    return `${rel}:${st.size}:${st.mtimeMs}`;
  });
  const cache = join(
    tmpdir(),
    `jobprice-test-index-${cacheKey(BUILDERS, [String(INDEX_FORMAT_VERSION), ...raw])}.json`,
  );
  if (existsSync(cache)) return compact(JSON.parse(readFileSync(cache, 'utf8')) as BuiltIndex);
  const [wages, geography] = [await buildWagesPart(RAW_DIR), await buildGeographyPart(RAW_DIR)];
  const manifest: Manifest = {
    formatVersion: INDEX_FORMAT_VERSION,
    builtAt: new Date().toISOString(),
    buildMs: 0,
    sources: [],
    vintages: {},
    parts: {},
  };
  const index: BuiltIndex = { manifest, wages, geography };
  // Written aside and renamed: test files in parallel workers never read half a file.
  const partial = `${cache}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(index));
  renameSync(partial, cache);
  return compact(index);
}

/**
 * A test-only matcher that needs no O*NET data: the title is `soc:<code>` optionally followed by
 * `@<levelShift>` (e.g. `soc:29-1141@+1`). Anything else matches nothing. The engine tests use it so
 * that pricing is checked independently of title matching.
 */
export function socMatcher(index: PricingIndex): Matcher {
  const row = (code: string): { title: string } | undefined =>
    index.wages.national(index.wages.primaryYear, code);
  const matcher: Matcher = {
    /** The one candidate is the match itself (D18: the first candidate is the job pricing uses). */
    rank(title: string, _description: string, limit: number) {
      const m = matcher.match(title, '');
      return m === null || limit < 1 ? [] : [m];
    },
    /** D19: a code the wage index knows, at the title's `@shift`. */
    pinned(code: string, title: string): OccupationMatch | null {
      const soc = code.trim().slice(0, 7);
      if (row(soc) === undefined) return null;
      const shift = /@([+-]?\d)$/.exec(title.trim())?.[1] ?? '0';
      return matcher.match(`soc:${soc}@${shift}`, '');
    },
    match(title: string): OccupationMatch | null {
      const m = /^soc:(\d\d-\d{4})(?:@([+-]?\d))?$/.exec(title.trim());
      if (m === null) return null;
      const soc = m[1] as string;
      const levelShift = Number(m[2] ?? 0);
      return {
        onetCode: `${soc}.00`,
        socCode: soc,
        occupationTitle: row(soc)?.title ?? soc,
        rating: 'Confident',
        score: 1,
        jobFamilyName: row(`${soc.slice(0, 2)}-0000`)?.title ?? '',
        jobLevelName: levelShift > 0 ? 'Senior' : levelShift < 0 ? 'Junior' : '',
        levelShift,
      };
    },
  };
  return matcher;
}
