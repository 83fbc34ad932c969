import { RESULT_FIELDS, type ResultField } from '../api/wire';

/**
 * What each result field means, in a few words: the formula builder searches these, and a JOBPRICE.JOB
 * card shows them under each figure. Names are the spec's field names (docs/functions.md lists them);
 * the money fields are annual amounts in CurrencyCode (D1), bonus targets percentages of base (D2).
 */

const percentile = (p: number): string => (p === 50 ? 'median (50th percentile)' : `${p}th percentile`);

const money = (what: string, p: number): string => `${what}, ${percentile(p)}, annual`;

export const FIELD_HELP: Readonly<Record<ResultField, string>> = {
  Salary10: money('Base salary', 10),
  Salary25: money('Base salary', 25),
  Salary50: money('Base salary', 50),
  Salary75: money('Base salary', 75),
  Salary90: money('Base salary', 90),
  Comp10: money('Total cash compensation (base plus bonus)', 10),
  Comp25: money('Total cash compensation (base plus bonus)', 25),
  Comp50: money('Total cash compensation (base plus bonus)', 50),
  Comp75: money('Total cash compensation (base plus bonus)', 75),
  Comp90: money('Total cash compensation (base plus bonus)', 90),
  BonusTarget50: 'Median bonus target, % of base salary',
  BonusTargetAvg: 'Average bonus target, % of base salary',
  CurrencyCode: 'Currency of the money figures (ISO 4217)',
  MatchRating: 'How well the title matched: Confident, Probable or Possible',
  MatchedJobCode: 'Code of the benchmark job priced',
  MatchedJobTitle: 'Title of the benchmark job priced',
  JobFamilyName: 'Job family of the matched job',
  JobLevelName: 'Job level of the matched job',
  DataEffectiveDate: 'Reference date of the pay data',
  DataScope_IndustryCode: 'Industry sector applied (NAICS)',
  DataScope_IndustryName: 'Industry applied',
  DataScope_FTERange: 'Company size band applied (employees)',
  DataScope_RevenueRange: 'Company revenue band applied',
  DataScope_CountryCode: 'Country applied',
  DataScope_Region: 'Wage area whose data was used (metro, nonmetro area, state or nation)',
  DataScope_State: 'State applied',
  DataScope_City: 'City applied',
};

/** Every result field with its help, in RESULT_FIELDS order (the order MATCH and the pane write them in). */
export const FIELDS: ReadonlyArray<{ readonly name: ResultField; readonly help: string }> = RESULT_FIELDS.map(
  (name) => ({ name, help: FIELD_HELP[name] }),
);
