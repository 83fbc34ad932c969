import { jobSpec, type JobSpec } from '../domain/job';
import type { JobOutcome } from '../domain/outcome';
import { errorMessage } from '../domain/error-message';
import { apiErrors, JobPriceApiError } from './errors';
import {
  interpretBatch,
  interpretSingle,
  parseEnvelope,
  parseJsonBody,
  refusalError,
  summarizeIssues,
  type BatchReply,
  type Endpoint,
} from './reply';
import { Transport, type TransportOptions } from './transport';
import { interpretCandidateBatch } from './candidates';
import {
  DATA_SOURCE_HEADER,
  DataSourceHeaderSchema,
  PATHS,
  TokenResponseSchema,
  toWireRequest,
  toWireSubRequest,
  type Candidate,
  type JobResult,
} from './wire';

/**
 * The HTTP client of the Job Market Match Service (docs/api.md, D12–D15): the three calls, their headers
 * and bodies. Sending with retries is transport.ts, reading the answers is reply.ts, keeping credentials
 * out of messages is redaction.ts.
 *
 * - Business failures (HTTP 200, Code -1, D14) are *outcomes*, not exceptions: `matchJob` returns
 *   failure('service', Message). Exceptions (JobPriceApiError) are for the call itself: auth, transport,
 *   timeouts, and answers that are not in the expected format.
 * - Batch items are matched by SubRequestID only, never by position (D13), and parsed one by one so a
 *   malformed item fails only its own job.
 */

export interface ClientConfig extends TransportOptions {
  /** e.g. http://127.0.0.1:8600 (trailing slash tolerated) */
  baseUrl: string;
  /** null → throw 'unauthorized' "Sign in ..." without calling. Asked again before every attempt, so a provider may refresh. */
  getAccessToken: () => string | null | Promise<string | null>;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export type { BatchReply } from './reply';

/** The job "Test connection" prices: a plain title with national scope, which any credentials should cover. */
export const CONNECTION_PROBE_JOB: JobSpec = jobSpec({ title: 'Software Developers' });

export class JobMarketClient {
  private readonly baseUrl: string;
  private readonly getAccessToken: ClientConfig['getAccessToken'];
  private readonly transport: Transport;
  private readonly now: () => number;
  private announcedDataSource: string | null = null;

  /** @throws JobPriceApiError 'config' when baseUrl is not an http(s) URL. */
  constructor(config: ClientConfig) {
    this.baseUrl = normalizeBaseUrl(config.baseUrl);
    this.getAccessToken = config.getAccessToken;
    this.transport = new Transport(this.baseUrl, config);
    this.now = config.now ?? Date.now;
  }

  /**
   * /DaaS/jobpricing. Code 1 → success(toJobResult(Data)); Code -1 → failure('service', Message). Throws
   * JobPriceApiError on transport/protocol failure.
   */
  async matchJob(spec: JobSpec, opts: CallOptions = {}): Promise<JobOutcome<JobResult>> {
    return this.matchJobWithin(spec, opts.signal, this.transport.maxAttempts);
  }

  /**
   * /DaaS/batchjobpricing, read by `interpretBatch`: an outcome for every id sent, matched by SubRequestID
   * only (D13).
   */
  async matchBatch(
    items: ReadonlyArray<{ id: string; spec: JobSpec }>,
    opts: CallOptions = {},
  ): Promise<BatchReply> {
    const body = JSON.stringify(items.map((it) => toWireSubRequest(it.id, it.spec)));
    const json = await this.call(PATHS.batch, 'match', body, opts.signal);
    return interpretBatch(
      parseEnvelope(json),
      items.map((it) => it.id),
    );
  }

  /**
   * D18 `/DaaS/batchjobmatch`: up to `maxCandidates` benchmark jobs per title, best first, for at most
   * 200 jobs (the caller batches). A JobCode is not sent: the list is for the title, not the pin.
   */
  async matchCandidates(
    items: ReadonlyArray<{ id: string; spec: JobSpec }>,
    maxCandidates = 5,
    opts: CallOptions = {},
  ): Promise<Map<string, JobOutcome<Candidate[]>>> {
    const body = JSON.stringify(
      items.map((it) => {
        const { JobCode: _pin, ...request } = toWireSubRequest(it.id, it.spec);
        return { ...request, MaxCandidates: maxCandidates };
      }),
    );
    const json = await this.call(PATHS.batchMatch, 'match', body, opts.signal);
    return interpretCandidateBatch(
      parseEnvelope(json),
      items.map((it) => it.id),
    );
  }

  /**
   * The data the service said its figures come from (DATA_SOURCE_HEADER on its last pricing or match
   * answer), or null when it has not said.
   */
  get dataSource(): string | null {
    return this.announcedDataSource;
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
    const json = await this.call(PATHS.token, 'token', body, opts.signal);
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

  private async matchJobWithin(
    spec: JobSpec,
    signal: AbortSignal | undefined,
    maxAttempts: number,
  ): Promise<JobOutcome<JobResult>> {
    const body = JSON.stringify(toWireRequest(spec));
    const json = await this.call(PATHS.single, 'match', body, signal, maxAttempts);
    return interpretSingle(parseEnvelope(json));
  }

  /** POSTs `body` (D14 retries in the transport) and returns the parsed JSON of a 2xx answer. */
  private async call(
    path: string,
    endpoint: Endpoint,
    body: string,
    signal: AbortSignal | undefined,
    maxAttempts?: number,
  ): Promise<unknown> {
    const url = this.baseUrl + path;
    const { answer, secrets } = await this.transport.post({
      url,
      body,
      signal,
      headers: () => this.headersFor(endpoint),
      ...(maxAttempts === undefined ? {} : { maxAttempts }),
    });
    if (answer.status >= 200 && answer.status < 300) {
      if (endpoint === 'match') this.noteDataSource(answer.headers.get(DATA_SOURCE_HEADER));
      return parseJsonBody(answer);
    }
    throw refusalError(answer, endpoint, url, byteLength(body), secrets);
  }

  /** A header that is missing or not one line of text is not a name: the last good one stays. */
  private noteDataSource(value: string | null): void {
    const parsed = DataSourceHeaderSchema.safeParse(value);
    if (parsed.success) this.announcedDataSource = parsed.data;
  }

  private async headersFor(endpoint: Endpoint): Promise<Record<string, string>> {
    if (endpoint === 'token') {
      return { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
    }
    let token: string | null;
    try {
      token = await this.getAccessToken();
    } catch (err) {
      if (err instanceof JobPriceApiError) throw err;
      throw new JobPriceApiError('unauthorized', `Could not get an access token: ${errorMessage(err)}`, {
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
