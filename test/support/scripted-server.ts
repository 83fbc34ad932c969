/**
 * A real HTTP server on 127.0.0.1 (ephemeral port) whose answers each test scripts, for testing the
 * add-in's client and anything built on it over actual sockets.
 *
 * ```ts
 * const server = await startScriptedServer();            // answers like the spec (specFaithfulService)
 * server.respondWith((req) => ({ status: 429, headers: { 'Retry-After': '2' }, json: { Code: -1 } }));
 * server.respondWithSequence({ status: 500, json: {...} }, { json: { Code: 1, Data: {...} } });
 * ... server.url, server.requests[0].body, server.requests[0].headers.authorization ...
 * await server.close();
 * ```
 *
 * - `server.requests` records every request in arrival order: method, path, lower-cased headers, the raw
 *   body and the parsed body (JSON, or an object for form-encoded bodies; undefined when unparsable).
 * - A reply may set status, headers, a JSON body (`json`) or a raw body (`body`, e.g. an HTML page or
 *   broken JSON), a delay before answering (`delayMs`), or `destroy: true` to drop the connection.
 * - Without a script the server behaves like the spec and decisions say (see `specFaithfulService`).
 * - `close()` ends pending (delayed) answers and open keep-alive connections, so jest exits cleanly.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  BatchSubRequestSchema,
  JobMatchRequestSchema,
  PATHS,
  type JobMatchRequest,
} from '../../src/api/wire';
import { jobSpec, type JobSpec } from '../../src/domain/job';
import { BATCH_LIMIT, MSG } from '../../src/domain/messages';
import { localJobError } from '../../src/domain/validation';

export interface RecordedRequest {
  readonly method: string;
  /** Path and query, e.g. "/DaaS/batchjobpricing". */
  readonly path: string;
  /** Header names lower-cased; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly rawBody: string;
  /** JSON-parsed body, or the fields of a form-encoded body; undefined when neither parses. */
  readonly body: unknown;
  /** Date.now() when the request was complete. */
  readonly receivedAt: number;
}

export interface ScriptedReply {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** Serialized as the body with Content-Type application/json. */
  json?: unknown;
  /** Sent as is (Content-Type text/plain unless `headers` says otherwise); wins over `json`. */
  body?: string;
  /** Wait this long before answering (the request is already recorded). */
  delayMs?: number;
  /** Drop the connection without answering (a network error for the client). */
  destroy?: boolean;
}

/** `index` is the request's position in `server.requests` (0-based). */
export type ScriptHandler = (req: RecordedRequest, index: number) => ScriptedReply | Promise<ScriptedReply>;

export interface ScriptedServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  readonly url: string;
  readonly requests: readonly RecordedRequest[];
  /** Every following request is answered by `handler`. */
  respondWith(handler: ScriptHandler): void;
  /** The n-th following request gets the n-th reply; the last reply repeats. */
  respondWithSequence(...replies: ScriptedReply[]): void;
  /** Requests made to `path` so far. */
  requestsTo(path: string): RecordedRequest[];
  close(): Promise<void>;
}

