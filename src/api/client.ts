import type { z } from 'zod';
import { jobSpec, type JobSpec } from '../domain/job';
import { failure, success, type JobOutcome } from '../domain/outcome';
import { NO_RESULT_MESSAGE } from '../domain/planner';
import { apiErrors, JobPriceApiError } from './errors';
import {
  BatchErrorItemSchema,
  EnvelopeSchema,
  JobMatchResultSchema,
  PATHS,
  SingleDataSchema,
  TokenResponseSchema,
  toJobResult,
  toWireRequest,
  toWireSubRequest,
  type Envelope,
  type JobResult,
} from './wire';

/**
 * The HTTP client of the Job Market Match Service (spec §4, D12–D15).
 *
 * - Every answer is validated with the zod schemas of wire.ts; nothing unchecked reaches the caller.
 * - Business failures (HTTP 200, Code -1, spec §7) are *outcomes*, not exceptions: `matchJob` returns
 *   failure('service', Message). Exceptions (JobPriceApiError) are for the call itself: auth, transport,
 *   timeouts, and answers that are not in the expected format.
 * - Retries follow D14: 429 (waiting what Retry-After says), 5xx, network errors and timeouts are retried
 *   with exponential backoff and full jitter; 400/401/403/413 never are, since the same request would
 *   fail the same way.
 * - Batch items are matched by SubRequestID only, never by position (D13), and parsed one by one so a
 *   malformed item fails only its own job.
 */

export interface ClientConfig {
  /** e.g. http://127.0.0.1:8600 (trailing slash tolerated) */
  baseUrl: string;
  /** null → throw 'unauthorized' "Sign in ..." without calling. Asked again before every attempt, so a provider may refresh. */
  getAccessToken: () => string | null | Promise<string | null>;
  /** Per attempt, default 20000. */
  timeoutMs?: number;
  /** Default 4 (1 + 3 retries). */
  maxAttempts?: number;
  /** Default 300; exponential with full jitter, capped by backoffMaxMs (default 8000). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /**
   * The longest Retry-After (429) the client will wait before trying again, default 30000. A longer
   * Retry-After ends the call at once with 'rate_limited' saying when to try again: waiting minutes
   * inside one Excel action helps nobody.
   */
  retryAfterMaxMs?: number;
  /** Default globalThis.fetch. */
  fetchImpl?: typeof fetch;
  /** For jitter, injectable for tests. */
  random?: () => number;
  /** Rejects on abort. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Clock for token expiry and HTTP-date Retry-After, default Date.now. */
  now?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface BatchReply {
  /** One outcome for every distinct id that was sent. */
  byId: Map<string, JobOutcome<JobResult>>;
  /** Items that could not be attributed to a sent id (spec §7: no SubRequestID), as readable sentences. */
  unattributed: string[];
}

/** The job "Test connection" prices: a plain title with national scope, which any credentials should cover. */
export const CONNECTION_PROBE_JOB: JobSpec = jobSpec({ title: 'Software Developers' });

/** D13: the text a job gets when the reply had no item for its SubRequestID (one wording for client and planner). */
export { NO_RESULT_MESSAGE };

const DEFAULTS = {
  timeoutMs: 20_000,
  maxAttempts: 4,
  backoffBaseMs: 300,
  backoffMaxMs: 8_000,
  retryAfterMaxMs: 30_000,
} as const;

type Endpoint = 'match' | 'token';

interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

export class JobMarketClient {
  private readonly baseUrl: string;
  private readonly config: ClientConfig;
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly retryAfterMaxMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly random: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly now: () => number;

  /** @throws JobPriceApiError 'config' when baseUrl is not an http(s) URL. */
  constructor(config: ClientConfig) {
    this.config = config;
    this.baseUrl = normalizeBaseUrl(config.baseUrl);
    this.timeoutMs = positive(config.timeoutMs, DEFAULTS.timeoutMs);
    this.maxAttempts = Math.max(1, Math.floor(positive(config.maxAttempts, DEFAULTS.maxAttempts)));
    this.backoffBaseMs = nonNegative(config.backoffBaseMs, DEFAULTS.backoffBaseMs);
    this.backoffMaxMs = nonNegative(config.backoffMaxMs, DEFAULTS.backoffMaxMs);
    this.retryAfterMaxMs = nonNegative(config.retryAfterMaxMs, DEFAULTS.retryAfterMaxMs);
    // Bound to globalThis: browsers throw "Illegal invocation" when fetch is called as a method of another object.
    this.fetchImpl = config.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
    this.random = config.random ?? Math.random;
    this.sleep = config.sleep ?? abortableSleep;
    this.now = config.now ?? Date.now;
  }

