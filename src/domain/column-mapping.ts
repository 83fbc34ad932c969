/**
 * Which sheet column holds which part of a job. Pure: the sheet reader hands in header texts, this
 * module answers with column offsets (0 = first column of the selection or table).
 *
 * Headers are matched by name, ignoring case, spaces and punctuation ("Job Title", "job_title",
 * "JobTitle" are one name), against the spec's field names and the variants analysts actually type.
 */

export const INPUT_FIELDS = [
  'title',
  'description',
  'company',
  'country',
  'state',
  'city',
  'zip',
  'naics',
  'fte',
  'revenue',
  // D19: a benchmark code that pins the match; written by "Review matches", editable by hand.
  'jobCode',
  // The employee's current pay, compared with the market in the workbook and never sent (current-pay.ts).
  'pay',
  'hourlyPay',
] as const;
export type InputField = (typeof INPUT_FIELDS)[number];

/** Column offsets relative to the first column of the data block; a field absent from the map is unused. */
export type ColumnMapping = Partial<Record<InputField, number>>;

/** The name each field goes by in messages and in the pane: the column names the spec uses. */
export const FIELD_LABELS: Readonly<Record<InputField, string>> = {
  title: 'JobTitle',
  description: 'JobDesc',
  company: 'CompanyName',
  country: 'CountryCode',
  state: 'State',
  city: 'City',
  zip: 'ZipCode',
  naics: 'NAICSCode',
  fte: 'FTEValue',
  revenue: 'Revenue',
  jobCode: 'JobCode',
  pay: 'CurrentPay',
  hourlyPay: 'HourlyRate',
};

/** Friendlier names for the pane's mapping selects. */
export const FIELD_DESCRIPTIONS: Readonly<Record<InputField, string>> = {
  title: 'Job title',
  description: 'Job description',
  company: 'Company',
  country: 'Country',
  state: 'State',
  city: 'City',
  zip: 'ZIP code',
  naics: 'Industry (NAICS)',
  fte: 'Employees (FTE)',
  revenue: 'Revenue',
  jobCode: 'Job code (pins the match)',
  pay: 'Current pay (annual)',
  hourlyPay: 'Current pay (hourly)',
};

/** Header variants per field, already normalised (see `normalizeHeader`). */
const HEADER_VARIANTS: Readonly<Record<InputField, readonly string[]>> = {
  title: ['jobtitle', 'title', 'job', 'jobname', 'position', 'positiontitle'],
  description: ['jobdesc', 'description', 'jobdescription', 'desc', 'jobdescr'],
  company: ['companyname', 'company', 'employer', 'organization', 'organisation'],
  country: ['countrycode', 'country', 'countryiso', 'iso3'],
  state: ['state', 'statecode', 'province', 'st'],
  city: ['city', 'town', 'cityname'],
  zip: ['zipcode', 'zip', 'postalcode', 'postcode', 'zippostalcode'],
  naics: ['naicscode', 'naics', 'industry', 'industrycode', 'sector'],
  fte: ['ftevalue', 'fte', 'employees', 'employeecount', 'headcount', 'numberofemployees', 'ftes'],
  revenue: ['revenue', 'companyrevenue', 'annualrevenue', 'sales', 'turnover'],
  jobCode: ['jobcode', 'benchmarkcode', 'benchmarkjobcode', 'onetcode', 'onetsoccode', 'soccode'],
  pay: [
    'currentsalary',
    'currentpay',
    'currentbasesalary',
    'currentbasepay',
    'basesalary',
    'basepay',
    'annualsalary',
    'annualbasesalary',
    'annualpay',
    'annualbasepay',
    'salary',
    'currentannualsalary',
    'employeesalary',
  ],
  hourlyPay: [
    'hourlyrate',
    'hourlypay',
    'hourlywage',
    'payratehr',
    'payrateperhour',
    'payratehour',
    'rateperhour',
    'currenthourlyrate',
    'basehourlyrate',
  ],
};

/** Fields found by their header only: they have no place in the spec's column order. */
const HEADER_ONLY: ReadonlySet<InputField> = new Set<InputField>(['jobCode', 'pay', 'hourlyPay']);

