import type { CellValue, CellValueJson } from './model';

/**
 * Deterministic job sheets for the end-to-end test and the benchmark: real-world titles and US places,
 * with the bad rows analysts actually have (blank title, city without state, FTE and revenue both given,
 * a title that matches nothing, text in a number column) and repeated jobs.
 */

export const SHEET_HEADERS = [
  'Job Title',
  'Job Description',
  'Company',
  'Country',
  'State',
  'City',
  'ZIP',
  'NAICS',
  'FTE',
  'Revenue',
];

const TITLES = [
  'Software Developers',
  'Registered Nurses',
  'Accountants',
  'Financial Analyst',
  'Data Scientist',
  'HR Manager',
  'Human Resources Specialists',
  'Marketing Manager',
  'Mechanical Engineer',
  'Electricians',
  'Customer Service Representative',
  'Payroll Clerk',
  'Graphic Designer',
  'Web Developer',
  'Paralegal',
  'Pharmacist',
  'Dental Hygienist',
  'Administrative Assistant',
  'Civil Engineer',
  'Project Manager',
];

/** [State, City, ZIP]: a ZIP given as the number Excel makes of "02134". */
const PLACES: Array<[string, string, CellValue]> = [
  ['MA', 'Boston', ''],
  ['CA', 'San Francisco', ''],
  ['NY', 'New York', ''],
  ['TX', 'Austin', ''],
  ['IL', 'Chicago', ''],
  ['WA', 'Seattle', ''],
  ['GA', '', ''],
  ['', '', ''],
  ['', '', 2134],
  ['', '', '60601'],
];

const NAICS: CellValue[] = ['', '51', 5112, '62', '54'];
const SIZES: Array<[CellValue, CellValue]> = [
  ['', ''],
  [50, ''],
  [250, ''],
  [1200, ''],
  ['', 5_000_000],
  ['', 250_000_000],
];

/** What a row asks for, independent of the add-in's parsing: the e2e test prices these directly. */
export interface FixtureJob {
  /** 0-based index into the data rows. */
  index: number;
  /** The error the add-in must write without asking the service, or null for a row to price. */
  localError: string | null;
  body: {
    JobTitle: string;
    CompanyName: string;
    DataScope: {
      State: string;
      City: string;
      ZipCode: string;
      NAICSCode: string;
      FTEValue: number;
      Revenue: number;
    };
  };
}

export interface JobSheet {
  rows: CellValue[][];
  jobs: FixtureJob[];
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * `count` data rows plus the header row. Every 50th row from 10 on is a bad row (cycling through the
 * kinds), and about one row in five repeats an earlier job exactly.
 */
export function jobSheet(count: number, seed = 7, opts: { badRows?: boolean } = {}): JobSheet {
  const random = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const rows: CellValue[][] = [SHEET_HEADERS];
  const jobs: FixtureJob[] = [];
  const badKinds = ['blank-title', 'city-without-state', 'fte-and-revenue', 'nonsense', 'fte-text'] as const;
  let bad = 0;
  for (let i = 0; i < count; i++) {
    let row: CellValue[];
    if (i > 0 && random() < 0.2) {
      row = [...(rows[1 + Math.floor(random() * i)] as CellValue[])];
    } else {
      const [state, city, zip] = pick(PLACES);
      const [fte, revenue] = pick(SIZES);
      row = [
        pick(TITLES),
        '',
        `Company ${Math.floor(random() * 30)}`,
        '',
        state,
        city,
        zip,
        pick(NAICS),
        fte,
        revenue,
      ];
    }
    if (opts.badRows !== false && i >= 10 && i % 50 === 10) {
      const kind = badKinds[bad++ % badKinds.length];
      if (kind === 'blank-title') row[0] = '';
      if (kind === 'city-without-state') [row[4], row[5], row[6]] = ['', 'Springfield', ''];
      if (kind === 'fte-and-revenue') [row[8], row[9]] = [100, 20_000_000];
      if (kind === 'nonsense') row[0] = 'Nonsense Xqzzy Blorf';
      if (kind === 'fte-text') [row[8], row[9]] = ['abc', ''];
    }
    rows.push(row);
    jobs.push(describe(i, row));
  }
  return { rows, jobs };
}

const str = (v: CellValue | undefined): string => (v === undefined ? '' : String(v).trim());
const num = (v: CellValue | undefined): number => (v === '' || v === undefined ? 0 : Number(v));

function describe(index: number, row: CellValue[]): FixtureJob {
  const zip = row[6] === '' ? '' : typeof row[6] === 'number' ? String(row[6]).padStart(5, '0') : str(row[6]);
  const body = {
    JobTitle: str(row[0]),
    CompanyName: str(row[2]),
    DataScope: {
      State: str(row[4]),
      City: str(row[5]),
      ZipCode: zip,
      NAICSCode: str(row[7]),
      FTEValue: num(row[8]),
      Revenue: num(row[9]),
    },
  };
  let localError: string | null = null;
  if (body.JobTitle === '') localError = 'JobTitle is required.';
  else if (Number.isNaN(body.DataScope.FTEValue)) localError = "FTEValue must be a number, got 'abc'.";
  else if (body.DataScope.FTEValue > 0 && body.DataScope.Revenue > 0) {
    localError =
      'DataScope error: cannot scope job by both FTEValue and Revenue. Please provide a value for only one of FTEValue or Revenue.';
  } else if (body.DataScope.City !== '' && body.DataScope.State === '' && body.DataScope.ZipCode === '')
    localError = 'Location request is incomplete';
  return { index, localError, body };
}

/**
 * A Geography cell (Data > Geography) as Excel hands it over in `valuesAsJson` and to a custom function
 * declared `any`: a linked entity of the Geography service (id 536870912), shown by its name, whose basic
 * value is #VALUE!.
 */
export function geographyValue(text: string): CellValueJson {
  return {
    type: 'LinkedEntity',
    text,
    basicType: 'Error',
    basicValue: '#VALUE!',
    id: { serviceId: 536870912, culture: 'en-US', domainId: 'Geography', entityId: `geo:${text}` },
  };
}