  /** §4.1. Code 1 → success(toJobResult(Data)); Code -1 → failure('service', Message). Throws JobPriceApiError on transport/protocol failure. */
  async matchJob(spec: JobSpec, opts: CallOptions = {}): Promise<JobOutcome<JobResult>> {
    return this.matchJobWithin(spec, opts.signal, this.maxAttempts);
  }

  /**
   * §4.2. Returns an outcome for EVERY id sent, matched by SubRequestID only (D13). Whole-batch Code -1
   * (duplicates → per-id items; over limit / empty → Message) gives failure('service', …) for each id
   * concerned (ids not named get the whole-batch message). Items without SubRequestID (spec §7) are
   * reported in `unattributed`. An id missing from the reply → failure('transport', NO_RESULT_MESSAGE).
   * Throws JobPriceApiError on transport failures.
   */
  async matchBatch(
    items: ReadonlyArray<{ id: string; spec: JobSpec }>,
    opts: CallOptions = {},
  ): Promise<BatchReply> {
    const body = JSON.stringify(items.map((it) => toWireSubRequest(it.id, it.spec)));
    const json = await this.call(PATHS.batch, 'match', body, opts.signal, this.maxAttempts);
    const envelope = parseEnvelope(json);
    return interpretBatch(
      envelope,
      items.map((it) => it.id),
    );
  }

