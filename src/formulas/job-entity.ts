import {
  BONUS_FIELDS,
  COMP_FIELDS,
  DATASCOPE_FIELDS,
  NUMBER_FIELDS,
  PROVENANCE_FIELDS,
  RESULT_FIELDS,
  SALARY_FIELDS,
  REFERENCE_DATA_SOURCE,
  type JobResult,
  type ResultField,
} from '../api/wire';
import type { JobSpec } from '../domain/job';
import { BONUS_FORMAT, moneyFormat } from '../domain/number-formats';
import { isLoopbackHost } from '../session/settings';
import { FIELD_HELP } from './field-catalog';

/**
 * A priced job as an Excel entity value, what JOBPRICE.JOB returns: one cell that shows the benchmark
 * title priced and holds every figure behind a card, each as a property, so `=B2.Salary50` and
 * `=FIELDVALUE(B2, "Salary50")` read it.
 *
 * The JSON follows the entity schema of the Excel data types (EntityCellValue, CardLayout, provider and
 * property attribution: ExcelApi 1.16), which custom functions may return from CustomFunctionsRuntime 1.4
 * with `allowCustomDataForDataTypeAny` in functions.json. Figures are FormattedNumber values in the
 * formats the pane writes (src/domain/number-formats.ts): money in the answer's currency (D1), bonus
 * targets as percentages of base (D2). Pure: built from the result, the job asked and the service it
 * came from; nothing here calls Office.
 */

export interface Attribution {
  readonly sourceText: string;
  readonly sourceAddress?: string;
  readonly licenseText?: string;
  readonly licenseAddress?: string;
}

/** Who the figures come from: the card's provider line and the attribution of its properties. */
export interface DataSource {
  readonly name: string;
  /** Of the pay figures (Salary, Comp, Bonus). */
  readonly figures: readonly Attribution[];
  /** Of the benchmark match (MatchedJobCode, MatchedJobTitle, JobFamilyName). */
  readonly match: readonly Attribution[];
}

const OEWS: Attribution = {
  sourceText: 'U.S. Bureau of Labor Statistics, Occupational Employment and Wage Statistics (OEWS)',
  sourceAddress: 'https://www.bls.gov/oes/',
};
const ONET: Attribution = {
  sourceText: 'O*NET 29.3 / 30.3 Database by USDOL/ETA',
  sourceAddress: 'https://www.onetcenter.org/database.html',
  licenseText: 'CC BY 4.0',
  licenseAddress: 'https://creativecommons.org/licenses/by/4.0/',
};

/** The reference service (src/service): BLS OEWS wages, O*NET titles (README: Where the numbers come from). */
export const REFERENCE_DATA: DataSource = {
  name: REFERENCE_DATA_SOURCE,
  figures: [OEWS],
  match: [ONET],
};

/**
 * The data behind a service's answers. A service names it in its answers' data source header
 * (`announced`, src/api/wire.ts: DATA_SOURCE_HEADER); the reference service's name gets the BLS and O*NET
 * attributions with their links and licence, wherever it is hosted. A service that names nothing is named
 * by its host, except on this computer's loopback, where the add-in's embedded default is the reference
 * service (an answer cached before the header was read).
 */
export function dataSourceFor(serviceUrl: string, announced: string | null = null): DataSource {
  if (announced === REFERENCE_DATA_SOURCE) return REFERENCE_DATA;
  if (announced !== null) {
    const named: Attribution = { sourceText: announced, sourceAddress: serviceUrl };
    return { name: announced, figures: [named], match: [named] };
  }
  let host = serviceUrl;
  try {
    host = new URL(serviceUrl).hostname;
  } catch {
    // Not a URL (settings refuse those): name it as typed.
  }
  if (isLoopbackHost(host)) return REFERENCE_DATA;
  const named: Attribution = { sourceText: host, sourceAddress: serviceUrl };
  return { name: host, figures: [named], match: [named] };
}

interface PropertyMetadata {
  sublabel?: string;
  attribution?: Attribution[];
}

export type JobEntityProperty =
  | { type: 'FormattedNumber'; basicValue: number; numberFormat: string; propertyMetadata?: PropertyMetadata }
  | { type: 'String'; basicValue: string; propertyMetadata?: PropertyMetadata };

export interface JobEntitySection {
  layout: 'List';
  title: string;
  collapsed?: boolean;
  properties: string[];
}

/** The entity JSON (a structural twin of Excel.EntityCellValue, so this module stays free of Office). */
export interface JobEntity {
  type: 'Entity';
  text: string;
  properties: Record<string, JobEntityProperty>;
  layouts: {
    compact: { icon: string };
    card: { title: { property: string }; subTitle?: { property: string }; sections: JobEntitySection[] };
  };
  provider: { description: string };
}

/** Properties besides the result fields: the job as asked, when it was priced, where the data comes from. */
export const JOB_TITLE_PROPERTY = 'JobTitle';
export const PRICED_AT_PROPERTY = 'PricedAt';
export const DATA_SOURCE_PROPERTY = 'DataSource';

