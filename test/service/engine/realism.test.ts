import { join } from 'node:path';
import { readXlsx, cellText } from '../../../src/service/data/raw-files';
import { createPricingEngine } from '../../../src/service/engine/engine';
import { FULL_SCOPE, type PricingEngine } from '../../../src/service/model';
import { jobSpec } from '../../../src/domain/job';
import type { PricingIndex } from '../../../src/service/data/load';
import { RAW_DIR, socMatcher, testIndex } from './test-index';

/**
 * Realism: the national, all-industry, unlevelled Salary50 is the OEWS national median itself. The
 * expected values are read here straight from the BLS files (column A_MEDIAN by header name), not through
 * the service's parser, so a parsing or fallback mistake cannot hide.
 */
const COMMON_OCCUPATIONS: readonly [string, string][] = [
  ['29-1141', 'Registered Nurses'],
  ['15-1252', 'Software Developers'],
  ['13-2011', 'Accountants and Auditors'],
  ['41-2011', 'Cashiers'],
  ['53-3032', 'Heavy and Tractor-Trailer Truck Drivers'],
  ['41-2031', 'Retail Salespersons'],
  ['35-3023', 'Fast Food and Counter Workers'],
  ['43-4051', 'Customer Service Representatives'],
  ['53-7062', 'Laborers and Freight, Stock, and Material Movers, Hand'],
  ['11-1021', 'General and Operations Managers'],
  ['43-9061', 'Office Clerks, General'],
  ['31-1131', 'Nursing Assistants'],
  ['25-2021', 'Elementary School Teachers, Except Special Education'],
  ['47-2061', 'Construction Laborers'],
  ['49-9071', 'Maintenance and Repair Workers, General'],
  ['37-2011', 'Janitors and Cleaners, Except Maids and Housekeeping Cleaners'],
  ['29-1051', 'Pharmacists'],
  ['13-1111', 'Management Analysts'],
  ['15-1211', 'Computer Systems Analysts'],
  ['47-2111', 'Electricians'],
];

async function mediansFrom(
  file: string,
): Promise<Map<string, { title: string; median: string | number | null }>> {
  const rows = await readXlsx(join(RAW_DIR, 'oews', file));
  const header = (rows[0] ?? []).map((c) => cellText(c));
  const [iCode, iTitle, iMedian] = ['OCC_CODE', 'OCC_TITLE', 'A_MEDIAN'].map((h) => header.indexOf(h)) as [
    number,
    number,
    number,
  ];
  const out = new Map<string, { title: string; median: string | number | null }>();
  for (const r of rows.slice(1))
    out.set(cellText(r[iCode]), { title: cellText(r[iTitle]), median: r[iMedian] ?? null });
  return out;
}

let index: PricingIndex;
let on2024: PricingEngine;
let byDefault: PricingEngine;
let may2024: Map<string, { title: string; median: string | number | null }>;
let may2025: Map<string, { title: string; median: string | number | null }>;

beforeAll(async () => {
  index = await testIndex();
  on2024 = createPricingEngine(index, socMatcher(index), { wageVintage: 2024 });
  byDefault = createPricingEngine(index, socMatcher(index));
  [may2024, may2025] = await Promise.all([
    mediansFrom('national_M2024_dl.xlsx'),
    mediansFrom('national_M2025_dl.xlsx'),
  ]);
}, 120_000);

const salary50 = (engine: PricingEngine, soc: string): number => {
  const out = engine.price(jobSpec({ title: `soc:${soc}` }), FULL_SCOPE);
  if (!out.ok) throw new Error(out.message);
  return out.result.Salary50 as number;
};

describe('realism: 20 common occupations, national all-industry unlevelled Salary50 = OEWS A_MEDIAN', () => {
  test('the default vintage is the newest national file (May 2025)', () => {
    expect(index.wages.primaryYear).toBe(2025);
  });

  test.each(COMMON_OCCUPATIONS)(
    '%s %s: May 2024 vintage equals national_M2024_dl.xlsx A_MEDIAN',
    (soc, title) => {
      const row = may2024.get(soc);
      expect(row?.title).toBe(title);
      expect(typeof row?.median).toBe('number');
      expect(salary50(on2024, soc)).toBe(row?.median);
    },
  );

  test.each(COMMON_OCCUPATIONS)('%s %s: default (May 2025) equals national_M2025_dl.xlsx A_MEDIAN', (soc) => {
    const row = may2025.get(soc);
    expect(typeof row?.median).toBe('number');
    expect(salary50(byDefault, soc)).toBe(row?.median);
  });

  test('vintages really differ, so the two checks are not the same check', () => {
    const differing = COMMON_OCCUPATIONS.filter(
      ([soc]) => may2024.get(soc)?.median !== may2025.get(soc)?.median,
    );
    expect(differing.length).toBeGreaterThan(15);
  });

  test('an unknown vintage is refused when the engine is created', () => {
    expect(() => createPricingEngine(index, socMatcher(index), { wageVintage: 1999 })).toThrow(/May 1999/);
  });
});

describe('realism: industry figures are the OEWS sector file figures', () => {
  test.each([
    ['29-1141', '62'],
    ['15-1252', '51'],
    ['13-2011', '52'],
    ['53-3032', '48'],
  ])(
    '%s in sector %s on the May 2024 vintage equals natsector_M2024_dl.xlsx A_MEDIAN',
    async (soc, sector) => {
      const rows = await sectorRows();
      const header = (rows[0] ?? []).map((c) => cellText(c));
      const [iNaics, iCode, iMedian] = ['NAICS', 'OCC_CODE', 'A_MEDIAN'].map((h) => header.indexOf(h)) as [
        number,
        number,
        number,
      ];
      const row = rows.find((r) => cellText(r[iNaics]) === sector && cellText(r[iCode]) === soc);
      expect(typeof row?.[iMedian]).toBe('number');
      const out = on2024.price(jobSpec({ title: `soc:${soc}`, scope: { naics: sector } }), FULL_SCOPE);
      expect(out.ok && out.result.Salary50).toBe(row?.[iMedian]);
    },
  );
});

let sectorCache: Promise<Awaited<ReturnType<typeof readXlsx>>> | undefined;
function sectorRows(): Promise<Awaited<ReturnType<typeof readXlsx>>> {
  sectorCache ??= readXlsx(join(RAW_DIR, 'oews', 'natsector_M2024_dl.xlsx'));
  return sectorCache;
}
