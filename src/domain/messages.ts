/**
 * The service's business messages, to the byte, as docs/api.md ("Envelope and errors") lists them with the
 * decisions that word them (docs/decisions.md).
 * The add-in's local validation and the reference service both produce these exact strings, so a row
 * that fails locally reads the same as one the service refused.
 */
export const MSG = {
  /** D4: required fields missing, wrong JSON type, body not an object. */
  serviceFailed: 'Get the service failed.',
  /** D7. */
  locationIncomplete: 'Location request is incomplete',
  /** D5: clients rely on its start only (BOTH_FTE_AND_REVENUE_PREFIX); the rest asks for one of the two. */
  bothFteAndRevenue:
    'DataScope error: cannot scope job by both FTEValue and Revenue. Please provide a value for only one of FTEValue or Revenue.',
  /** D5. */
  negativeFteOrRevenue: 'DataScope error: FTEValue and Revenue must not be negative.',
  /** D3. */
  noMatch: 'No matching job found',
  /** Duplicate SubRequestID, one item per offending sub-request (docs/api.md "Batches"). */
  duplicateSubRequestId: (id: string): string =>
    `SubRequestID for each subrequest must be unique, duplicate SubRequestID: ${id}`,
  /** An entry without SubRequestID (docs/api.md "Batches"). */
  subRequestIdRequired: 'The SubRequestID field is required.',
  /** More than BATCH_LIMIT sub-requests (docs/api.md "Batches"). */
  batchLimitExceeded: 'Batch subrequest limit exceeded. Only 200 subrequest allowed in each API call.',
  /** D12. */
  batchEmpty: 'Batch request must contain at least one subrequest.',
  /** D8. */
  locationUnresolved: (what: string): string => `Location could not be resolved: ${what}`,
  /** D8 / D15. */
  noDataForCountry: (code: string): string => `No data for country ${code}`,
  /** D10. */
  industryNotRecognized: (code: string): string => `Industry code not recognized: ${code}`,
  /** D19: a pinned benchmark code the service does not know (or cannot price). */
  jobCodeNotRecognized: (code: string): string => `Job code not recognized: ${code}`,
  /** D21: a text field over its limit (TEXT_LIMITS). */
  tooLong: (field: TextLimitedField, max: number): string =>
    `${field} is too long (at most ${max} characters).`,
  /** D18: MaxCandidates outside 1-10 (the reference service's wording; D18 gives the range, not the message). */
  maxCandidatesOutOfRange: 'MaxCandidates must be a whole number from 1 to 10.',
} as const;

/**
 * D21: the most characters each text field may hold. Characters are Unicode code points (as JSON Schema's
 * maxLength counts them); the job's text is measured trimmed, as the service reads it, SubRequestID as sent.
 */
export const TEXT_LIMITS = {
  JobTitle: 200,
  CompanyName: 200,
  JobDesc: 10_000,
  SubRequestID: 100,
} as const;
export type TextLimitedField = keyof typeof TEXT_LIMITS;

/** Sub-requests per batch call (docs/api.md "Batches"). */
export const BATCH_LIMIT = 200;

/** The prefix of the both-FTE-and-Revenue message (D5); a client may only rely on this part. */
export const BOTH_FTE_AND_REVENUE_PREFIX = 'DataScope error: cannot scope job by both FTEValue and Revenue.';

/** D13: the text a job gets when the reply had no item for its SubRequestID (one wording for client and planner). */
export const NO_RESULT_MESSAGE = 'The service returned no result for this job.';
