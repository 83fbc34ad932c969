import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jobSpec } from '../../../src/domain/job';
import { readNationalFile, readSectorFile, TOP_CODE_ANNUAL } from '../../../src/service/data/oews';
import { buildWagesPart } from '../../../src/service/data/wages';
import { WageIndex } from '../../../src/service/data/wage-index';
import { createPricingEngine } from '../../../src/service/engine/engine';
import { FULL_SCOPE } from '../../../src/service/contracts';
import { socMatcher, testIndex } from '../engine/test-index';
import { occ, writeOewsXlsx } from './oews-fixture';

let raw: string;
beforeAll(() => {
  raw = mkdtempSync(join(tmpdir(), 'jobprice-oews-'));
  mkdirSync(join(raw, 'oews'));
});
afterAll(() => rmSync(raw, { recursive: true, force: true }));

const NATIONAL = [
  occ('00-0000', 'All Occupations', 'total', [30000, 37000, 50000, 80000, 128000]),
  occ('11-1011', 'Chief Executives', 'detailed', [73710, 126080, 206420, '#', '#']),
  occ('13-1020', 'Buyers and Purchasing Agents', 'broad', [48380, 60800, 77710, 100820, 128870]),
  occ('13-1020', 'Buyers and Purchasing Agents', 'detailed', [48380, 60800, 77710, 100820, 128870]),
  occ('15-1299', 'Computer Occupations, All Other', 'detailed', [50000, 60000, '*', 90000, 110000]),
  occ('15-1290', 'Miscellaneous Computer Occupations', 'broad', [51000, 61000, 81000, 91000, 111000]),
  occ('25-2021', 'Elementary School Teachers', 'detailed', [45000, 52000, 63000, 78000, 99000], {
    ANNUAL: 'TRUE',
    H_PCT10: '*',
    H_PCT25: '*',
    H_MEDIAN: '*',
    H_PCT75: '*',
    H_PCT90: '*',
  }),
  occ('27-2011', 'Actors', 'detailed', ['*', '*', '*', '*', '*'], {
    HOURLY: 'TRUE',
    H_PCT10: 16.5,
    H_PCT25: 20.34,
    H_MEDIAN: 29.05,
    H_PCT75: 97.95,
    H_PCT90: 143.68,
    TOT_EMP: '**',
  }),
  occ('29-1141', 'Registered Nurses', 'detailed', [68940, 80330, 97550, 112350, 137470]),
];

describe('OEWS markers and cell types (SOURCES.md caveats 1-3)', () => {
  beforeAll(async () =>
    writeOewsXlsx(join(raw, 'oews', 'national_M2025_dl.xlsx'), NATIONAL, 'national_M2025_dl'),
  );

  test('"#" is carried at the $239,200 cap and flagged, so percentiles stay non-decreasing', async () => {
    const t = await readNationalFile(raw, 'oews/national_M2025_dl.xlsx', 2025);
    expect(t.rows['11-1011']?.p).toEqual([73710, 126080, 206420, TOP_CODE_ANNUAL, TOP_CODE_ANNUAL]);
    expect(t.rows['11-1011']?.topCoded).toBe(0b11000);
  });
  test('HOURLY = TRUE rows are annualised at 2080 hours; ANNUAL = TRUE rows use the annual columns', async () => {
    const t = await readNationalFile(raw, 'oews/national_M2025_dl.xlsx', 2025);
    expect(t.rows['27-2011']).toMatchObject({
      hourlyOnly: true,
      p: [34320, 42307.2, 60424, 203736, 298854.4],
    });
    expect(t.rows['25-2021']).toMatchObject({ hourlyOnly: false, p: [45000, 52000, 63000, 78000, 99000] });
  });
  test('a row with "*" in any annual percentile has no estimate (the hierarchy fallback takes over)', async () => {
    const t = await readNationalFile(raw, 'oews/national_M2025_dl.xlsx', 2025);
    expect(t.rows['15-1299']).toBeUndefined();
    expect(t.rows['15-1290']?.p[2]).toBe(81000);
  });
  test('a broad code published twice keeps one row', async () => {
    const t = await readNationalFile(raw, 'oews/national_M2025_dl.xlsx', 2025);
    expect(t.rows['13-1020']?.group).toBe('broad');
  });
  test('sector files: NAICS given as a number (31) or as text (51) both key the sector', async () => {
    const rows = [
      occ('29-1141', 'Registered Nurses', 'detailed', [60000, 70000, 80000, 90000, 100000], {
        NAICS: 31,
        NAICS_TITLE: 'Manufacturing',
        I_GROUP: 'sector',
        PCT_RPT: '~',
      }),
      occ('29-1141', 'Registered Nurses', 'detailed', [61000, 71000, 81000, 91000, '#'], {
        NAICS: '51',
        NAICS_TITLE: 'Information',
        I_GROUP: 'sector',
      }),
    ];
    await writeOewsXlsx(join(raw, 'oews', 'natsector_M2024_dl.xlsx'), rows, 'Natsector_M2024_dl');
    const s = await readSectorFile(raw, 'oews/natsector_M2024_dl.xlsx', 2024);
    expect(Object.keys(s.sectors).sort()).toEqual(['31', '51']);
    expect(s.sectors['31']?.rows['29-1141']?.p[2]).toBe(80000);
    expect(s.sectors['51']?.rows['29-1141']?.p[4]).toBe(TOP_CODE_ANNUAL);
    rmSync(join(raw, 'oews', 'natsector_M2024_dl.xlsx'));
  });
});

