/**
 * The one error type the HTTP client throws, with a stable `code` callers can branch on and a
 * `message` a person can act on. Every sentence the client can say about a failed call is drawn here,
 * in one place, so the pane, the custom functions and the tests read the same words.
 *
 * Messages never contain the access token or the client secret: they are built only from the status,
 * the service's own Message text, the base URL and timings.
 */

export type ApiErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'payload_too_large'
  | 'bad_request'
  | 'rate_limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'protocol'
  | 'config';

/** Transient failures: trying the same call again later may succeed (D14: 429 and 5xx; plus network and timeout). */
const RETRYABLE: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>([
  'rate_limited',
  'server',
  'network',
  'timeout',
]);
/** Failures of the credentials themselves: every further call of the run would fail the same way. */
const ABORTS_RUN: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>(['unauthorized', 'forbidden']);

export class JobPriceApiError extends Error {
  override readonly name = 'JobPriceApiError';
  readonly code: ApiErrorCode;
  /** The HTTP status of the answer that caused the error, when there was one. */
  readonly status: number | undefined;
  readonly retryable: boolean;
  /** true for 401/403: continuing a run is pointless */
  readonly abortsRun: boolean;

  constructor(code: ApiErrorCode, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.retryable = RETRYABLE.has(code);
    this.abortsRun = ABORTS_RUN.has(code);
  }
}

export function isJobPriceApiError(err: unknown): err is JobPriceApiError {
  return err instanceof JobPriceApiError;
}

/** A plan-runner `isFatal` predicate: a 401/403 means the remaining requests of a run need not be sent. */
export function abortsRun(err: unknown): boolean {
  return isJobPriceApiError(err) && err.abortsRun;
}

/** A plan-runner `shouldSplit` predicate: a 413 means the same jobs may pass in two smaller calls. */
export function isPayloadTooLarge(err: unknown): boolean {
  return isJobPriceApiError(err) && err.code === 'payload_too_large';
}

/** "20 s", "0.5 s": whole seconds without decimals, shorter spans with one. */
export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) || s >= 10 ? Math.round(s) : Math.round(s * 10) / 10} s`;
}

/** Appends the service's own explanation, when it gave one, after a colon. */
function withDetail(sentence: string, detail: string | undefined): string {
  const d = detail?.trim();
  return d ? `${sentence} The service said: ${d.length > 300 ? `${d.slice(0, 300)}…` : d}` : sentence;
}

/** Every message the client can produce, built from facts only (never from credentials). */
export const apiErrors = {
  notSignedIn: (): JobPriceApiError =>
    new JobPriceApiError(
      'unauthorized',
      'Sign in first: sign in to the service under Connection in the JobPrice pane.',
    ),

  unauthorized: (detail?: string): JobPriceApiError =>
    new JobPriceApiError(
      'unauthorized',
      withDetail(
        'The service rejected the access token (401). Sign in again under Connection in the JobPrice pane.',
        detail,
      ),
      { status: 401 },
    ),

  badClientCredentials: (status: number, detail?: string): JobPriceApiError =>
    new JobPriceApiError(
      'unauthorized',
      withDetail(
        `The service did not accept the client ID and secret (${status}). Check them under Connection in the JobPrice pane.`,
        detail,
      ),
      { status },
    ),

  forbidden: (detail?: string): JobPriceApiError =>
    new JobPriceApiError(
      'forbidden',
      withDetail(
        "The service refused this operation (403): your credentials don't include it. Ask your administrator to extend them.",
        detail,
      ),
      { status: 403 },
    ),

  payloadTooLarge: (bytes: number): JobPriceApiError =>
    new JobPriceApiError(
      'payload_too_large',
      `The request was too large for the service (413, ${Math.ceil(bytes / 1024)} KB). Price fewer rows at a time or shorten the job descriptions.`,
      { status: 413 },
    ),

  badRequest: (status: number, detail?: string): JobPriceApiError =>
    new JobPriceApiError(
      'bad_request',
      withDetail(`The service could not accept the request (${status}).`, detail),
      {
        status,
      },
    ),

  notFound: (status: number, url: string): JobPriceApiError =>
    new JobPriceApiError(
      'config',
      `The service has no such operation at ${url} (${status}). Check the service address under Connection in the JobPrice pane.`,
      { status },
    ),

  badBaseUrl: (baseUrl: string): JobPriceApiError =>
    new JobPriceApiError(
      'config',
      `The service address "${baseUrl}" is not a valid http:// or https:// URL. Check it under Connection in the JobPrice pane.`,
    ),

  /** `detail`: the service's own words, when it gave any (e.g. too many failed sign-ins for this client id). */
  rateLimited: (waitMs: number, detail?: string): JobPriceApiError =>
    new JobPriceApiError(
      'rate_limited',
      withDetail(
        `The service is rate limiting requests (429); try again in ${Math.max(1, Math.ceil(waitMs / 1000))} s.`,
        detail,
      ),
      { status: 429 },
    ),

  server: (status: number, attempts: number, detail?: string): JobPriceApiError =>
    new JobPriceApiError(
      'server',
      withDetail(
        `The service had an internal problem (${status}) and still failed after ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}. Try again later.`,
        detail,
      ),
      { status },
    ),

  network: (url: string, reason: string, cause?: unknown): JobPriceApiError =>
    new JobPriceApiError('network', `Could not reach the service at ${url}: ${reason}`, { cause }),

  timeout: (timeoutMs: number): JobPriceApiError =>
    new JobPriceApiError('timeout', `The service did not answer within ${formatSeconds(timeoutMs)}.`),

  deadline: (): JobPriceApiError =>
    new JobPriceApiError('timeout', 'The service did not answer in the time allowed for this request.'),

  cancelled: (): JobPriceApiError => new JobPriceApiError('cancelled', 'The request was cancelled.'),

  replyTooLarge: (capBytes: number): JobPriceApiError =>
    new JobPriceApiError(
      'protocol',
      `The service's answer was larger than ${Math.round(capBytes / (1024 * 1024))} MB, more than the add-in reads; it was not used. Price fewer rows at a time, or ask the service's administrator why its answers are so large.`,
    ),

  protocol: (what: string, status?: number): JobPriceApiError =>
    new JobPriceApiError(
      'protocol',
      `The service sent an answer that is not in the expected format: ${what}`,
      {
        ...(status === undefined ? {} : { status }),
      },
    ),
} as const;
