import fc from 'fast-check';
import { jobSpec } from '../../../src/domain/job';
import { SALARY_FIELDS, COMP_FIELDS, BONUS_FIELDS, type JobResult } from '../../../src/api/wire';
import type { PricingIndex } from '../../../src/service/data/load';
import { createPricingEngine } from '../../../src/service/engine/engine';
import type { ClientScope, PricingEngine } from '../../../src/service/contracts';
import { socMatcher, testIndex } from './test-index';

/**
 * D1/D2 invariants over random occupations x locations x industries x sizes x levels x client scopes:
 * percentiles non-decreasing, Comp >= Salary at every percentile, at most 4 decimals, USD.
 */
let index: PricingIndex;
let engines: PricingEngine[];
let socs: string[];
let zips: string[];
let cities: [string, string][];

beforeAll(async () => {
  index = await testIndex();
  engines = index.wages.nationalYears.map((y) =>
    createPricingEngine(index, socMatcher(index), { wageVintage: y }),
  );
  socs = index.wages.nationalCodes(2025).filter((c) => index.wages.national(2025, c)?.group === 'detailed');
  zips = Object.keys(index.geography.zips);
  cities = Object.keys(index.geography.cities).map((k) => k.split('|') as [string, string]);
}, 120_000);

const decimals = (x: number): number => (Number.isInteger(x) ? 0 : (String(x).split('.')[1] ?? '').length);

function checkInvariants(r: JobResult): void {
  const salary = SALARY_FIELDS.map((f) => r[f] as number);
  for (const v of salary) expect(Number.isFinite(v) && v > 0).toBe(true);
  for (let i = 1; i < 5; i++) expect(salary[i]).toBeGreaterThanOrEqual(salary[i - 1] as number);
  for (const f of [...SALARY_FIELDS, ...COMP_FIELDS, ...BONUS_FIELDS]) {
    const v = r[f];
    if (v !== undefined) expect(decimals(v)).toBeLessThanOrEqual(4);
  }
  if (r.Comp50 !== undefined) {
    const comp = COMP_FIELDS.map((f) => r[f] as number);
    for (let i = 0; i < 5; i++) expect(comp[i]).toBeGreaterThanOrEqual(salary[i] as number);
    for (let i = 1; i < 5; i++) expect(comp[i]).toBeGreaterThanOrEqual(comp[i - 1] as number);
    expect(r.BonusTarget50).toBeGreaterThanOrEqual(0);
    expect(r.BonusTargetAvg).toBeGreaterThanOrEqual(0);
  }
  expect(r.CurrencyCode).toBe('USD');
}

const SECTOR_CODES = [
  '',
  '11',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '42',
  '44',
  '45',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '61',
  '62',
  '71',
  '72',
  '81',
  '92',
];

test('D1: every priced item is non-decreasing, Comp >= Salary, <= 4 decimals, across the scope space', () => {
  const location = fc.oneof(
    fc.constant({}),
    fc.integer({ min: 0, max: 1e9 }).map((i) => ({ zip: zips[i % zips.length] as string })),
    fc
      .integer({ min: 0, max: 1e9 })
      .map((i) => ({ state: (cities[i % cities.length] as [string, string])[0] })),
    fc.integer({ min: 0, max: 1e9 }).map((i) => {
      const [state, city] = cities[i % cities.length] as [string, string];
      return { state, city };
    }),
  );
  const size = fc.oneof(
    fc.constant({}),
    fc.double({ min: 0.5, max: 3_000_000, noNaN: true }).map((fte) => ({ fte })),
    fc.double({ min: 1, max: 5e11, noNaN: true }).map((revenue) => ({ revenue })),
  );
  const client = fc.record<ClientScope>({
    countries: fc.constant(['USA']),
    finestGeography: fc.constantFrom('national', 'state', 'metro'),
    industries: fc.oneof(fc.constant('all' as const), fc.subarray(SECTOR_CODES.filter((s) => s !== ''))),
    includeCompAndBonus: fc.boolean(),
  });
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 1e9 }),
      fc.integer({ min: -2, max: 2 }),
      location,
      fc.constantFrom(...SECTOR_CODES),
      size,
      client,
      fc.integer({ min: 0, max: 10 }),
      (occ, level, loc, naics, sz, scope, e) => {
        const soc = socs[occ % socs.length] as string;
        const title = `soc:${soc}@${level >= 0 ? '+' : ''}${level}`;
        const engine = engines[e % engines.length] as PricingEngine;
        const out = engine.price(jobSpec({ title, scope: { ...loc, ...sz, naics } }), scope);
        if (!out.ok) throw new Error(`${title} ${JSON.stringify({ loc, sz, naics })}: ${out.message}`);
        checkInvariants(out.result);
        if (!scope.includeCompAndBonus) expect(out.result.Comp50).toBeUndefined();
      },
    ),
    { numRuns: 3000 },
  );
});

test('higher level never prices lower, at every percentile', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: -2, max: 1 }), (occ, level) => {
      const soc = socs[occ % socs.length] as string;
      const engine = engines[engines.length - 1] as PricingEngine;
      const lo = engine.price(jobSpec({ title: `soc:${soc}@${level}` }), {
        countries: ['USA'],
        finestGeography: 'metro',
        industries: 'all',
        includeCompAndBonus: true,
      });
      const hi = engine.price(jobSpec({ title: `soc:${soc}@${level + 1}` }), {
        countries: ['USA'],
        finestGeography: 'metro',
        industries: 'all',
        includeCompAndBonus: true,
      });
      if (!lo.ok || !hi.ok) throw new Error('unpriced');
      for (const f of SALARY_FIELDS) expect(hi.result[f]).toBeGreaterThanOrEqual(lo.result[f] as number);
    }),
    { numRuns: 500 },
  );
});
