import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ClientRecord, ClientRegistry, Operation } from '../auth/clients';
import type { TokenSigner } from '../auth/tokens';
import type { PricingEngine } from '../contracts';
import { BodyTooLarge, parseJsonBody, readBody } from './body';
import { discardRestOfBody, OVERSIZE_DISCARD_FACTOR, SMALL_DISCARD_BYTES } from './discard';
import { type CorsPolicy, isPreflight, ALLOWED_METHODS } from './cors';
import { errorEnvelope, HttpError, TRANSPORT_MSG } from './errors';
import type { Logger } from '../logger';
import { matchBatch, matchSingle } from './match-routes';
import { priceBatch, priceSingle } from './pricing-routes';
import type { RateLimiter } from './rate-limit';
import { WorkAbandoned } from './slices';
import { sendEmpty, sendJson } from './respond';
import type { TokenEndpoint } from './token-route';
import type { RefusalLog } from './refusal-log';
import { DATA_SOURCE_HEADER, REFERENCE_DATA_SOURCE } from '../../api/wire';

/**
 * The request handler: route → method → auth (401/403) → rate limit (429) → body (413/400) → one call
 * → envelope. Each step either passes or throws an HttpError, which is mapped to the wire in exactly one
 * place (`fail`). Anything else thrown is a fault: logged with its stack, answered 500 without details.
 */

export interface HandlerDeps {
  readonly engine: PricingEngine;
  readonly clients: ClientRegistry;
  readonly signer: TokenSigner;
  readonly tokenEndpoint: TokenEndpoint;
  readonly cors: CorsPolicy;
  readonly bodyLimitBytes: number;
  readonly rateLimiter: RateLimiter | null;
  readonly logger: Logger;
  /** Where refused token requests are logged, bounded (refusal-log.ts). */
  readonly refusalLog: RefusalLog;
  /** Log one line per request (method, path, status, ms, client). Never headers or bodies. */
  readonly accessLog: boolean;
  readonly isShuttingDown: () => boolean;
}

type RouteKind = 'single' | 'batch' | 'match' | 'batchMatch' | 'token' | 'health';

interface Route {
  readonly kind: RouteKind;
  readonly methods: readonly string[];
  readonly operation?: Operation;
}

/** Paths are matched case-insensitively, as ASP.NET-style services do; the query string is ignored. */
const ROUTES: ReadonlyMap<string, Route> = new Map([
  ['/daas/jobpricing', { kind: 'single', methods: ['POST'], operation: 'jobpricing' }],
  ['/daas/batchjobpricing', { kind: 'batch', methods: ['POST'], operation: 'batchjobpricing' }],
  ['/daas/jobmatch', { kind: 'match', methods: ['POST'], operation: 'jobmatch' }],
  ['/daas/batchjobmatch', { kind: 'batchMatch', methods: ['POST'], operation: 'batchjobmatch' }],
  ['/oauth/token', { kind: 'token', methods: ['POST'] }],
  ['/health', { kind: 'health', methods: ['GET', 'HEAD'] }],
]);

/** The business operations (D18's candidate lists beside the spec's pricing): body + scope → envelope. */
const OPERATION_ANSWERS = {
  single: priceSingle,
  batch: priceBatch,
  match: matchSingle,
  batchMatch: matchBatch,
} as const;

/** The token endpoint needs only a few hundred bytes; a small cap keeps it cheap to defend. */
const TOKEN_BODY_LIMIT = 16 * 1024;
const REALM = 'realm="jobprice"';

let requestCounter = 0;

export function createRequestHandler(deps: HandlerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = process.hrtime.bigint();
    const requestId = `${process.pid.toString(36)}-${(++requestCounter).toString(36)}`;
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    const ctx: RequestContext = { requestId, path, clientId: undefined };
    res.setHeader('X-Request-Id', requestId);
    for (const [name, value] of Object.entries(deps.cors.responseHeaders(req))) res.setHeader(name, value);

    if (deps.accessLog) {
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        deps.logger.log('info', 'request', {
          requestId,
          method: req.method,
          path,
          status: res.statusCode,
          ms: Math.round(ms * 1000) / 1000,
          client: ctx.clientId,
        });
      });
    }

    handle(deps, req, res, ctx).catch((err: unknown) => fail(deps, req, res, ctx, err));
  };
}

interface RequestContext {
  readonly requestId: string;
  readonly path: string;
  clientId: string | undefined;
}