  /** D15 client credentials → token. */
  async requestToken(
    clientId: string,
    clientSecret: string,
    opts: CallOptions = {},
  ): Promise<{ accessToken: string; expiresAt: number /* epoch ms */ }> {
    // Form encoding is the OAuth 2.0 default (RFC 6749 §4.4) and a CORS "simple" content type.
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    }).toString();
    const json = await this.call(PATHS.token, 'token', body, opts.signal, this.maxAttempts);
    const parsed = TokenResponseSchema.safeParse(json);
    if (!parsed.success) throw apiErrors.protocol(summarizeIssues(parsed.error));
    if (parsed.data.token_type.toLowerCase() !== 'bearer') {
      throw apiErrors.protocol(`token_type is "${parsed.data.token_type}", expected "Bearer".`);
    }
    return { accessToken: parsed.data.access_token, expiresAt: this.now() + parsed.data.expires_in * 1000 };
  }

  /**
   * A cheap authenticated probe for "Test connection": POST a single known-good job; resolves with a
   * human sentence or throws JobPriceApiError. One attempt only: the user wants to know how the service
   * answers now, not after a minute of retries.
   */
  async testConnection(opts: CallOptions = {}): Promise<string> {
    const outcome = await this.matchJobWithin(CONNECTION_PROBE_JOB, opts.signal, 1);
    if (outcome.ok) {
      const rating = outcome.result.MatchRating;
      return `Connected to ${this.baseUrl} and signed in: the test job "${CONNECTION_PROBE_JOB.title}" was priced${rating ? ` (match rating ${rating})` : ''}.`;
    }
    return `Connected to ${this.baseUrl} and signed in, but the test job "${CONNECTION_PROBE_JOB.title}" was not priced: ${outcome.message}`;
  }

  // ---------- internals ----------

  private async matchJobWithin(
    spec: JobSpec,
    signal: AbortSignal | undefined,
    maxAttempts: number,
  ): Promise<JobOutcome<JobResult>> {
    const json = await this.call(
      PATHS.single,
      'match',
      JSON.stringify(toWireRequest(spec)),
      signal,
      maxAttempts,
    );
    const envelope = parseEnvelope(json);
    if (envelope.Code !== 1) return failure('service', serviceMessage(envelope));
    const data = SingleDataSchema.safeParse(envelope.Data);
    if (!data.success) throw apiErrors.protocol(summarizeIssues(data.error, 'Data'));
    return success(toJobResult(data.data));
  }

  /** POSTs `body` with D14's retry policy and returns the parsed JSON of a 2xx answer. */
  private async call(
    path: string,
    endpoint: Endpoint,
    body: string,
    signal: AbortSignal | undefined,
    maxAttempts: number,
  ): Promise<unknown> {
    const url = this.baseUrl + path;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw stopped(signal);
      const headers = await this.headersFor(endpoint);
      const isLast = attempt >= maxAttempts;
      let answer: RawAnswer;
      try {
        answer = await this.attempt(url, headers, body, signal);
      } catch (err) {
        if (err instanceof JobPriceApiError && err.retryable && !isLast) {
          await this.pause(this.backoffDelay(attempt), signal);
          continue;
        }
        throw err;
      }

      const { status } = answer;
      if (status >= 200 && status < 300) return parseJsonBody(answer);

      if (status === 429) {
        const retryAfter = parseRetryAfter(answer.headers.get('retry-after'), this.now());
        const wait = retryAfter ?? this.backoffDelay(attempt);
        if (isLast || wait > this.retryAfterMaxMs) {
          throw apiErrors.rateLimited(retryAfter ?? this.backoffCap(attempt));
        }
        await this.pause(wait, signal);
        continue;
      }
      if (status >= 500) {
        if (isLast) {
          const detail = redact(errorDetail(answer.text), secretsIn(headers, body));
          throw apiErrors.server(status, attempt, detail);
        }
        await this.pause(this.backoffDelay(attempt), signal);
        continue;
      }
      throw this.refusal(answer, endpoint, url, byteLength(body), secretsIn(headers, body));
    }
  }

  /** Maps a non-retryable, non-2xx answer to its error (D14: 400/401/403/413 are final). */
  private refusal(
    answer: RawAnswer,
    endpoint: Endpoint,
    url: string,
    bodyBytes: number,
    secrets: readonly string[],
  ): JobPriceApiError {
    const { status } = answer;
    // A service that echoes the credentials back in its error text must not put them on screen.
    const detail = redact(errorDetail(answer.text), secrets);
    if (endpoint === 'token' && (status === 400 || status === 401))
      return apiErrors.badClientCredentials(status, detail);
    if (status === 401) return apiErrors.unauthorized(detail);
    if (status === 403) return apiErrors.forbidden(detail);
    if (status === 413) return apiErrors.payloadTooLarge(bodyBytes);
    if (status === 404 || status === 405) return apiErrors.notFound(status, url);
    if (status >= 400) return apiErrors.badRequest(status, detail);
    return apiErrors.protocol(`an unexpected HTTP status ${status}.`, status);
  }

  private async headersFor(endpoint: Endpoint): Promise<Record<string, string>> {
    if (endpoint === 'token') {
      return { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
    }
    let token: string | null;
    try {
      token = await this.config.getAccessToken();
    } catch (err) {
      if (err instanceof JobPriceApiError) throw err;
      throw new JobPriceApiError('unauthorized', `Could not get an access token: ${reasonOf(err)}`, {
        cause: err,
      });
    }
    if (token === null || token.trim() === '') throw apiErrors.notSignedIn();
    return {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
  }

  /** One HTTP exchange under its own timeout; the caller's signal cancels it at once. */
  private async attempt(
    url: string,
    headers: Record<string, string>,
    body: string,
    signal: AbortSignal | undefined,
  ): Promise<RawAnswer> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onCancel = (): void => controller.abort();
    signal?.addEventListener('abort', onCancel, { once: true });
    try {
      const res = await this.fetchImpl(url, { method: 'POST', headers, body, signal: controller.signal });
      // The body is read under the same timeout: a service that sends headers and then stalls is still slow.
      const text = await res.text();
      return { status: res.status, headers: res.headers, text };
    } catch (err) {
      if (signal?.aborted) throw stopped(signal);
      if (timedOut) throw apiErrors.timeout(this.timeoutMs);
      throw apiErrors.network(this.baseUrl, networkReason(err), err);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCancel);
    }
  }

  private async pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) throw stopped(signal);
    try {
      await this.sleep(ms, signal);
    } catch (err) {
      if (signal?.aborted) throw stopped(signal);
      throw err;
    }
    if (signal?.aborted) throw stopped(signal);
  }

  /** The ceiling of the n-th backoff: base·2^(n−1), capped. */
  private backoffCap(retryNumber: number): number {
    return Math.min(this.backoffMaxMs, this.backoffBaseMs * 2 ** (retryNumber - 1));
  }

  /** "Full jitter": uniform in [0, cap), so clients that failed together do not retry together. */
  private backoffDelay(retryNumber: number): number {
    const r = Math.min(Math.max(this.random(), 0), 1);
    return Math.floor(r * this.backoffCap(retryNumber));
  }
}

