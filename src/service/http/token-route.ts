import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { ClientIdSchema, type ClientRecord, type ClientRegistry } from '../auth/clients';
import type { SecretCheckGate } from '../auth/check-gate';
import { generateSecret, hashSecret, parseSecretHash, verifySecret, type ParsedHash } from '../auth/secrets';
import type { SignInThrottle } from '../auth/sign-in-throttle';
import type { TokenSigner } from '../auth/tokens';
import { retryAfterSeconds } from '../limits/rate-store';
import { addressKey } from './address';
import { jsonShapeProblem } from './body';
import { errorEnvelope, TRANSPORT_MSG } from './errors';
import type { RateLimiter } from './rate-limit';

/**
 * POST /oauth/token (D15): OAuth 2.0 client credentials grant (RFC 6749 §4.4). The client authenticates
 * with client_id/client_secret in the body (form or JSON) or with HTTP Basic (RFC 6749 §2.3.1), not both.
 * Errors are OAuth's own shape (RFC 6749 §5.2), not the API's envelope: that is what OAuth clients expect.
 */

export interface TokenAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
}

/** What the handler logs of a refused request: never the secret. */
export interface Refusal {
  /** The client id the request named, when it named one (known or not; as sent: refusal-log.ts shapes it). */
  readonly clientId?: string | undefined;
  readonly reason: string;
}

export type TokenOutcome = TokenAnswer & { readonly clientId?: string; readonly refusal?: Refusal };

/**
 * The guards of the token endpoint (docs/service.md "Security"), each optional:
 * - `throttle`: wrong secrets per (client id, address), with a per-id backstop (sign-in-throttle.ts);
 * - `perAddress`: per caller address, two separate buckets: well-formed attempts (each costs a scrypt
 *   check) and malformed requests (cheap, refused before any check). A flood of malformed requests from
 *   one address empties only its own bucket, never the budget of valid attempts from that address;
 * - `checks`: the bound on concurrent secret checks in this process (check-gate.ts);
 * - `refusalDelayMs`: how long a 429 waits before it is sent, on average. A 429 here is the caller's own
 *   doing (its address is over a budget); a caller that ignores Retry-After and asks again at once would
 *   otherwise keep the service busy refusing it, at the expense of everyone else. A client that honours
 *   Retry-After loses nothing it would not have waited anyway.
 */
export interface TokenGuards {
  readonly throttle: SignInThrottle | null;
  readonly perAddress: RateLimiter | null;
  readonly checks: SecretCheckGate | null;
  readonly refusalDelayMs: number;
}

export const DEFAULT_TOKEN_REFUSAL_DELAY_MS = 1000;

/** RFC 6749 §5.1: token responses must not be cached. */
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

function oauthError(
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): TokenAnswer {
  return { status, body: { error, error_description: description }, headers: { ...NO_STORE, ...headers } };
}

const JsonParams = z.record(z.string(), z.unknown());

/** The request parameters as strings; null when the body is not a form or a JSON object. */
function readParams(contentType: string, body: Buffer): Map<string, string> | null {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const params = new Map<string, string>();
  if (type === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams(body.toString('utf8'));
    for (const [k, v] of form) {
      // RFC 6749 §3.2: parameters must not be repeated.
      if (params.has(k)) return null;
      params.set(k, v);
    }
    return params;
  }
  if (type === 'application/json' || type === '') {
    if (jsonShapeProblem(body) !== null) return null;
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return null;
    }
    const parsed = JsonParams.safeParse(json);
    if (!parsed.success || Array.isArray(json)) return null;
    for (const [k, v] of Object.entries(parsed.data)) if (typeof v === 'string') params.set(k, v);
    return params;
  }
  return null;
}

type BasicCredentials = { readonly id: string; readonly secret: string } | 'malformed' | null;

