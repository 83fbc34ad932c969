import type { CellArg, JobArgs } from './args';
import { ANALYST_FUNCTIONS } from './analyst-functions';

/**
 * The JOBPRICE.* functions in one table: their names, help texts, parameters and what each returns.
 *
 * This is the single source of the argument list. `npm run functions:generate` writes
 * src/functions/functions.ts from it (the metadata generator needs one JSDoc-annotated declaration per
 * function, so that file cannot be written as a loop), `npm test` checks that the file is up to date, and
 * the refresh parser reads the argument positions from here. Nothing here touches Office.
 */

/** One job argument, in the order every function takes them. */
export interface JobArgument {
  /** The parameter name Excel shows. */
  readonly param: string;
  /** Where the value goes in JobArgs. */
  readonly key: keyof JobArgs;
  /**
   * The TypeScript type of the declaration; a union is declared "any" in functions.json, so a cell's
   * number or text, or a data-type cell's value (Excel.CellValue, read by args.ts), reaches us as is.
   */
  readonly tsType: string;
  readonly help: string;
}

export const JOB_ARGUMENTS: readonly JobArgument[] = [
  {
    param: 'title',
    key: 'title',
    tsType: 'string | number | Excel.CellValue',
    help: 'Job title to match, e.g. "Software Developer".',
  },
  {
    param: 'desc',
    key: 'description',
    tsType: 'string | number | Excel.CellValue | null',
    help: 'Job description text; leave empty when there is none.',
  },
  {
    param: 'country',
    key: 'country',
    tsType: 'string | Excel.CellValue | null',
    help: 'Country, ISO 3-letter code (USA when empty).',
  },
  {
    param: 'state',
    key: 'state',
    tsType: 'string | Excel.CellValue | null',
    help: 'State: its name or 2-letter code (e.g. California or CA).',
  },
  {
    param: 'city',
    key: 'city',
    tsType: 'string | Excel.CellValue | null',
    help: 'City in that state (needs a state or a ZIP).',
  },
  {
    param: 'zip',
    key: 'zip',
    tsType: 'string | number | Excel.CellValue | null',
    help: '5-digit ZIP code; it alone fixes the area.',
  },
  {
    param: 'naics',
    key: 'naics',
    tsType: 'string | number | Excel.CellValue | null',
    help: 'Industry NAICS code; its 2-digit sector is used.',
  },
  {
    param: 'fte',
    key: 'fte',
    tsType: 'number | string | Excel.CellValue | null',
    help: 'Company size in full-time employees (leave empty when revenue is given).',
  },
  {
    param: 'revenue',
    key: 'revenue',
    tsType: 'number | string | Excel.CellValue | null',
    help: "Company revenue, in the currency's units (leave empty when fte is given).",
  },
  // D19's job code: always the last parameter, so every existing formula keeps its meaning.
  {
    param: 'jobcode',
    key: 'jobCode',
    tsType: 'string | number | Excel.CellValue | null',
    help: 'Benchmark job code that pins the match, e.g. "15-1252.00" (as Review matches writes it); leave empty to match the title.',
  },
];

/** A parameter of one function that is not a job argument (FIELD's name, MATCH's header). */
export interface ExtraParameter {
  readonly param: string;
  readonly tsType: string;
  readonly optional: boolean;
  readonly help: string;
}

/** What a function returns, which decides its generated body. */
export type FunctionReturn =
  | { readonly kind: 'number'; readonly field: string }
  | { readonly kind: 'text'; readonly field: string }
  | { readonly kind: 'field' }
  | { readonly kind: 'match' }
  /** The whole priced job as one entity value (a card; CustomFunctionsRuntime 1.4). */
  | { readonly kind: 'entity' }
  // Where a current pay sits against the job's market (src/functions/analyst.ts); the pay stays local.
  | { readonly kind: 'marketRatio' }
  | { readonly kind: 'marketPercentile' }
  // A weighted, aged composite of figures in the workbook: no job, no service call.
  | { readonly kind: 'composite' };

export interface FunctionEntry {
  /** The id Excel shows after "JOBPRICE.". */
  readonly id: string;
  /** The exported name in functions.ts. */
  readonly exportName: string;
  readonly description: string;
  readonly returnsHelp: string;
  readonly returns: FunctionReturn;
  /** Parameters before the job arguments. */
  readonly leading?: readonly ExtraParameter[];
  /** Parameters after `revenue` and before `jobcode`, which stays last. */
  readonly trailing?: readonly ExtraParameter[];
  /** false for a function that prices no job: its parameters are `leading` alone. */
  readonly jobArguments?: false;
}

const percentile = (p: number): string => (p === 50 ? 'median (50th)' : `${p}th`);

/** The five percentile functions of one figure: SALARY10…SALARY90 or COMP10…COMP90. */
function percentileFunctions(id: 'SALARY' | 'COMP', what: string, returnsWhat: string): FunctionEntry[] {
  const field = id === 'SALARY' ? 'Salary' : 'Comp';
  return [10, 25, 50, 75, 90].map((p) => ({
    id: `${id}${p}`,
    exportName: `${field.toLowerCase()}${p}`,
    description: `${what} at the ${percentile(p)} percentile${id === 'SALARY' ? ' of the market' : ''} for a job, in CURRENCY.`,
    returnsHelp: `${returnsWhat}, ${p}th percentile.`,
    returns: { kind: 'number', field: `${field}${p}` },
  }));
}