// ---------- batch interpretation (D12, D13, spec §7) ----------

/** Exported for the reference service's tests and for reuse; the client calls it on every batch answer. */
export function interpretBatch(envelope: Envelope, sentIds: readonly string[]): BatchReply {
  const wanted = new Set(sentIds);
  const byId = new Map<string, JobOutcome<JobResult>>();
  const unattributed: string[] = [];

  if (envelope.Code === 1 && !Array.isArray(envelope.Data)) {
    throw apiErrors.protocol(`Data: expected an array of results, received ${describeType(envelope.Data)}.`);
  }
  const items: unknown[] = Array.isArray(envelope.Data) ? envelope.Data : [];

  items.forEach((raw, index) => {
    const where = `Data[${index}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      unattributed.push(
        apiErrors.protocol(`${where}: expected an object, received ${describeType(raw)}.`).message,
      );
      return;
    }
    const record = raw as Record<string, unknown>;
    const rawId = record.SubRequestID;
    const id = typeof rawId === 'string' ? rawId : undefined;
    // Decide the item's kind by the presence of ErrorMessage, so zod reports the precise problem.
    const isError = 'ErrorMessage' in record;
    const parsed = isError ? BatchErrorItemSchema.safeParse(raw) : JobMatchResultSchema.safeParse(raw);

    let outcome: JobOutcome<JobResult>;
    if (!parsed.success) {
      outcome = failure('transport', apiErrors.protocol(summarizeIssues(parsed.error, where)).message);
    } else if (isError) {
      outcome = failure('service', (parsed.data as { ErrorMessage: string }).ErrorMessage);
    } else {
      outcome = success(toJobResult(parsed.data));
    }

    if (id === undefined) {
      unattributed.push(
        outcome.ok
          ? `The service returned a result without SubRequestID (${where}); it was ignored.`
          : outcome.message,
      );
    } else if (!wanted.has(id)) {
      unattributed.push(
        `The service returned an item for SubRequestID "${id}", which was not sent; it was ignored.`,
      );
    } else if (!byId.has(id)) {
      byId.set(id, outcome);
    }
  });

  const rest: JobOutcome<JobResult> =
    envelope.Code === 1
      ? failure('transport', NO_RESULT_MESSAGE)
      : failure('service', wholeBatchMessage(envelope, items));
  for (const id of wanted) if (!byId.has(id)) byId.set(id, rest);
  return { byId, unattributed };
}

/** A Code -1 batch: the envelope's Message, else what its error items say, else a plain sentence. */
function wholeBatchMessage(envelope: Envelope, items: unknown[]): string {
  if (envelope.Message?.trim()) return envelope.Message;
  const first = items.find(
    (it): it is { ErrorMessage: string } =>
      typeof it === 'object' &&
      it !== null &&
      typeof (it as { ErrorMessage?: unknown }).ErrorMessage === 'string',
  );
  if (first) return `The service refused the whole batch: ${first.ErrorMessage}`;
  return `The service refused the whole batch (Code ${envelope.Code}) without saying why.`;
}

function serviceMessage(envelope: Envelope): string {
  if (envelope.Message?.trim()) return envelope.Message;
  return `The service returned no data for this job (Code ${envelope.Code}).`;
}

// ---------- parsing helpers ----------

function parseEnvelope(json: unknown): Envelope {
  const parsed = EnvelopeSchema.safeParse(json);
  if (!parsed.success) throw apiErrors.protocol(summarizeIssues(parsed.error));
  return parsed.data;
}

function parseJsonBody(answer: RawAnswer): unknown {
  const contentType = answer.headers.get('content-type') ?? '';
  const text = answer.text;
  if (/html/i.test(contentType) || /^\s*</.test(text)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
    throw apiErrors.protocol(
      `an HTML page${title ? ` ("${title.slice(0, 80)}")` : ''} instead of JSON (HTTP ${answer.status}). Check the service address in Settings.`,
      answer.status,
    );
  }
  if (text.trim() === '')
    throw apiErrors.protocol(`an empty body (HTTP ${answer.status}) instead of JSON.`, answer.status);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw apiErrors.protocol(`the body is not valid JSON (${reasonOf(err)}).`, answer.status);
  }
}

/** The service's explanation in an error answer: the envelope's Message, or OAuth's error_description / error. */
function errorDetail(text: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const o = json as Record<string, unknown>;
  for (const key of ['Message', 'error_description', 'error', 'message']) {
    const v = o[key];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return undefined;
}

/** A zod error in one short line: "Data.Salary50: expected number, received string; …". */
export function summarizeIssues(error: z.ZodError, prefix = ''): string {
  const shown = error.issues.slice(0, 3).map((issue) => {
    const path = [prefix, ...issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))]
      .filter((p) => p !== '')
      .join('.')
      .replace(/\.\[/g, '[');
    return `${path || 'the body'}: ${issue.message}`;
  });
  const more = error.issues.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}.`;
}

/** The credentials a request carries: the bearer token, or the client secret of a token request. */
function secretsIn(headers: Record<string, string>, body: string): string[] {
  const out: string[] = [];
  const auth = headers.Authorization;
  if (auth) out.push(auth.replace(/^Bearer /, ''));
  if (headers['Content-Type']?.startsWith('application/x-www-form-urlencoded')) {
    const secret = new URLSearchParams(body).get('client_secret');
    if (secret) out.push(secret);
  }
  return out;
}

function redact(text: string | undefined, secrets: readonly string[]): string | undefined {
  if (text === undefined) return undefined;
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}

function describeType(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/**
 * D14 Retry-After: delta-seconds, or an HTTP-date (RFC 9110 §10.2.3). Unreadable → undefined, and the
 * client falls back to its own backoff.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** The most specific reason a fetch failed: Node puts it in `cause` (ECONNREFUSED …); browsers say little. */
function networkReason(err: unknown): string {
  const cause = (err as { cause?: unknown } | null)?.cause;
  if (cause && typeof cause === 'object') {
    const c = cause as { code?: unknown; message?: unknown };
    if (typeof c.code === 'string' && typeof c.message === 'string') return `${c.code} (${c.message})`;
    if (typeof c.message === 'string' && c.message) return c.message;
  }
  const msg = reasonOf(err);
  if (/failed to fetch|load failed|networkerror/i.test(msg)) {
    return `${msg}. The service may be down, or it may not accept requests from this add-in (CORS).`;
  }
  return msg;
}

function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function normalizeBaseUrl(raw: string): string {
  const trimmed = typeof raw === 'string' ? raw.trim() : '';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw apiErrors.badBaseUrl(String(raw));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw apiErrors.badBaseUrl(String(raw));
  return trimmed.replace(/\/+$/, '');
}

function byteLength(s: string): number {
  return new TextEncoder().encode(s).length;
}

function positive(v: number | undefined, fallback: number): number {
  return v !== undefined && Number.isFinite(v) && v > 0 ? v : fallback;
}

function nonNegative(v: number | undefined, fallback: number): number {
  return v !== undefined && Number.isFinite(v) && v >= 0 ? v : fallback;
}

/**
 * The error for a call stopped by the caller's signal. A signal from AbortSignal.timeout() (a deadline,
 * e.g. a custom function's ~30 s budget) is reported as a timeout, anything else as a cancel.
 */
function stopped(signal: AbortSignal): JobPriceApiError {
  const reason: unknown = signal.reason;
  if (
    typeof reason === 'object' &&
    reason !== null &&
    (reason as { name?: unknown }).name === 'TimeoutError'
  ) {
    return apiErrors.deadline();
  }
  return apiErrors.cancelled();
}

/** setTimeout that rejects as soon as `signal` aborts, so cancelling never waits out a backoff. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(apiErrors.cancelled());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(apiErrors.cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