async function handle(
  deps: HandlerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  ctx: RequestContext,
): Promise<void> {
  if (deps.isShuttingDown())
    throw new HttpError(503, TRANSPORT_MSG.shuttingDown, { Connection: 'close', 'Retry-After': '1' });

  const method = req.method ?? 'GET';
  if (method === 'OPTIONS' && req.url === '*') {
    discardRestOfBody(req, res, SMALL_DISCARD_BYTES);
    return sendEmpty(res, 204, { Allow: ALLOWED_METHODS });
  }
  const route = ROUTES.get(ctx.path.toLowerCase());
  if (!route) throw new HttpError(404, TRANSPORT_MSG.notFound);

  if (method === 'OPTIONS') {
    discardRestOfBody(req, res, SMALL_DISCARD_BYTES);
    if (!isPreflight(req)) return sendEmpty(res, 204, { Allow: [...route.methods, 'OPTIONS'].join(', ') });
    const headers = deps.cors.preflightHeaders(req);
    // D16: an untrusted origin gets no Access-Control-Allow-* headers, so the browser refuses the call.
    if (headers === null) throw new HttpError(403, TRANSPORT_MSG.originNotAllowed);
    return sendEmpty(res, 204, headers);
  }
  if (!route.methods.includes(method)) {
    throw new HttpError(405, TRANSPORT_MSG.methodNotAllowed, {
      Allow: [...route.methods, 'OPTIONS'].join(', '),
    });
  }

  switch (route.kind) {
    case 'health':
      discardRestOfBody(req, res, SMALL_DISCARD_BYTES);
      return sendJson(res, 200, { status: 'ok' });
    case 'token':
      return token(deps, req, res, ctx);
    case 'single':
    case 'batch':
    case 'match':
    case 'batchMatch': {
      const client = authenticate(deps, req, route.operation as Operation);
      ctx.clientId = client.clientId;
      await limit(deps, `client:${client.clientId}`);
      const body = parseJsonBody(await readBody(req, res, deps.bodyLimitBytes));
      // A batch stops between slices once its client has hung up (slices.ts).
      const slices = { abandoned: () => req.socket.destroyed };
      const answer = await OPERATION_ANSWERS[route.kind](body, client.scope, deps.engine, slices);
      // The data behind the figures, for the add-in's JOB card (docs/decisions.md: Data source header).
      return sendJson(res, 200, answer, { [DATA_SOURCE_HEADER]: REFERENCE_DATA_SOURCE });
    }
  }
}

async function token(
  deps: HandlerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  ctx: RequestContext,
): Promise<void> {
  // The endpoint's budgets (per client id, and per address for well-formed and malformed requests apart)
  // are applied by the endpoint once it knows which kind of request this is.
  const address = req.socket.remoteAddress ?? 'unknown';
  const body = await readBody(req, res, TOKEN_BODY_LIMIT);
  const answer = await deps.tokenEndpoint.answer(req, body, address);
  ctx.clientId = answer.clientId;
  if (answer.refusal) {
    // Who was refused and from where, for the operator; the secret is never in `refusal`.
    deps.refusalLog.refused({ requestId: ctx.requestId, status: answer.status, address, ...answer.refusal });
  }
  sendJson(res, answer.status, answer.body, answer.headers);
}

/** D14/D15: Bearer token → the client; 401 with a Bearer challenge, or 403 for an operation not granted. */
function authenticate(deps: HandlerDeps, req: IncomingMessage, operation: Operation): ClientRecord {
  const header = req.headers.authorization;
  const match = header === undefined ? null : /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (!match) {
    // RFC 6750 §3.1: no error code when the request carried no Bearer credentials at all.
    const challenge =
      header === undefined || !/^Bearer\b/i.test(header)
        ? `Bearer ${REALM}`
        : `Bearer ${REALM}, error="invalid_token", error_description="Malformed access token"`;
    throw new HttpError(401, header === undefined ? TRANSPORT_MSG.missingToken : TRANSPORT_MSG.invalidToken, {
      'WWW-Authenticate': challenge,
    });
  }
  const check = deps.signer.verify(match[1] ?? '', deps.clients);
  if (!check.ok) {
    const expired = check.reason === 'expired';
    const description = expired ? 'The access token expired' : 'The access token is invalid';
    throw new HttpError(401, expired ? TRANSPORT_MSG.expiredToken : TRANSPORT_MSG.invalidToken, {
      'WWW-Authenticate': `Bearer ${REALM}, error="invalid_token", error_description="${description}"`,
    });
  }
  if (!check.client.operations.includes(operation)) {
    throw new HttpError(403, TRANSPORT_MSG.forbidden, {
      'WWW-Authenticate': `Bearer ${REALM}, error="insufficient_scope", error_description="Operation ${operation} not granted"`,
    });
  }
  return check.client;
}

async function limit(deps: HandlerDeps, key: string): Promise<void> {
  if (!deps.rateLimiter) return;
  const decision = await deps.rateLimiter.take(key);
  if (!decision.allowed) {
    throw new HttpError(429, TRANSPORT_MSG.rateLimited, {
      'Retry-After': String(decision.retryAfterSeconds),
    });
  }
}

/** The one place failures become wire answers. */
function fail(
  deps: HandlerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  ctx: RequestContext,
  err: unknown,
): void {
  if (err instanceof WorkAbandoned) {
    deps.logger.log('info', 'client left; batch stopped', {
      requestId: ctx.requestId,
      path: ctx.path,
      client: ctx.clientId,
      itemsDone: err.done,
    });
    return;
  }
  if (res.headersSent) {
    deps.logger.log('error', 'failure after headers were sent', {
      requestId: ctx.requestId,
      path: ctx.path,
      error: err,
    });
    res.destroy();
    return;
  }
  // The answer must reach the client even when the body was not (fully) read: drop the rest, bounded.
  discardRestOfBody(
    req,
    res,
    err instanceof BodyTooLarge ? err.limit * OVERSIZE_DISCARD_FACTOR : SMALL_DISCARD_BYTES,
  );
  if (err instanceof HttpError) {
    sendJson(res, err.status, errorEnvelope(err.message), err.headers);
    return;
  }
  deps.logger.log('error', 'unexpected fault', {
    requestId: ctx.requestId,
    method: req.method,
    path: ctx.path,
    client: ctx.clientId,
    error: err,
  });
  sendJson(res, 500, errorEnvelope(TRANSPORT_MSG.internal));
}
