import { createMatcher } from '../matching/matcher';
import { loadIndex } from '../data/load';
import { createPricingEngine, type EngineOptions } from './engine';
import type { PricingEngine } from '../contracts';

export { createPricingEngine, type EngineOptions } from './engine';

/**
 * Opens the built index (refusing a missing or stale one with a message naming `npm run data:build`),
 * builds the title matcher from its O*NET part and returns the engine. Called once at service start-up.
 * Both folders come from the caller (config.ts `dataPaths`: settings are read there only); without
 * `rawDir`, or when that folder is absent (a deployment without raw files), the freshness check against
 * the raw files is skipped.
 */
export async function loadPricingEngine(
  opts: { dataDir: string; rawDir?: string } & EngineOptions,
): Promise<PricingEngine> {
  const index = await loadIndex(opts.dataDir, opts.rawDir);
  return createPricingEngine(index, createMatcher(index.onet), opts);
}
