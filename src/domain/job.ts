/**
 * A job to price, in the add-in's own words. The wire format (PascalCase, spec §2.1/§2.2) lives in
 * src/api and is produced from this by `toWireRequest` there; nothing outside src/api uses the spec's names.
 *
 * Text fields are "" when unused and numbers 0 when unused, exactly as the spec sends them (§2.2 rule 2, D4).
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
  partial: { title: string; description?: string; company?: string } & { scope?: Partial<JobScope> },
): JobSpec {
  return {
    title: partial.title,
    description: partial.description ?? '',
    company: partial.company ?? '',
    scope: { ...EMPTY_SCOPE, ...(partial.scope ?? {}) },
  };
}

/**
 * The identity of a job for de-duplication and caching: two specs with the same key are the same
 * request to the service, so they get one sub-request and one cache entry. Case and surrounding
 * white space of text are folded (the service matches case-insensitively), numbers are kept exactly.
 */
export function jobKey(spec: JobSpec): string {
  const t = (s: string): string => s.trim().replace(/\s+/g, ' ').toLowerCase();
  const s = spec.scope;
  return JSON.stringify([
    t(spec.title),
    t(spec.description),
    t(spec.company),
    t(s.country) || 'usa',
    t(s.state),
    t(s.city),
    t(s.zip),
    t(s.naics),
    s.fte,
    s.revenue,
  ]);
}
