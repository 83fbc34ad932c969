/**
 * A job to price, in the add-in's own words. The wire format (PascalCase, docs/api.md) lives in
 * src/api and is produced from this by `toWireRequest` there; nothing outside src/api uses the spec's names.
 *
 * Text fields are "" when unused and numbers 0 when unused, exactly as they are sent (docs/api.md "A job
 * (request)", D4).
 */
export interface JobScope {
  /** ISO 3166-1 alpha-3; "" means USA (D6). */
  readonly country: string;
  /** 2-letter USPS code, or "". */
  readonly state: string;
  readonly city: string;
  /** 5 digits, or "". */
  readonly zip: string;
  /** NAICS code of any length; the service uses the 2-digit sector (D10). */
  readonly naics: string;
  /** Full-time employees; 0 = unused (D5). */
  readonly fte: number;
  /** Company revenue in the currency's units; 0 = unused (D5). */
  readonly revenue: number;
}

export interface JobSpec {
  readonly title: string;
  readonly description: string;
  readonly company: string;
  readonly scope: JobScope;
  /**
   * D19: the benchmark job code to price instead of matching the title (a mapped Job Code column or a
   * formula's `jobcode`). Absent when the user gave none; "" when a mapped column's cell is blank.
   */
  readonly jobCode?: string;
}

export const EMPTY_SCOPE: JobScope = Object.freeze({
  country: '',
  state: '',
  city: '',
  zip: '',
  naics: '',
  fte: 0,
  revenue: 0,
});

/** Builds a JobSpec from partial input, filling the spec's defaults ("" and 0). */
export function jobSpec(
  partial: { title: string; description?: string; company?: string; jobCode?: string } & {
    scope?: Partial<JobScope>;
  },
): JobSpec {
  return {
    title: partial.title,
    description: partial.description ?? '',
    company: partial.company ?? '',
    scope: { ...EMPTY_SCOPE, ...(partial.scope ?? {}) },
    ...(partial.jobCode === undefined ? {} : { jobCode: partial.jobCode }),
  };
}

/** Separates the fields of a job key; `foldText` turns every control character into a space, so it cannot occur inside a field. */
const KEY_SEPARATOR = '\u001f';
/** Text that needs the slow path: runs of white space, non-space white space, or control characters. */
const NEEDS_FOLDING =
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  /\s\s|[\u0000-\u001f\u007f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/** Trims, collapses white space (and control characters) to one space, and lower-cases. */
function foldText(text: string): string {
  const trimmed = text.trim();
  // eslint-disable-next-line no-control-regex -- control characters fold to a space, like white space
  const folded = NEEDS_FOLDING.test(trimmed) ? trimmed.replace(/[\s\u0000-\u001f\u007f]+/g, ' ') : trimmed;
  return folded.toLowerCase();
}

/**
 * The identity of a job for de-duplication and caching: two specs with the same key are the same
 * request to the service, so they get one sub-request and one cache entry. Case and surrounding
 * white space of text are folded (the service matches case-insensitively), numbers are kept exactly,
 * and a blank country is USA (D6).
 *
 * Built by plain concatenation rather than JSON: the planner keys every selected row, and this is the
 * hot part of planning 10,000 rows (bench:taskpane).
 */
export function jobKey(spec: JobSpec): string {
  const s = spec.scope;
  return [
    foldText(spec.title),
    foldText(spec.description),
    foldText(spec.company),
    foldText(s.country) || 'usa',
    foldText(s.state),
    foldText(s.city),
    foldText(s.zip),
    foldText(s.naics),
    String(s.fte),
    String(s.revenue),
    // A blank code pins nothing (D19), so it is the same job as no code at all.
    foldText(spec.jobCode ?? ''),
  ].join(KEY_SEPARATOR);
}