/** "Job Title", "job_title", " JOBTITLE " → "jobtitle". Non-text cells never name a field. */
export function normalizeHeader(cell: unknown): string {
  if (typeof cell !== 'string') return '';
  return cell.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The field a header names, or null. */
export function fieldForHeader(cell: unknown): InputField | null {
  const key = normalizeHeader(cell);
  if (key === '') return null;
  for (const field of INPUT_FIELDS) if (HEADER_VARIANTS[field].includes(key)) return field;
  return null;
}

/** Maps each recognised header to its column; when two columns name one field, the first wins. */
export function detectMapping(headers: readonly unknown[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  headers.forEach((cell, col) => {
    const field = fieldForHeader(cell);
    if (field !== null && mapping[field] === undefined) mapping[field] = col;
  });
  return mapping;
}

/**
 * A row is a header row when it names the job title column, or at least two fields, and holds no
 * numbers (a data row of titles like "Title" would still carry a number somewhere, or name one field only).
 */
export function looksLikeHeaderRow(row: readonly unknown[]): boolean {
  if (row.some((c) => typeof c === 'number' || typeof c === 'boolean')) return false;
  const mapping = detectMapping(row);
  const count = Object.keys(mapping).length;
  return (mapping.title !== undefined && count >= 2) || count >= 3;
}

/** What is wrong with a mapping, as sentences for the pane; empty when it can be used. */
export function mappingProblems(mapping: ColumnMapping, columnCount: number): string[] {
  const problems: string[] = [];
  if (mapping.title === undefined) problems.push('Choose the column that holds the job title.');
  const seen = new Map<number, InputField>();
  for (const field of INPUT_FIELDS) {
    const col = mapping[field];
    if (col === undefined) continue;
    if (!Number.isInteger(col) || col < 0 || col >= columnCount) {
      problems.push(`${FIELD_DESCRIPTIONS[field]} points outside the selected columns.`);
      continue;
    }
    const other = seen.get(col);
    if (other !== undefined) {
      problems.push(`${FIELD_DESCRIPTIONS[other]} and ${FIELD_DESCRIPTIONS[field]} use the same column.`);
    } else {
      seen.set(col, field);
    }
  }
  return problems;
}

/**
 * When there is no header row, the columns are assumed to follow the spec's field order
 * (JobTitle, JobDesc, CompanyName, CountryCode, State, City, ZipCode, NAICSCode, FTEValue, Revenue),
 * as far as the selection is wide. The pane shows this guess so the user can fix it.
 */
export function positionalMapping(columnCount: number): ColumnMapping {
  const mapping: ColumnMapping = {};
  // Only the spec's ten request fields have a position; Job Code and pay columns are found by their header.
  INPUT_FIELDS.filter((f) => !HEADER_ONLY.has(f)).forEach((field, i) => {
    if (i < columnCount) mapping[field] = i;
  });
  return mapping;
}

/**
 * A mapping as remembered per workbook: by header text when there is a header row (so it survives
 * moved columns), else by offset; `none` records that the user chose "(not used)", so detection does
 * not bring the column back. Contains no cell values, only column names.
 */
export type StoredMapping = Partial<
  Record<InputField, { header: string } | { offset: number } | { none: true }>
>;

export function toStoredMapping(mapping: ColumnMapping, headers: readonly unknown[] | null): StoredMapping {
  const stored: StoredMapping = {};
  for (const field of INPUT_FIELDS) {
    const col = mapping[field];
    // A Job Code column is always used when present (D19): "not used" is not remembered for it, so a
    // column added later by "Review matches" is found by its header. A pay column's "not used" is
    // remembered only when the sheet has one to refuse, so a pay column added later is still found.
    if (col === undefined && field === 'jobCode') continue;
    if (col === undefined && HEADER_ONLY.has(field) && !headers?.some((h) => fieldForHeader(h) === field))
      continue;
    if (col === undefined) {
      stored[field] = { none: true };
      continue;
    }
    const header = headers?.[col];
    stored[field] = typeof header === 'string' && header.trim() !== '' ? { header } : { offset: col };
  }
  return stored;
}

/** Applies a remembered mapping to the current headers; entries whose header is gone are dropped. */
export function fromStoredMapping(
  stored: StoredMapping,
  headers: readonly unknown[] | null,
  columnCount: number,
): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const field of INPUT_FIELDS) {
    const entry = stored[field];
    if (entry === undefined || 'none' in entry) continue;
    if ('header' in entry) {
      const want = normalizeHeader(entry.header);
      const col = headers ? headers.findIndex((h) => normalizeHeader(h) === want && want !== '') : -1;
      if (col >= 0) mapping[field] = col;
    } else if (entry.offset >= 0 && entry.offset < columnCount) {
      mapping[field] = entry.offset;
    }
  }
  return mapping;
}
