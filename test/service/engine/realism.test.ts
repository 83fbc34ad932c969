import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { createPricingEngine } from '../../../src/service/engine/engine';
import { FULL_SCOPE, type PricingEngine } from '../../../src/service/contracts';
import { jobSpec } from '../../../src/domain/job';
import type { PricingIndex } from '../../../src/service/data/load';
import { RAW_DIR, socMatcher, testIndex } from './test-index';

/**
 * Realism: the national, all-industry, unlevelled Salary50 is the OEWS national median itself. The expected
 * values are read here with readers of the test's own, never the service's, so a broken reader cannot agree
 * with itself: the national medians from the staged JSON conversions of the national files (oews-area/M20xx/
 * national.json.gz, which its SOURCES.md checked cell for cell against national_M20xx_dl.xlsx), and the
 * sector medians with exceljs called directly, column A_MEDIAN found by its header.
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

function mediansFrom(year: number): Map<string, { title: string; median: string | number | null }> {
  const file = join(RAW_DIR, 'oews-area', `M${year}`, 'national.json.gz');
  const parsed = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as {
    occupations: Record<string, { title: string; med?: number }>;
  };
  return new Map(
    Object.entries(parsed.occupations).map(([code, o]) => [code, { title: o.title, median: o.med ?? null }]),
  );
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
  [may2024, may2025] = [mediansFrom(2024), mediansFrom(2025)];
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
    '%s %s: May 2024 vintage equals the May 2024 national A_MEDIAN',
    (soc, title) => {
      const row = may2024.get(soc);
      expect(row?.title).toBe(title);
      expect(typeof row?.median).toBe('number');
      expect(salary50(on2024, soc)).toBe(row?.median);
    },
  );

  test.each(COMMON_OCCUPATIONS)('%s %s: default (May 2025) equals the May 2025 national A_MEDIAN', (soc) => {
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
      const header = (rows[0] ?? []).map((c) => String(c ?? '').trim());
      const [iNaics, iCode, iMedian] = ['NAICS', 'OCC_CODE', 'A_MEDIAN'].map((h) => header.indexOf(h)) as [
        number,
        number,
        number,
      ];
      const row = rows.find((r) => String(r[iNaics] ?? '').trim() === sector && r[iCode] === soc);
      expect(typeof row?.[iMedian]).toBe('number');
      const out = on2024.price(jobSpec({ title: `soc:${soc}`, scope: { naics: sector } }), FULL_SCOPE);
      expect(out.ok && out.result.Salary50).toBe(row?.[iMedian]);
    },
  );
});

type Cell = string | number | null;
let sectorCache: Promise<Cell[][]> | undefined;
/** natsector_M2024_dl.xlsx, first sheet, as plain cell values (exceljs directly, not the service's reader). */
function sectorRows(): Promise<Cell[][]> {
  sectorCache ??= (async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(RAW_DIR, 'oews', 'natsector_M2024_dl.xlsx'));
    const rows: Cell[][] = [];
    wb.worksheets[0]?.eachRow({ includeEmpty: false }, (row) => {
      const values = (row.values as unknown[]).slice(1);
      rows.push(values.map((v) => (typeof v === 'number' || typeof v === 'string' ? v : null)));
    });
    return rows;
  })();
  return sectorCache;
}
