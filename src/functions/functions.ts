/* JOBPRICE.* custom functions: declarations only.
 *
 * custom-functions-metadata reads the JSDoc below to write functions.json (names, descriptions, parameter
 * types; a union type is declared as "any", so a cell's number or text reaches us as is) and, through the
 * webpack plugin's loader, appends one CustomFunctions.associate(id, function) call per function to this
 * file in the bundle. So this file neither associates nor computes: the bodies are in ./jobprice.ts.
 *
 * Argument order, shared by every function: title, [desc], [country], [state], [city], [zip], [naics],
 * [fte], [revenue]. FIELD takes the field name first; MATCH takes its header flag last.
 * Omitted optional arguments arrive as null (not undefined); args.ts treats null and "" as unused.
 */
import { anyField, matchRow, numberField, textField } from './jobprice';

/**
 * Annual base salary at the 10th percentile of the market for a job, in CURRENCY.
 * @customfunction SALARY10
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns Base salary, 10th percentile.
 */
export function salary10(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<number> {
  return numberField('Salary10', {
    title,
    description: desc,
    country,
    state,
    city,
    zip,
    naics,
    fte,
    revenue,
  });
}

/**
 * Annual base salary at the 25th percentile of the market for a job, in CURRENCY.
 * @customfunction SALARY25
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns Base salary, 25th percentile.
 */
export function salary25(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<number> {
  return numberField('Salary25', {
    title,
    description: desc,
    country,
    state,
    city,
    zip,
    naics,
    fte,
    revenue,
  });
}

/**
 * Annual base salary at the median (50th) percentile of the market for a job, in CURRENCY.
 * @customfunction SALARY50
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns Base salary, 50th percentile.
 */
export function salary50(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<number> {
  return numberField('Salary50', {
    title,
    description: desc,
    country,
    state,
    city,
    zip,
    naics,
    fte,
    revenue,
  });
}

/**
 * Annual base salary at the 75th percentile of the market for a job, in CURRENCY.
 * @customfunction SALARY75
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns Base salary, 75th percentile.
 */
export function salary75(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<number> {
  return numberField('Salary75', {
    title,
    description: desc,
    country,
    state,
    city,
    zip,
    naics,
    fte,
    revenue,
  });
}

/**
 * Annual base salary at the 90th percentile of the market for a job, in CURRENCY.
 * @customfunction SALARY90
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns Base salary, 90th percentile.
 */
export function salary90(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<number> {
  return numberField('Salary90', {
    title,
    description: desc,
    country,
    state,
    city,
    zip,
    naics,
    fte,
    revenue,
  });
}

/**
 * Annual total cash compensation (base plus bonus) at the 10th percentile for a job, in CURRENCY.
 * @customfunction COMP10
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns Total cash compensation, 10th percentile.
 */
export function comp10(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<number> {
  return numberField('Comp10', { title, description: desc, country, state, city, zip, naics, fte, revenue });
}

/**
 * Annual total cash compensation (base plus bonus) at the 25th percentile for a job, in CURRENCY.
 * @customfunction COMP25
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns Total cash compensation, 25th percentile.
 */
export function comp25(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<number> {
  return numberField('Comp25', { title, description: desc, country, state, city, zip, naics, fte, revenue });
}

/**
 * Annual total cash compensation (base plus bonus) at the median (50th) percentile for a job, in CURRENCY.
 * @customfunction COMP50
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns Total cash compensation, 50th percentile.
 */
export function comp50(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<number> {
  return numberField('Comp50', { title, description: desc, country, state, city, zip, naics, fte, revenue });
}

/**
 * Annual total cash compensation (base plus bonus) at the 75th percentile for a job, in CURRENCY.
 * @customfunction COMP75
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns Total cash compensation, 75th percentile.
 */
export function comp75(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<number> {
  return numberField('Comp75', { title, description: desc, country, state, city, zip, naics, fte, revenue });
}

/**
 * Annual total cash compensation (base plus bonus) at the 90th percentile for a job, in CURRENCY.
 * @customfunction COMP90
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns Total cash compensation, 90th percentile.
 */
export function comp90(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<number> {
  return numberField('Comp90', { title, description: desc, country, state, city, zip, naics, fte, revenue });
}

/**
 * Median bonus target of a job, as a percentage of base salary (12.5 means 12.5 %).
 * @customfunction BONUSTARGET50
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns Bonus target, 50th percentile, in percent of base salary.
 */
export function bonusTarget50(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<number> {
  return numberField('BonusTarget50', {
    title,
    description: desc,
    country,
    state,
    city,
    zip,
    naics,
    fte,
    revenue,
  });
}

/**
 * Average bonus target of a job, as a percentage of base salary (12.5 means 12.5 %).
 * @customfunction BONUSTARGETAVG
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns Average bonus target, in percent of base salary.
 */
export function bonusTargetAvg(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<number> {
  return numberField('BonusTargetAvg', {
    title,
    description: desc,
    country,
    state,
    city,
    zip,
    naics,
    fte,
    revenue,
  });
}

/**
 * How well the title matched the market data: Confident, Probable or Possible.
 * @customfunction MATCHRATING
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns The match rating.
 */
export function matchRating(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<string> {
  return textField('MatchRating', {
    title,
    description: desc,
    country,
    state,
    city,
    zip,
    naics,
    fte,
    revenue,
  });
}

/**
 * Job family of the market job the title matched.
 * @customfunction JOBFAMILY
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns The job family name.
 */
export function jobFamily(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<string> {
  return textField('JobFamilyName', {
    title,
    description: desc,
    country,
    state,
    city,
    zip,
    naics,
    fte,
    revenue,
  });
}

/**
 * Job level of the market job the title matched.
 * @customfunction JOBLEVEL
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns The job level name.
 */
export function jobLevel(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<string> {
  return textField('JobLevelName', {
    title,
    description: desc,
    country,
    state,
    city,
    zip,
    naics,
    fte,
    revenue,
  });
}

/**
 * Currency of the money figures for a job (ISO 4217 code, e.g. USD).
 * @customfunction CURRENCY
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns The currency code.
 */
export function currency(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<string> {
  return textField('CurrencyCode', {
    title,
    description: desc,
    country,
    state,
    city,
    zip,
    naics,
    fte,
    revenue,
  });
}

/**
 * Any field of the priced job by name, e.g. "Salary50", "Comp75" or "DataScope_Region".
 * @customfunction FIELD
 * @param name Result field name, e.g. "Salary50", "JobLevelName", "DataScope_Region" (case-insensitive).
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @returns The value of that field.
 */
export function field(
  name: string,
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
): Promise<number | string> {
  return anyField(name, { title, description: desc, country, state, city, zip, naics, fte, revenue });
}

/**
 * The whole priced result of a job as one row (spills to the right), in the order of the field names; TRUE for header adds a row of field names above.
 * @customfunction MATCH
 * @param title Job title to match, e.g. "Software Developer".
 * @param [desc] Job description text; leave empty when there is none.
 * @param [country] Country, ISO 3-letter code (USA when empty).
 * @param [state] State, 2-letter code (e.g. CA).
 * @param [city] City in that state (needs a state or a ZIP).
 * @param [zip] 5-digit ZIP code; it alone fixes the area.
 * @param [naics] Industry NAICS code; its 2-digit sector is used.
 * @param [fte] Company size in full-time employees (leave empty when revenue is given).
 * @param [revenue] Company revenue, in the currency's units (leave empty when fte is given).
 * @param [header] TRUE to add a header row of field names above the values (default FALSE).
 * @returns One row of result fields, with an optional header row.
 */
export function match(
  title: string | number,
  desc?: string | number | null,
  country?: string | null,
  state?: string | null,
  city?: string | null,
  zip?: string | number | null,
  naics?: string | number | null,
  fte?: number | string | null,
  revenue?: number | string | null,
  header?: boolean,
): Promise<Array<Array<number | string | CustomFunctions.Error>>> {
  return matchRow({ title, description: desc, country, state, city, zip, naics, fte, revenue }, header);
}
