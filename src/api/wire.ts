import { z } from 'zod';
import type { JobSpec } from '../domain/job';

/**
 * The wire format of the Job Market Match Service (docs/api.md), as zod schemas.
 * This is the only module that spells the spec's PascalCase field names; the rest of the add-in works
 * with `JobSpec` and `JobResult`. The reference service imports these schemas too.
 *
 * Response schemas are tolerant on purpose (D13): unknown fields pass through untouched, and
 * MatchRating, JobLevelName and JobFamilyName accept any text.
 */

// ---------- requests (docs/api.md "A job (request)") ----------

export const DataScopeSchema = z.object({
  CountryCode: z.string().optional(),
  State: z.string().optional(),
  City: z.string().optional(),
  ZipCode: z.string().optional(),
  NAICSCode: z.string().optional(),
  FTEValue: z.number().optional(),
  Revenue: z.number().optional(),
});
export type DataScope = z.infer<typeof DataScopeSchema>;

export const JobMatchRequestSchema = z.object({
  JobTitle: z.string(),
  JobDesc: z.string().optional(),
  CompanyName: z.string().optional(),
  DataScope: DataScopeSchema.optional(),
  /** D19: pins the benchmark job; a blank code means "match the title". */
  JobCode: z.string().optional(),
});
export type JobMatchRequest = z.infer<typeof JobMatchRequestSchema>;

export const BatchSubRequestSchema = JobMatchRequestSchema.extend({ SubRequestID: z.string() });
export type BatchSubRequest = z.infer<typeof BatchSubRequestSchema>;

/** Every field is sent; unused text as "", unused numbers as 0 (docs/api.md "A job (request)"). */
export function toWireRequest(spec: JobSpec): JobMatchRequest {
  const s = spec.scope;
  return {
    JobTitle: spec.title,
    JobDesc: spec.description,
    CompanyName: spec.company,
    DataScope: {
      CountryCode: s.country,
      State: s.state,
      City: s.city,
      ZipCode: s.zip,
      NAICSCode: s.naics,
      FTEValue: s.fte,
      Revenue: s.revenue,
    },
    // D19: sent only when the user gave a code (a mapped Job Code column or a formula's jobcode), so a
    // service that does not know the field never sees it otherwise.
    ...(spec.jobCode === undefined ? {} : { JobCode: spec.jobCode }),
  };
}

export function toWireSubRequest(id: string, spec: JobSpec): BatchSubRequest {
  return { SubRequestID: id, ...toWireRequest(spec) };
}

// ---------- results (docs/api.md "A result") ----------

/** Percentile money fields, in column order (D1: annual, CompNN >= SalaryNN). */
export const SALARY_FIELDS = ['Salary10', 'Salary25', 'Salary50', 'Salary75', 'Salary90'] as const;
export const COMP_FIELDS = ['Comp10', 'Comp25', 'Comp50', 'Comp75', 'Comp90'] as const;
/** D2: percentages of base salary. */
export const BONUS_FIELDS = ['BonusTarget50', 'BonusTargetAvg'] as const;
export const NUMBER_FIELDS = [...SALARY_FIELDS, ...COMP_FIELDS, ...BONUS_FIELDS] as const;
/** D17: MatchedJobCode and MatchedJobTitle name the benchmark priced; D20: DataEffectiveDate dates the figures. */
export const TEXT_FIELDS = [
  'CurrencyCode',
  'MatchRating',
  'MatchedJobCode',
  'MatchedJobTitle',
  'JobFamilyName',
  'JobLevelName',
  'DataEffectiveDate',
] as const;
export const DATASCOPE_FIELDS = [
  'DataScope_IndustryCode',
  'DataScope_IndustryName',
  'DataScope_FTERange',
  'DataScope_RevenueRange',
  'DataScope_CountryCode',
  'DataScope_Region',
  'DataScope_State',
  'DataScope_City',
] as const;

/** D17/D20 fields that a service may not send at all (a commercial one): clients treat them as optional. */
export const PROVENANCE_FIELDS = ['MatchedJobCode', 'MatchedJobTitle', 'DataEffectiveDate'] as const;

/** Every result field, in the order the add-in writes columns. */
export const RESULT_FIELDS = [...NUMBER_FIELDS, ...TEXT_FIELDS, ...DATASCOPE_FIELDS] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];
export type TextField = (typeof TEXT_FIELDS)[number] | (typeof DATASCOPE_FIELDS)[number];
export type ResultField = (typeof RESULT_FIELDS)[number];

