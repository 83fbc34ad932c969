import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientRegistry, type ClientRecord } from './auth/clients';
import { TokenSigner } from './auth/tokens';
import type { PricingEngine } from './contracts';
import { CorsPolicy } from './http/cors';
import { createRequestHandler } from './http/handler';
import { answerProbe, type ReadinessCheck } from './http/probes';
import { silentLogger, type Logger } from './logger';
import { RateLimiter, type RateLimitSettings } from './http/rate-limit';
import { DEFAULT_TOKEN_REFUSAL_DELAY_MS, TokenEndpoint } from './http/token-route';
import {
  DEFAULT_SIGN_IN_THROTTLE,
  SignInThrottle,
  type SignInThrottleSettings,
} from './auth/sign-in-throttle';
import { DEFAULT_SECRET_CHECK_LIMITS, SecretCheckGate, type SecretCheckLimits } from './auth/check-gate';
import { MemoryRateStore, type RateStore } from './limits/rate-store';
import { RefusalLog } from './http/refusal-log';
import {
  ConnectionGuard,
  defaultConnectionLimits,
  serverOptions,
  type ConnectionLimits,
} from './http/connections';

/**
 * Composition of the reference service: engine + clients + settings → a node:http server.
 *
 * Plain `node:http`, no framework: the hot path is tiny (authenticate, read a bounded body, parse,
 * one engine call, write JSON), we want byte-level control over bodies and headers, and every
 * dependency avoided is one less thing for the add-in's users to install and audit.
 *
 * Settings arrive here already built (see config.ts); nothing below reads the environment.
 */

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
export const DEFAULT_TOKEN_TTL_SECONDS = 3600;
export const DEFAULT_CORS_ORIGINS: readonly string[] = ['https://localhost:3000'];

export interface ServiceOptions {
  readonly engine: PricingEngine;
  readonly clients: readonly ClientRecord[] | ClientRegistry;
  /** HMAC key for access tokens (at least 16 bytes). */
  readonly tokenSecret: string | Buffer;
  readonly tokenTtlSeconds?: number;
  readonly corsOrigins?: readonly string[];
  readonly bodyLimitBytes?: number;
  /** null or absent: no rate limit. */
  readonly rateLimit?: RateLimitSettings | null;
  /** Wrong secrets per (client id, address) and per id before 429 (sign-in-throttle.ts); absent: the default; null: off. */
  readonly signInThrottle?: SignInThrottleSettings | null;
  /** The bound on concurrent secret checks in this process (check-gate.ts); absent: the default; null: none. */
  readonly secretChecks?: SecretCheckLimits | null;
  /** How long a 429 from /oauth/token waits before it is sent (token-route.ts); absent: 1 s. */
  readonly tokenRefusalDelayMs?: number;
  /**
   * Where the rate limits and the sign-in throttle keep their counters; absent: in this process
   * (MemoryRateStore). A store shared by several processes makes their budgets one (limits/rate-store.ts).
   */
  readonly rateStore?: RateStore;
  /** What else GET /readyz checks besides draining (http/probes.ts), e.g. the shared store. */
  readonly readinessChecks?: readonly ReadinessCheck[];
  /** Connection caps and timeouts (http/connections.ts); what is absent takes its default. */
  readonly connections?: Partial<ConnectionLimits>;
  readonly logger?: Logger;
  readonly accessLog?: boolean;
  /** Milliseconds since the epoch; tests move it to expire tokens and refill buckets. */
  readonly now?: () => number;
}

export interface ListeningAddress {
  readonly host: string;
  readonly port: number;
  /** e.g. http://127.0.0.1:8600 */
  readonly url: string;
}

export interface Service {
  listen(host?: string, port?: number): Promise<ListeningAddress>;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), then closes what is left. */
  close(graceMs?: number): Promise<void>;
  readonly server: Server;
}

export async function createService(options: ServiceOptions): Promise<Service> {
  const now = options.now ?? Date.now;
  const clients =
    options.clients instanceof ClientRegistry ? options.clients : new ClientRegistry(options.clients);
  const key =
    typeof options.tokenSecret === 'string' ? Buffer.from(options.tokenSecret, 'utf8') : options.tokenSecret;
  const signer = new TokenSigner(key, options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS, now);
  const store = options.rateStore ?? new MemoryRateStore(now);
  const rateLimiter = options.rateLimit ? new RateLimiter(options.rateLimit, store) : null;
  const throttle = options.signInThrottle === undefined ? DEFAULT_SIGN_IN_THROTTLE : options.signInThrottle;
  const checks = options.secretChecks === undefined ? DEFAULT_SECRET_CHECK_LIMITS : options.secretChecks;
  const tokenEndpoint = new TokenEndpoint(clients, signer, {
    throttle: throttle ? new SignInThrottle(throttle, store) : null,
    perAddress: rateLimiter,
    checks: checks ? new SecretCheckGate(checks) : null,
    refusalDelayMs: options.tokenRefusalDelayMs ?? DEFAULT_TOKEN_REFUSAL_DELAY_MS,
  });
  const bodyLimitBytes = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  if (!Number.isInteger(bodyLimitBytes) || bodyLimitBytes < 1)
    throw new Error('bodyLimitBytes must be a positive integer');

  let shuttingDown = false;
  const logger = options.logger ?? silentLogger;
  const refusalLog = new RefusalLog(logger, undefined, now);
  const handler = createRequestHandler({
    engine: options.engine,
    clients,
    signer,
    tokenEndpoint,
    cors: new CorsPolicy(options.corsOrigins ?? DEFAULT_CORS_ORIGINS),
    bodyLimitBytes,
    rateLimiter,
    logger,
    refusalLog,
    accessLog: options.accessLog ?? false,
    isShuttingDown: () => shuttingDown,
  });

  // The probes are answered before the handler: no token, no rate limit, no body (http/probes.ts).
  const readiness = options.readinessChecks ?? [];
  const serveRequest = (req: IncomingMessage, res: ServerResponse): void => {
    if (!answerProbe(req, res, readiness, () => shuttingDown)) handler(req, res);
  };
  // A slow, stalled or idle client cannot hold a socket forever, nor one address all of them.
  const limits: ConnectionLimits = { ...defaultConnectionLimits(), ...options.connections };
  const server = createServer(serverOptions(limits), serveRequest);
  // Expect: 100-continue goes to the same handler; readBody says Continue once the request may send its body.
  server.on('checkContinue', serveRequest);
  new ConnectionGuard(server, limits, logger);

  return {
    server,
    listen(host = '127.0.0.1', port = 0) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address() as AddressInfo;
          const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          resolve({ host: address.address, port: address.port, url: `http://${shownHost}:${address.port}` });
        });
      });
    },
    close(graceMs = 5_000) {
      shuttingDown = true;
      return new Promise((resolve) => {
        if (!server.listening) {
          refusalLog.flush();
          return resolve();
        }
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        timer.unref();
        // Keep-alive sockets become idle as their in-flight requests finish; close them as they do,
        // so shutdown takes as long as the slowest request, not the keep-alive timeout.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        sweep.unref();
        server.close(() => {
          clearTimeout(timer);
          clearInterval(sweep);
          refusalLog.flush();
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