const salaries = percentileFunctions('SALARY', 'Annual base salary', 'Base salary');
const comps = percentileFunctions(
  'COMP',
  'Annual total cash compensation (base plus bonus)',
  'Total cash compensation',
);

export const FUNCTIONS: readonly FunctionEntry[] = [
  ...salaries,
  ...comps,
  {
    id: 'BONUSTARGET50',
    exportName: 'bonusTarget50',
    description: 'Median bonus target of a job, as a percentage of base salary (12.5 means 12.5 %).',
    returnsHelp: 'Bonus target, 50th percentile, in percent of base salary.',
    returns: { kind: 'number', field: 'BonusTarget50' },
  },
  {
    id: 'BONUSTARGETAVG',
    exportName: 'bonusTargetAvg',
    description: 'Average bonus target of a job, as a percentage of base salary (12.5 means 12.5 %).',
    returnsHelp: 'Average bonus target, in percent of base salary.',
    returns: { kind: 'number', field: 'BonusTargetAvg' },
  },
  {
    id: 'MATCHRATING',
    exportName: 'matchRating',
    description: 'How well the title matched the market data: Confident, Probable or Possible.',
    returnsHelp: 'The match rating.',
    returns: { kind: 'text', field: 'MatchRating' },
  },
  {
    id: 'JOBFAMILY',
    exportName: 'jobFamily',
    description: 'Job family of the market job the title matched.',
    returnsHelp: 'The job family name.',
    returns: { kind: 'text', field: 'JobFamilyName' },
  },
  {
    id: 'JOBLEVEL',
    exportName: 'jobLevel',
    description: 'Job level of the market job the title matched.',
    returnsHelp: 'The job level name.',
    returns: { kind: 'text', field: 'JobLevelName' },
  },
  {
    id: 'CURRENCY',
    exportName: 'currency',
    description: 'Currency of the money figures for a job (ISO 4217 code, e.g. USD).',
    returnsHelp: 'The currency code.',
    returns: { kind: 'text', field: 'CurrencyCode' },
  },
  {
    id: 'FIELD',
    exportName: 'field',
    description:
      'Any field of the priced job by name, e.g. "Salary50", "MatchedJobTitle" or "DataScope_Region".',
    returnsHelp: 'The value of that field.',
    returns: { kind: 'field' },
    leading: [
      {
        param: 'name',
        tsType: 'string',
        optional: false,
        help: 'Result field name, e.g. "Salary50", "JobLevelName", "DataScope_Region" (case-insensitive).',
      },
    ],
  },
  {
    id: 'MATCH',
    exportName: 'match',
    description:
      'The whole priced result of a job as one row (spills to the right), in the order of the field names; TRUE for header adds a row of field names above.',
    returnsHelp: 'One row of result fields, with an optional header row.',
    returns: { kind: 'match' },
    trailing: [
      {
        param: 'header',
        tsType: 'boolean',
        optional: true,
        help: 'TRUE to add a header row of field names above the values (default FALSE).',
      },
    ],
  },
  {
    id: 'JOB',
    exportName: 'job',
    description:
      'The priced job in one cell: it shows the benchmark job priced and holds every figure as a card; read one with =B2.Salary50 or FIELDVALUE(B2,"Salary50").',
    returnsHelp: 'The priced job as an entity value (a card with every result field).',
    returns: { kind: 'entity' },
  },
  ...ANALYST_FUNCTIONS,
];

/**
 * Where each function's help lives: its own anchor on the function reference page that the build ships
 * beside the pane (functions.html, written from this table). Excel shows the link in its function
 * dialog; store review asks for one per function.
 */
export const HELP_PAGE = 'functions.html';

/** The anchor of a function on the reference page: its id in lower case (`salary50`). */
export function helpAnchor(entry: FunctionEntry): string {
  return entry.id.toLowerCase();
}

/** Every parameter of a function in formula order, job arguments included. */
export function formulaParameters(entry: FunctionEntry): Array<ExtraParameter | JobArgument> {
  if (entry.jobArguments === false) return [...(entry.leading ?? [])];
  const job = JOB_ARGUMENTS.slice(0, -1);
  const last = JOB_ARGUMENTS[JOB_ARGUMENTS.length - 1] as JobArgument;
  return [...(entry.leading ?? []), ...job, ...(entry.trailing ?? []), last];
}

/**
 * The formula positions of the job arguments, in JOB_ARGUMENTS order, for the function with this id
 * (case-insensitive); a plain function's when the id is unknown. Refresh uses it to read a formula's job.
 */
export function jobArgumentPositions(id: string): number[] {
  const entry = FUNCTIONS.find((f) => f.id === id.toUpperCase());
  const params = entry === undefined ? [...JOB_ARGUMENTS] : formulaParameters(entry);
  return JOB_ARGUMENTS.map((arg) => params.indexOf(arg));
}

/** JobArgs from values in JOB_ARGUMENTS order (as `jobArgumentPositions` picks them out of a formula). */
export function jobArgsFromValues(values: readonly unknown[]): JobArgs {
  const args: Record<string, CellArg> = {};
  JOB_ARGUMENTS.forEach((a, i) => {
    args[a.key] = values[i] as CellArg;
  });
  return args as unknown as JobArgs;
}