describe('official BLS state and MSA workbooks are read when a user stages them', () => {
  const STATE_ROWS = [
    occ('29-1141', 'Registered Nurses', 'detailed', [100000, 120000, 140000, 160000, 190000], {
      AREA: '06',
      AREA_TITLE: 'California',
      AREA_TYPE: 2,
      PRIM_STATE: 'CA',
    }),
  ];
  const MSA_ROWS = [
    occ('29-1141', 'Registered Nurses', 'detailed', [130000, 150000, 180000, 200000, 230000], {
      AREA: '41940',
      AREA_TITLE: 'San Jose-Sunnyvale-Santa Clara, CA',
      AREA_TYPE: 4,
      PRIM_STATE: 'CA',
    }),
    occ('29-1141', 'Registered Nurses', 'detailed', [1, 2, 3, 4, 5], {
      AREA: '0600001',
      AREA_TITLE: 'North Coast Region of California nonmetropolitan area',
      AREA_TYPE: 6,
      PRIM_STATE: 'CA',
    }),
  ];

  test('the build picks the files up and the engine prices from them', async () => {
    await writeOewsXlsx(join(raw, 'oews', 'state_M2025_dl.xlsx'), STATE_ROWS);
    await writeOewsXlsx(join(raw, 'oews', 'MSA_M2025_dl.xlsx'), MSA_ROWS);
    const wages = await buildWagesPart(raw);
    expect(wages.areaTables.map((t) => t.kind).sort()).toEqual(['msa', 'state']);
    expect(Object.keys(wages.areaTables.find((t) => t.kind === 'msa')?.areas ?? {})).toEqual(['m:41940']);

    const real = await testIndex();
    const index = { ...real, wages: WageIndex.fromPart(wages) };
    const engine = createPricingEngine(index, socMatcher(index));
    const at = (scope: object): number[] => {
      const out = engine.price(jobSpec({ title: 'soc:29-1141', scope }), FULL_SCOPE);
      if (!out.ok) throw new Error(out.message);
      return [
        out.result.Salary10,
        out.result.Salary25,
        out.result.Salary50,
        out.result.Salary75,
        out.result.Salary90,
      ] as number[];
    };
    expect(at({ zip: '95112' })).toEqual([130000, 150000, 180000, 200000, 230000]);
    expect(at({ state: 'CA' })).toEqual([100000, 120000, 140000, 160000, 190000]);
    // Mississippi is in neither file: the measured national figures, not a modelled local figure.
    expect(at({ zip: '39201' })).toEqual(at({}));
  }, 120_000);
});
