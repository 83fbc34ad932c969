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
    `SubRequestID for each subrequest must be unique, duplicate SubRequestID: ${echo(id)}`,
  /** An entry without SubRequestID (docs/api.md "Batches"). */
  subRequestIdRequired: 'The SubRequestID field is required.',
  /** More than BATCH_LIMIT sub-requests (docs/api.md "Batches"). */
  batchLimitExceeded: 'Batch subrequest limit exceeded. Only 200 subrequest allowed in each API call.',
  /** D12. */
  batchEmpty: 'Batch request must contain at least one subrequest.',
  /** D8. */
  locationUnresolved: (what: string): string => `Location could not be resolved: ${echo(what)}`,
  /** D8 / D15. */
  noDataForCountry: (code: string): string => `No data for country ${echo(code)}`,
  /** D10. */
  industryNotRecognized: (code: string): string => `Industry code not recognized: ${echo(code)}`,
  /** D19: a pinned benchmark code the service does not know (or cannot price). */
  jobCodeNotRecognized: (code: string): string => `Job code not recognized: ${echo(code)}`,
  /** D21 and FIELD_LIMITS: a text field over its limit. */
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

/**
 * The limits of the other text fields: the reference service's own decision, not D21's (docs/api.md).
 * Each is far above any real value (a ZIP+4 is 10 characters, an O*NET-SOC code 10, the longest US place
 * names about 40), so only a value that is not what the field means is refused, before any work on it.
 * Measured like D21's: Unicode code points, trimmed.
 */
export const FIELD_LIMITS = {
  JobCode: 50,
  CountryCode: 50,
  State: 100,
  City: 200,
  ZipCode: 20,
  NAICSCode: 20,
} as const;

export type TextLimitedField = keyof typeof TEXT_LIMITS | keyof typeof FIELD_LIMITS;

/** The most code points of a caller's text a message repeats; every value within its limit fits. */
export const ECHO_LIMIT = 256;

/** `text` as a message repeats it: cut to ECHO_LIMIT code points, with "…" where it was cut. */
export function echo(text: string): string {
  if (text.length <= ECHO_LIMIT) return text;
  let units = 0;
  for (let count = 0; count < ECHO_LIMIT && units < text.length; count++) {
    const unit = text.charCodeAt(units);
    units += unit >= 0xd800 && unit <= 0xdbff && units + 1 < text.length ? 2 : 1;
  }
  return units >= text.length ? text : `${text.slice(0, units)}…`;
}

/** Sub-requests per batch call (docs/api.md "Batches"). */
export const BATCH_LIMIT = 200;

/** The prefix of the both-FTE-and-Revenue message (D5); a client may only rely on this part. */
export const BOTH_FTE_AND_REVENUE_PREFIX = 'DataScope error: cannot scope job by both FTEValue and Revenue.';

/** D13: the text a job gets when the reply had no item for its SubRequestID (one wording for client and planner). */
export const NO_RESULT_MESSAGE = 'The service returned no result for this job.';
