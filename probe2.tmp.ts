import { loadIndex } from './src/service/data/load';
import { createMatcher } from './src/service/matching/matcher';
import { createPricingEngine } from './src/service/engine/engine';
import { FULL_SCOPE } from './src/service/model';
import { jobSpec } from './src/domain/job';
import { DISTINCT_TITLES } from './bench/distinct-titles';
(async () => {
  const index = await loadIndex('data/build', '../shared/data/raw');
  const m = createMatcher(index.onet);
  const e = createPricingEngine(index, m);
  const specs = DISTINCT_TITLES.map((t) => jobSpec({ title: t }));
  const runs: Record<string, () => void> = {
    match: () => { for (const s of specs) m.match(s.title, ''); },
    rank5: () => { for (const s of specs) m.rank(s.title, '', 5); },
    rank25: () => { for (const s of specs) m.rank(s.title, '', 25); },
    price: () => { for (const s of specs) e.price(s, FULL_SCOPE); },
    candidates: () => { for (const s of specs) e.candidates(s, FULL_SCOPE, 5); },
  };
  const times: Record<string, number[]> = {};
  for (let r = 0; r < 25; r++) for (const [k, f] of Object.entries(runs)) { const t = performance.now(); f(); (times[k] ??= []).push(performance.now() - t); }
  for (const [k, v] of Object.entries(times)) { v.sort((a,b)=>a-b); console.log(k, v[12]?.toFixed(1)); }
})();