const numberFields = Object.fromEntries(NUMBER_FIELDS.map((f) => [f, z.number().optional()])) as Record<
  NumberField,
  z.ZodOptional<z.ZodNumber>
>;
const textFields = Object.fromEntries(
  [...TEXT_FIELDS, ...DATASCOPE_FIELDS].map((f) => [f, z.string().optional()]),
) as Record<TextField, z.ZodOptional<z.ZodString>>;

/**
 * One job match result (docs/api.md "A result"). Every figure is optional: D15 lets a scope omit Comp/Bonus
 * figures, and a commercial service may leave out what it has no data for. Unknown fields are kept
 * (looseObject).
 */
export const JobMatchResultSchema = z.looseObject({
  SubRequestID: z.string().optional(),
  ...numberFields,
  ...textFields,
});
export type JobMatchResult = z.infer<typeof JobMatchResultSchema>;

/** The add-in's view of one priced job: the result fields only, nothing else. */
export type JobResult = Partial<Record<NumberField, number>> & Partial<Record<TextField, string>>;

const RESULT_FIELD_SET: ReadonlySet<string> = new Set(RESULT_FIELDS);

export function toJobResult(item: JobMatchResult): JobResult {
  // Copy, then drop what is not a result field (SubRequestID, unknown fields): one bulk copy is about
  // three times faster in V8 than adding 24 keys one by one, and a batch of results passes through here.
  const out: Record<string, unknown> = { ...item };
  for (const key in out) if (!RESULT_FIELD_SET.has(key)) delete out[key];
  return out;
}

/** D12: an error item in a batch Data array. SubRequestID is absent when the request lacked it. */
export const BatchErrorItemSchema = z.looseObject({
  SubRequestID: z.string().optional(),
  ErrorMessage: z.string(),
});

// ---------- envelopes (docs/api.md "Envelope and errors") ----------

/** Code 1 = success, -1 = no data. Other codes are tolerated and treated as failure. */
export const EnvelopeSchema = z.looseObject({
  Code: z.number().int(),
  Data: z.unknown().optional(),
  Message: z.string().optional(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

export const SingleDataSchema = JobMatchResultSchema;

// ---------- auth (D15) ----------

export const TokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().positive(),
});

// ---------- candidate matches (D18) ----------

/** One candidate benchmark for a title, best first in its list. No pay figures. */
export const CandidateSchema = z.looseObject({
  MatchedJobCode: z.string(),
  MatchedJobTitle: z.string(),
  JobFamilyName: z.string().optional(),
  MatchRating: z.string().optional(),
  /** 0..1, comparable within one answer only. */
  MatchScore: z.number().optional(),
});
export type Candidate = z.infer<typeof CandidateSchema>;

/** D18: the request of /DaaS/jobmatch (and each item of /DaaS/batchjobmatch, with SubRequestID). */
export const CandidateRequestSchema = JobMatchRequestSchema.extend({ MaxCandidates: z.number().optional() });
export type CandidateRequest = z.infer<typeof CandidateRequestSchema>;

/** D18: one answer item; SubRequestID in batch answers only. */
export const CandidateListSchema = z.looseObject({
  SubRequestID: z.string().optional(),
  Candidates: z.array(CandidateSchema),
});
export type CandidateList = z.infer<typeof CandidateListSchema>;

export const PATHS = {
  single: '/DaaS/jobpricing',
  batch: '/DaaS/batchjobpricing',
  /** D18 */
  match: '/DaaS/jobmatch',
  /** D18 */
  batchMatch: '/DaaS/batchjobmatch',
  token: '/oauth/token',
} as const;

/**
 * The response header in which a service names the data behind its figures (our own decision, see
 * docs/decisions.md): the `JOB` card's provider line. It is optional; a service without it is named by
 * its host.
 */
export const DATA_SOURCE_HEADER = 'JobPrice-Data-Source';

/** What the reference service (src/service) sends in DATA_SOURCE_HEADER. */
export const REFERENCE_DATA_SOURCE = 'BLS OEWS and O*NET (JobPrice reference service)';

/** A header value is shown on a card: one line of printable text, at most 120 characters, else ignored. */
export const DataSourceHeaderSchema = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^\P{Cc}+$/u);
