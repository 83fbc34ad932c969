import { resolve } from 'node:path';
import { loadPricingEngine } from '../../../src/service/engine/index';
import type { PricingEngine } from '../../../src/service/contracts';

/**
 * The real engine over the real built index (data/build), opened once per test file. A missing or stale
 * index fails the suite with the loader's message (it names `npm run data:build`), never a silent skip.
 */
let engine: Promise<PricingEngine> | undefined;

export function realEngine(): Promise<PricingEngine> {
  const root = resolve(__dirname, '../../..');
  engine ??= loadPricingEngine({ dataDir: resolve(root, 'data/build') });
  return engine;
}