/** RFC 6749 §2.3.1: Basic with form-urlencoded id and secret. */
function readBasic(header: string | undefined): BasicCredentials {
  if (header === undefined) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return /^Basic\b/i.test(header) ? 'malformed' : null;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    const unform = (s: string): string => decodeURIComponent(s.replace(/\+/g, ' '));
    return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

export class TokenEndpoint {
  /**
   * Checked when the client id is unknown, so a wrong id costs as long as a wrong secret. Derived in the
   * background at construction (scrypt runs on libuv's pool) so it does not add to start-up time.
   */
  private readonly decoyHash: Promise<ParsedHash>;

  constructor(
    private readonly clients: ClientRegistry,
    private readonly signer: TokenSigner,
    private readonly guards: TokenGuards = {
      throttle: null,
      perAddress: null,
      checks: null,
      refusalDelayMs: 0,
    },
  ) {
    this.decoyHash = hashSecret(generateSecret()).then((stored) => {
      const parsed = parseSecretHash(stored);
      if (typeof parsed === 'string') throw new Error(`internal: decoy hash is invalid: ${parsed}`);
      return parsed;
    });
    this.decoyHash.catch(() => undefined); // surfaced when awaited, not as an unhandled rejection
  }

  /** Answers one request to /oauth/token from `remoteAddress` (the caller's IP, for the per-address budgets). */
  async answer(req: IncomingMessage, body: Buffer, remoteAddress: string): Promise<TokenOutcome> {
    const outcome = await this.decide(req, body, addressKey(remoteAddress));
    if (outcome.status === 429 && this.guards.refusalDelayMs > 0) {
      // Spread over half to one and a half times the pause: a flood whose requests came together would
      // otherwise come back together, and every other caller would wait out its bursts.
      const pause = this.guards.refusalDelayMs * (0.5 + Math.random());
      await new Promise((resume) => setTimeout(resume, pause));
    }
    return outcome;
  }

  private async decide(req: IncomingMessage, body: Buffer, address: string): Promise<TokenOutcome> {
    const request = readTokenRequest(req, body);
    if (request.kind === 'malformed') {
      const refused = await this.overBudget(`token-malformed:${address}`);
      const clientId = request.clientId;
      if (refused) return { ...refused, refusal: { clientId, reason: 'malformed requests over budget' } };
      return { ...request.answer, refusal: { clientId, reason: String(request.answer.body['error']) } };
    }
    const { id, secret, challenge } = request;
    const wait = this.guards.throttle ? await this.guards.throttle.admit(id, address) : null;
    if (wait !== null) {
      return {
        ...tooMany(retryAfterSeconds(wait), TRANSPORT_MSG.tooManyFailedAttempts),
        refusal: { clientId: id, reason: wait.reason },
      };
    }
    const refused = await this.overBudget(`token-attempt:${address}`);
    if (refused)
      return { ...refused, refusal: { clientId: id, reason: 'attempts from this address over budget' } };

    const client: ClientRecord | undefined = this.clients.get(id);
    const stored = client?.secretHash ?? (await this.decoyHash);
    const standing = this.guards.throttle ? await this.guards.throttle.standing(id, address) : 'clean';
    const checked = this.guards.checks
      ? await this.guards.checks.run(address, standing, () => verifySecret(secret, stored))
      : { ok: true as const, value: await verifySecret(secret, stored) };
    if (!checked.ok) {
      return checked.refusal === 'full'
        ? {
            ...busy(TRANSPORT_MSG.signInBusy),
            refusal: { clientId: id, reason: 'secret checks at their bound' },
          }
        : {
            ...tooMany(1, TRANSPORT_MSG.rateLimited),
            refusal: { clientId: id, reason: 'secret checks from this address at their bound' },
          };
    }
    if (!client || !checked.value) {
      await this.guards.throttle?.recordFailure(id, address);
      return {
        ...oauthError(401, 'invalid_client', 'Client authentication failed', challenge),
        refusal: { clientId: id, reason: client ? 'wrong secret' : 'unknown client id' },
      };
    }
    await this.guards.throttle?.recordSuccess(id, address);
    const token = this.signer.issue(client);
    return {
      status: 200,
      body: { access_token: token.accessToken, token_type: 'Bearer', expires_in: token.expiresIn },
      headers: NO_STORE,
      clientId: client.clientId,
    };
  }

  /** A 429 when `key`'s per-address bucket is empty, else null (and one request taken from it). */
  private async overBudget(key: string): Promise<TokenAnswer | null> {
    const decision = await this.guards.perAddress?.take(key);
    return decision && !decision.allowed
      ? tooMany(decision.retryAfterSeconds, TRANSPORT_MSG.rateLimited)
      : null;
  }
}

/** 503 in the spec's envelope (D14): this process checks as many secrets as it may at once. */
function busy(message: string): TokenAnswer {
  return { status: 503, body: { ...errorEnvelope(message) }, headers: { ...NO_STORE, 'Retry-After': '1' } };
}

/** 429 in the spec's envelope (D14), with Retry-After in whole seconds. */
function tooMany(retryAfterSeconds: number, message: string): TokenAnswer {
  return {
    status: 429,
    body: { ...errorEnvelope(message) },
    headers: { ...NO_STORE, 'Retry-After': String(retryAfterSeconds) },
  };
}

type TokenRequest =
  | { readonly kind: 'malformed'; readonly answer: TokenAnswer; readonly clientId?: string }
  | {
      readonly kind: 'attempt';
      readonly id: string;
      readonly secret: string;
      readonly challenge: Record<string, string>;
    };

/** Everything decided before a secret is checked: the request's form, grant type and credentials. */
function readTokenRequest(req: IncomingMessage, body: Buffer): TokenRequest {
  const malformed = (answer: TokenAnswer): TokenRequest => ({ kind: 'malformed', answer });
  const params = readParams(req.headers['content-type'] ?? '', body);
  if (params === null) {
    return malformed(
      oauthError(
        400,
        'invalid_request',
        'The body must be application/x-www-form-urlencoded or a JSON object',
      ),
    );
  }
  const basic = readBasic(req.headers.authorization);
  const basicChallenge = { 'WWW-Authenticate': 'Basic realm="jobprice", charset="UTF-8"' };
  if (basic === 'malformed')
    return malformed(oauthError(401, 'invalid_client', 'Malformed Basic credentials', basicChallenge));

  const grantType = params.get('grant_type');
  if (grantType === undefined || grantType === '')
    return malformed(oauthError(400, 'invalid_request', 'grant_type is required'));
  if (grantType !== 'client_credentials') {
    return malformed(
      oauthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported'),
    );
  }
  if (basic !== null && params.has('client_secret')) {
    return malformed(
      oauthError(
        400,
        'invalid_request',
        'Use one client authentication method, not both Basic and client_secret',
      ),
    );
  }
  if (basic !== null && params.has('client_id') && params.get('client_id') !== basic.id) {
    return malformed(oauthError(400, 'invalid_request', 'client_id does not match the Basic credentials'));
  }

  const id = basic?.id ?? params.get('client_id');
  const secret = basic?.secret ?? params.get('client_secret');
  const challenge = basic !== null ? basicChallenge : {};
  // An id outside the client-id form can name no client: refused like any malformed request, without the
  // scrypt work a wrong secret costs (the form is public, so this tells a caller nothing).
  if (!id || !secret || !ClientIdSchema.safeParse(id).success) {
    const answer = oauthError(401, 'invalid_client', 'Client authentication failed', challenge);
    return id ? { kind: 'malformed', answer, clientId: id } : malformed(answer);
  }
  return { kind: 'attempt', id, secret, challenge };
}
