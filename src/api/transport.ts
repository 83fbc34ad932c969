import { errorMessage } from '../domain/error-message';
import { sleep } from '../domain/timers';
import { apiErrors, JobPriceApiError } from './errors';
import { redact, secretsIn } from './redaction';
import { errorDetail, type RawAnswer } from './reply';

/**
 * Getting one POST answered (D14): a timeout per attempt, retries with exponential backoff and full
 * jitter for 429 (waiting what Retry-After says), 5xx, network errors and timeouts; never for other
 * statuses, since the same request would fail the same way. What the answer means is reply.ts's job.
 */

export interface TransportOptions {
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
  /**
   * The largest answer body read, in bytes, default 20 MB (a full 200-job batch is well under 1 MB).
   * A longer body ends the call with a protocol error instead of filling the pane's memory.
   */
  maxReplyBytes?: number;
  /** Default globalThis.fetch. */
  fetchImpl?: typeof fetch;
  /** For jitter, injectable for tests. */
  random?: () => number;
  /** Rejects on abort. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Clock for HTTP-date Retry-After, default Date.now. */
  now?: () => number;
}

export interface PostRequest {
  url: string;
  body: string;
  /** Asked before every attempt, so a token provider may refresh between retries. */
  headers: () => Promise<Record<string, string>>;
  signal: AbortSignal | undefined;
  maxAttempts?: number;
}

/** The final answer (2xx, or a status that is not retried) and the credentials the request carried. */
export interface PostResult {
  answer: RawAnswer;
  secrets: string[];
}

export const MAX_REPLY_BYTES = 20 * 1024 * 1024;

const DEFAULTS = {
  timeoutMs: 20_000,
  maxAttempts: 4,
  backoffBaseMs: 300,
  backoffMaxMs: 8_000,
  retryAfterMaxMs: 30_000,
} as const;

export class Transport {
  readonly maxAttempts: number;
  private readonly timeoutMs: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly retryAfterMaxMs: number;
  private readonly maxReplyBytes: number;
  private readonly fetchImpl: typeof fetch;
  private readonly random: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly now: () => number;

  /** `origin` names the service in network errors ("Could not reach the service at …"). */
  constructor(
    private readonly origin: string,
    options: TransportOptions = {},
  ) {
    this.timeoutMs = positive(options.timeoutMs, DEFAULTS.timeoutMs);
    this.maxAttempts = Math.max(1, Math.floor(positive(options.maxAttempts, DEFAULTS.maxAttempts)));
    this.backoffBaseMs = nonNegative(options.backoffBaseMs, DEFAULTS.backoffBaseMs);
    this.backoffMaxMs = nonNegative(options.backoffMaxMs, DEFAULTS.backoffMaxMs);
    this.retryAfterMaxMs = nonNegative(options.retryAfterMaxMs, DEFAULTS.retryAfterMaxMs);
    this.maxReplyBytes = positive(options.maxReplyBytes, MAX_REPLY_BYTES);
    // Bound to globalThis: browsers throw "Illegal invocation" when fetch is called as a method of another object.
    this.fetchImpl = options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? sleep;
    this.now = options.now ?? Date.now;
  }

  /** POSTs with D14's retry policy; throws JobPriceApiError when retries run out or the call is stopped. */
  async post(request: PostRequest): Promise<PostResult> {
    const { url, body, signal } = request;
    const maxAttempts = request.maxAttempts ?? this.maxAttempts;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw stopped(signal);
      const headers = await request.headers();
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
      if (status === 429) {
        const retryAfter = parseRetryAfter(answer.headers.get('retry-after'), this.now());
        const wait = retryAfter ?? this.backoffDelay(attempt);
        if (isLast || wait > this.retryAfterMaxMs) {
          const detail = redact(errorDetail(answer.text), secretsIn(headers, body));
          throw apiErrors.rateLimited(retryAfter ?? this.backoffCap(attempt), detail);
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
      return { answer, secrets: secretsIn(headers, body) };
    }
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
      const text = await readCapped(res, this.maxReplyBytes);
      return { status: res.status, headers: res.headers, text };
    } catch (err) {
      if (signal?.aborted) throw stopped(signal);
      if (err instanceof JobPriceApiError) throw err;
      if (timedOut) throw apiErrors.timeout(this.timeoutMs);
      throw apiErrors.network(this.origin, networkReason(err), err);
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

/**
 * The body as text, read no further than `cap` bytes: a declared Content-Length over the cap is refused
 * before reading, and a body that streams past it is cut off there (the connection is released).
 */
async function readCapped(res: Response, cap: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > cap) {
    await res.body?.cancel().catch(() => undefined);
    throw apiErrors.replyTooLarge(cap);
  }
  if (!res.body) {
    const text = await res.text();
    if (new TextEncoder().encode(text).length > cap) throw apiErrors.replyTooLarge(cap);
    return text;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let total = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => undefined);
      throw apiErrors.replyTooLarge(cap);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
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
  const msg = errorMessage(err);
  if (/failed to fetch|load failed|networkerror/i.test(msg)) {
    return `${msg}. The service may be down, or it may not accept requests from this add-in (CORS).`;
  }
  return msg;
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

function positive(v: number | undefined, fallback: number): number {
  return v !== undefined && Number.isFinite(v) && v > 0 ? v : fallback;
}

function nonNegative(v: number | undefined, fallback: number): number {
  return v !== undefined && Number.isFinite(v) && v >= 0 ? v : fallback;
}