export async function startScriptedServer(
  handler: ScriptHandler = specFaithfulService(),
): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  let current: ScriptHandler = handler;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers,
      rawBody,
      body: parseBody(rawBody, headers['content-type'] ?? ''),
      receivedAt: Date.now(),
    };
    const index = requests.push(recorded) - 1;

    let reply: ScriptedReply;
    try {
      reply = await current(recorded, index);
    } catch (err) {
      reply = { status: 500, json: { Code: -1, Message: `Scripted handler threw: ${String(err)}` } };
    }
    if (reply.delayMs !== undefined && reply.delayMs > 0) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          timers.delete(t);
          resolve();
        }, reply.delayMs);
        timers.add(t);
      });
    }
    // The client may have given up (timeout, cancel) while we waited: nothing to answer then.
    if (res.destroyed || res.writableEnded) return;
    if (reply.destroy) {
      req.socket.destroy();
      return;
    }
    const outHeaders: Record<string, string> = { ...(reply.headers ?? {}) };
    const hasType = Object.keys(outHeaders).some((h) => h.toLowerCase() === 'content-type');
    let payload = '';
    if (reply.body !== undefined) {
      payload = reply.body;
      if (!hasType) outHeaders['Content-Type'] = 'text/plain; charset=utf-8';
    } else if (reply.json !== undefined) {
      payload = JSON.stringify(reply.json);
      if (!hasType) outHeaders['Content-Type'] = 'application/json; charset=utf-8';
    }
    try {
      res.writeHead(reply.status ?? 200, outHeaders);
      res.end(payload);
    } catch {
      // The socket closed between the check and the write; the client already has its answer.
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respondWith(next: ScriptHandler): void {
      current = next;
    },
    respondWithSequence(...replies: ScriptedReply[]): void {
      if (replies.length === 0) throw new Error('respondWithSequence needs at least one reply.');
      const start = requests.length;
      current = (_req, index) => replies[Math.min(index - start, replies.length - 1)] as ScriptedReply;
    },
    requestsTo(path: string): RecordedRequest[] {
      return requests.filter((r) => r.path === path);
    },
    close(): Promise<void> {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

function parseBody(raw: string, contentType: string): unknown {
  if (raw === '') return undefined;
  if (/application\/x-www-form-urlencoded/i.test(contentType)) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

// ---------- the default: a small service that follows the spec and decisions ----------

export interface SpecFaithfulOptions {
  /** The only access token accepted (D14: anything else → 401). Default "test-token". */
  token?: string;
  /** Client credentials accepted by /oauth/token (D15). Default test-client / test-secret. */
  clientId?: string;
  clientSecret?: string;
  /** Titles (case-insensitive) that match nothing (D3). Default ["no such job"]. */
  unmatchedTitles?: readonly string[];
}

export const TEST_TOKEN = 'test-token';

/**
 * Answers as docs/api.md and D3–D15 say, with deterministic made-up figures (D1: annual, percentiles
 * non-decreasing, Comp >= Salary). Location existence (D8) and industry codes (D10) are not checked:
 * this is a transport fake, not the reference service.
 */
export function specFaithfulService(options: SpecFaithfulOptions = {}): ScriptHandler {
  const token = options.token ?? TEST_TOKEN;
  const clientId = options.clientId ?? 'test-client';
  const clientSecret = options.clientSecret ?? 'test-secret';
  const unmatched = new Set((options.unmatchedTitles ?? ['no such job']).map((t) => t.toLowerCase()));

  const priceOne = (req: JobMatchRequest): { error: string } | { result: Record<string, unknown> } => {
    const spec = specOf(req);
    const problem = localJobError(spec);
    if (problem !== null) return { error: problem };
    if (unmatched.has(spec.title.trim().toLowerCase())) return { error: MSG.noMatch };
    return { result: fakeResult(spec) };
  };

  return (req) => {
    if (req.method !== 'POST') return { status: 405, json: { Code: -1, Message: 'Method not allowed' } };

    if (req.path === PATHS.token) {
      const body = req.body as Record<string, unknown> | undefined;
      if (body?.grant_type !== 'client_credentials') {
        return { status: 400, json: { error: 'unsupported_grant_type' } };
      }
      if (body.client_id !== clientId || body.client_secret !== clientSecret) {
        return {
          status: 401,
          json: { error: 'invalid_client', error_description: 'Unknown client or wrong secret.' },
        };
      }
      return { json: { access_token: token, token_type: 'Bearer', expires_in: 3600 } };
    }

    if (req.path !== PATHS.single && req.path !== PATHS.batch) {
      return { status: 404, json: { Code: -1, Message: 'Not found' } };
    }
    if (req.headers.authorization !== `Bearer ${token}`) {
      return {
        status: 401,
        headers: { 'WWW-Authenticate': 'Bearer' },
        json: { Code: -1, Message: 'The access token is missing, invalid or expired.' },
      };
    }
    if (req.body === undefined) return { status: 400, json: { Code: -1, Message: 'The body is not JSON.' } };

    if (req.path === PATHS.single) {
      const parsed = JobMatchRequestSchema.safeParse(req.body);
      if (!parsed.success || parsed.data.JobTitle.trim() === '')
        return { json: { Code: -1, Message: MSG.serviceFailed } };
      const priced = priceOne(parsed.data);
      return 'error' in priced
        ? { json: { Code: -1, Message: priced.error } }
        : { json: { Code: 1, Data: priced.result } };
    }

    // Batch (docs/api.md "Batches", D12).
    if (!Array.isArray(req.body)) return { json: { Code: -1, Message: MSG.serviceFailed } };
    const subs: unknown[] = req.body;
    if (subs.length === 0) return { json: { Code: -1, Message: MSG.batchEmpty } };
    if (subs.length > BATCH_LIMIT) return { json: { Code: -1, Message: MSG.batchLimitExceeded } };

    const idOf = (s: unknown): string | undefined => {
      const id = (s as { SubRequestID?: unknown } | null)?.SubRequestID;
      return typeof id === 'string' && id !== '' ? id : undefined;
    };
    const counts = new Map<string, number>();
    for (const s of subs) {
      const id = idOf(s);
      if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const duplicated = subs
      .map(idOf)
      .filter((id): id is string => id !== undefined && (counts.get(id) ?? 0) > 1);
    if (duplicated.length > 0) {
      return {
        json: {
          Code: -1,
          Data: duplicated.map((id) => ({ SubRequestID: id, ErrorMessage: MSG.duplicateSubRequestId(id) })),
        },
      };
    }

    const data = subs.map((s) => {
      const id = idOf(s);
      if (id === undefined) return { ErrorMessage: MSG.subRequestIdRequired };
      const parsed = BatchSubRequestSchema.safeParse(s);
      if (!parsed.success || parsed.data.JobTitle.trim() === '')
        return { SubRequestID: id, ErrorMessage: MSG.serviceFailed };
      const priced = priceOne(parsed.data);
      return 'error' in priced
        ? { SubRequestID: id, ErrorMessage: priced.error }
        : { SubRequestID: id, ...priced.result };
    });
    return { json: { Code: 1, Data: data } };
  };
}

function specOf(req: JobMatchRequest): JobSpec {
  const d = req.DataScope ?? {};
  return jobSpec({
    title: req.JobTitle,
    description: req.JobDesc ?? '',
    company: req.CompanyName ?? '',
    scope: {
      country: d.CountryCode ?? '',
      state: d.State ?? '',
      city: d.City ?? '',
      zip: d.ZipCode ?? '',
      naics: d.NAICSCode ?? '',
      fte: d.FTEValue ?? 0,
      revenue: d.Revenue ?? 0,
    },
  });
}

/** Deterministic figures from the title: the same job always gets the same answer. */
export function fakeResult(spec: JobSpec): Record<string, unknown> {
  let h = 2166136261;
  for (const ch of spec.title.trim().toLowerCase()) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  const median = 40_000 + (h % 120_000);
  const salary = [0.7, 0.85, 1, 1.2, 1.45].map((f) => Math.round(median * f));
  const comp = salary.map((s) => Math.round(s * 1.1));
  const s = spec.scope;
  return {
    MatchRating: 'Confident',
    Salary10: salary[0],
    Salary25: salary[1],
    Salary50: salary[2],
    Salary75: salary[3],
    Salary90: salary[4],
    Comp10: comp[0],
    Comp25: comp[1],
    Comp50: comp[2],
    Comp75: comp[3],
    Comp90: comp[4],
    BonusTarget50: 10,
    BonusTargetAvg: 11.5,
    CurrencyCode: 'USD',
    DataScope_IndustryCode: s.naics.slice(0, 2),
    DataScope_IndustryName: s.naics ? `Sector ${s.naics.slice(0, 2)}` : 'All Industries',
    ...(s.fte > 0 ? { DataScope_FTERange: '100-499' } : {}),
    ...(s.revenue > 0 ? { DataScope_RevenueRange: '10000000-49999999' } : {}),
    DataScope_CountryCode: s.country || 'USA',
    DataScope_Region: s.state ? `State ${s.state.toUpperCase()}` : 'United States',
    DataScope_State: s.state.toUpperCase(),
    DataScope_City: s.state ? s.city : '',
    JobFamilyName: 'Computer and Mathematical',
    JobLevelName: 'Experienced',
  };
}