const MONEY: ReadonlySet<string> = new Set([...SALARY_FIELDS, ...COMP_FIELDS]);
const NUMBERS: ReadonlySet<string> = new Set(NUMBER_FIELDS);
/** Absent, these mean "not applied" or "not named by this service" (D11, D17): an empty text, as FIELD shows. */
const BLANK_WHEN_ABSENT: ReadonlySet<string> = new Set([...DATASCOPE_FIELDS, ...PROVENANCE_FIELDS]);
const MATCH_FIELDS: ReadonlySet<string> = new Set(['MatchedJobCode', 'MatchedJobTitle', 'JobFamilyName']);

/** Epoch ms → "2026-05-01T10:22:33Z", the form the pane's `JobPrice Priced At` column uses, to the second. */
export function pricedAtText(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function property(field: ResultField, result: JobResult, source: DataSource): JobEntityProperty | null {
  const value = result[field];
  const metadata: PropertyMetadata = { sublabel: FIELD_HELP[field] };
  if (NUMBERS.has(field)) {
    // D15: a figure outside the credentials' scope is absent; the card leaves it out (`=B2.Comp50` is #FIELD!).
    if (typeof value !== 'number') return null;
    return {
      type: 'FormattedNumber',
      basicValue: value,
      numberFormat: MONEY.has(field) ? moneyFormat(result.CurrencyCode) : BONUS_FORMAT,
      propertyMetadata: { ...metadata, attribution: [...source.figures] },
    };
  }
  if (typeof value !== 'string' && !BLANK_WHEN_ABSENT.has(field)) return null;
  return {
    type: 'String',
    basicValue: typeof value === 'string' ? value : '',
    propertyMetadata: MATCH_FIELDS.has(field) ? { ...metadata, attribution: [...source.match] } : metadata,
  };
}

const SECTIONS: ReadonlyArray<{ title: string; fields: readonly string[]; collapsed?: boolean }> = [
  { title: 'Base salary', fields: SALARY_FIELDS },
  { title: 'Total cash compensation', fields: COMP_FIELDS },
  { title: 'Bonus target', fields: BONUS_FIELDS },
  {
    title: 'Match',
    fields: [
      JOB_TITLE_PROPERTY,
      'MatchedJobCode',
      'MatchedJobTitle',
      'MatchRating',
      'JobFamilyName',
      'JobLevelName',
    ],
  },
  {
    title: 'Data',
    fields: [
      ...DATASCOPE_FIELDS,
      'CurrencyCode',
      'DataEffectiveDate',
      PRICED_AT_PROPERTY,
      DATA_SOURCE_PROPERTY,
    ],
    collapsed: true,
  },
];

/**
 * The card of one priced job. The cell shows the benchmark priced (MatchedJobTitle, D17), or the job
 * family, or the title asked when the service names neither.
 */
export function jobEntity(
  result: JobResult,
  spec: Pick<JobSpec, 'title'>,
  pricedAtMs: number,
  source: DataSource,
): JobEntity {
  const properties: Record<string, JobEntityProperty> = {};
  for (const field of RESULT_FIELDS) {
    const p = property(field, result, source);
    if (p !== null) properties[field] = p;
  }
  properties[JOB_TITLE_PROPERTY] = {
    type: 'String',
    basicValue: spec.title,
    propertyMetadata: { sublabel: 'The job title as asked' },
  };
  properties[PRICED_AT_PROPERTY] = {
    type: 'String',
    basicValue: pricedAtText(pricedAtMs),
    propertyMetadata: { sublabel: 'When the service priced it (UTC)' },
  };
  properties[DATA_SOURCE_PROPERTY] = {
    type: 'String',
    basicValue: source.name,
    propertyMetadata: { sublabel: 'Where the figures come from' },
  };
  const shown = (name: string): boolean => {
    const p = properties[name];
    return p !== undefined && !(p.type === 'String' && p.basicValue === '');
  };
  const sections: JobEntitySection[] = SECTIONS.map((s) => ({
    layout: 'List' as const,
    title: s.title,
    ...(s.collapsed ? { collapsed: true } : {}),
    properties: s.fields.filter(shown),
  })).filter((s) => s.properties.length > 0);
  const matched = result.MatchedJobTitle?.trim() ?? '';
  const text = matched !== '' ? matched : result.JobFamilyName?.trim() || spec.title;
  return {
    type: 'Entity',
    text,
    properties,
    layouts: {
      compact: { icon: 'Briefcase' },
      card: {
        title: { property: matched !== '' ? 'MatchedJobTitle' : JOB_TITLE_PROPERTY },
        ...(shown('DataScope_Region') ? { subTitle: { property: 'DataScope_Region' } } : {}),
        sections,
      },
    },
    provider: { description: source.name },
  };
}
