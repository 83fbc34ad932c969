import ExcelJS from 'exceljs';

/** The 32 columns of a BLS OEWS "_dl.xlsx" data sheet, in BLS order. */
export const OEWS_HEADER = [
  'AREA',
  'AREA_TITLE',
  'AREA_TYPE',
  'PRIM_STATE',
  'NAICS',
  'NAICS_TITLE',
  'I_GROUP',
  'OWN_CODE',
  'OCC_CODE',
  'OCC_TITLE',
  'O_GROUP',
  'TOT_EMP',
  'EMP_PRSE',
  'JOBS_1000',
  'LOC_QUOTIENT',
  'PCT_TOTAL',
  'PCT_RPT',
  'H_MEAN',
  'A_MEAN',
  'MEAN_PRSE',
  'H_PCT10',
  'H_PCT25',
  'H_MEDIAN',
  'H_PCT75',
  'H_PCT90',
  'A_PCT10',
  'A_PCT25',
  'A_MEDIAN',
  'A_PCT75',
  'A_PCT90',
  'ANNUAL',
  'HOURLY',
] as const;

export type FixtureRow = Partial<Record<(typeof OEWS_HEADER)[number], string | number>>;

/** An occupation row with annual percentiles (and the hourly ones derived), for brevity in tests. */
export function occ(
  code: string,
  title: string,
  group: string,
  annual: readonly (number | string)[],
  extra: FixtureRow = {},
): FixtureRow {
  const [a10, a25, a50, a75, a90] = annual;
  const hourly = (v: number | string | undefined): number | string =>
    typeof v === 'number' ? Math.round((v / 2080) * 100) / 100 : (v ?? '*');
  return {
    AREA: '99',
    AREA_TITLE: 'U.S.',
    AREA_TYPE: 1,
    PRIM_STATE: 'US',
    NAICS: '000000',
    NAICS_TITLE: 'Cross-industry',
    I_GROUP: 'cross-industry',
    OWN_CODE: '1235',
    OCC_CODE: code,
    OCC_TITLE: title,
    O_GROUP: group,
    TOT_EMP: 1000,
    EMP_PRSE: 1,
    H_PCT10: hourly(a10),
    H_PCT25: hourly(a25),
    H_MEDIAN: hourly(a50),
    H_PCT75: hourly(a75),
    H_PCT90: hourly(a90),
    A_PCT10: a10,
    A_PCT25: a25,
    A_MEDIAN: a50,
    A_PCT75: a75,
    A_PCT90: a90,
    ANNUAL: '',
    HOURLY: '',
    ...extra,
  };
}

/** Writes a BLS-layout workbook (data sheet first, then a Filler sheet as BLS does). Tests write into a temp dir only. */
export async function writeOewsXlsx(
  path: string,
  rows: readonly FixtureRow[],
  sheetName = 'data',
): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.addRow([...OEWS_HEADER]);
  for (const r of rows) ws.addRow(OEWS_HEADER.map((h) => r[h] ?? null));
  wb.addWorksheet('Filler').addRow(['filler']);
  await wb.xlsx.writeFile(path);
}
