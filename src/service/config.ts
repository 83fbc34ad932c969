import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_BODY_LIMIT_BYTES, DEFAULT_CORS_ORIGINS, DEFAULT_TOKEN_TTL_SECONDS } from './server';
import type { RateLimitSettings } from './http/rate-limit';
import { secretStrengthProblem } from './auth/secret-strength';

/**
 * The service's settings, built once from the environment at the entry point (main.ts) and passed down.
 * Every variable is validated; a bad value stops start-up with a message naming the variable.
 *
 * | Variable                     | Default                  | Meaning |
 * |------------------------------|--------------------------|---------|
 * | HOST                         | 127.0.0.1                | address to listen on |
 * | PORT                         | 8600                     | port (0 = any free port) |
 * | JOBPRICE_TOKEN_SECRET        | random per start         | HMAC key for tokens, ≥ 32 characters; when unset, a restart invalidates every token |
 * | JOBPRICE_TOKEN_TTL_SECONDS   | 3600                     | access token lifetime |
 * | JOBPRICE_CLIENTS_FILE        | —                        | JSON clients file (see auth/clients.ts) |
 * | JOBPRICE_CLIENT_ID / _SECRET | —                        | one full-scope client (secret ≥ 128 bits, auth/secret-strength.ts) |
 * | JOBPRICE_CORS_ORIGINS        | https://localhost:3000   | comma-separated trusted origins ("" = none) |
 * | JOBPRICE_BODY_LIMIT_BYTES    | 1048576                  | request body limit (413 above it) |
 * | JOBPRICE_RATE_LIMIT_RPS      | 50                       | per-client requests per second; 0 turns rate limiting off |
 * | JOBPRICE_RATE_LIMIT_BURST    | 100                      | per-client burst |
 * | JOBPRICE_MAX_CONNECTIONS     | open-file limit − 256    | sockets in all (at most 16,384 by default) |
 * | JOBPRICE_MAX_CONNECTIONS_PER_ADDRESS | 256              | sockets per address (IPv6: per /64) |
 * | JOBPRICE_ACCESS_LOG          | off                      | "1"/"true": one log line per request (no headers, no bodies) |
 * | JOBPRICE_DATA_DIR            | engine default (data/build) | built index folder |
 * | JOBPRICE_RAW_DIR             | engine default           | raw data folder (for the staleness check) |
 * | JOBPRICE_WORKERS             | the machine's core count | worker processes on the one port (cluster module); 1 = a single process |
 * | JOBPRICE_REDIS_URL           | —                        | redis:// or rediss:// URL: rate limits and sign-in throttle shared there |
 *
 * With neither JOBPRICE_CLIENTS_FILE nor JOBPRICE_CLIENT_ID, a local development client is created in
 * `.jobprice/dev-client.json` (git-ignored, mode 0600) under the working directory and reused.
 */

export interface ServiceConfig {
  readonly host: string;
  readonly port: number;
  /** null: generate a random key at start-up. */
  readonly tokenSecret: string | null;
  readonly tokenTtlSeconds: number;
  readonly clients:
    | { readonly source: 'file'; readonly path: string }
    | { readonly source: 'env'; readonly clientId: string; readonly clientSecret: string }
    | { readonly source: 'dev'; readonly path: string };
  readonly corsOrigins: readonly string[];
  readonly bodyLimitBytes: number;
  readonly rateLimit: RateLimitSettings | null;
  /** Absent fields take http/connections.ts's defaults (the total from the open-file limit). */
  readonly connections: { readonly maxConnections?: number; readonly maxPerAddress?: number };
  readonly accessLog: boolean;
  readonly dataDir: string;
  readonly rawDir: string;
  /** Processes serving the port: 1 runs the service in this process, more a cluster (cluster/primary.ts). */
  readonly workers: number;
  /** Where the budgets' counters are shared (limits/redis-rate-store.ts); null: in each process. */
  readonly redisUrl: string | null;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const DEV_CLIENT_FILE = '.jobprice/dev-client.json';

const intIn = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const Origin = z
  .string()
  .regex(/^https?:\/\/[^/\s?#]+$/, 'each origin must look like https://host[:port], without a path');

const EnvSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: intIn(0, 65535).default(8600),
  JOBPRICE_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JOBPRICE_TOKEN_TTL_SECONDS: intIn(1, 7 * 24 * 3600).default(DEFAULT_TOKEN_TTL_SECONDS),
  JOBPRICE_CLIENTS_FILE: z.string().min(1).optional(),
  JOBPRICE_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{1,128}$/, 'letters, digits and . _ ~ - only')
    .optional(),
  JOBPRICE_CLIENT_SECRET: z
    .string()
    .superRefine((secret, ctx) => {
      const problem = secretStrengthProblem(secret);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  JOBPRICE_CORS_ORIGINS: z.string().optional(),
  JOBPRICE_BODY_LIMIT_BYTES: intIn(1024, 64 * 1024 * 1024).default(DEFAULT_BODY_LIMIT_BYTES),
  JOBPRICE_RATE_LIMIT_RPS: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a number >= 0 (0 = off)')
    .transform(Number)
    .default(50),
  JOBPRICE_RATE_LIMIT_BURST: intIn(1, 1_000_000).default(100),
  JOBPRICE_MAX_CONNECTIONS: intIn(1, 1_000_000).optional(),
  JOBPRICE_MAX_CONNECTIONS_PER_ADDRESS: intIn(1, 1_000_000).optional(),
  JOBPRICE_ACCESS_LOG: z.enum(['', '0', '1', 'false', 'true']).default(''),
  JOBPRICE_DATA_DIR: z.string().min(1).optional(),
  JOBPRICE_WORKERS: intIn(1, 1024).optional(),
  JOBPRICE_REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional(),
  JOBPRICE_RAW_DIR: z.string().min(1).optional(),
});

/** Every environment variable the service reads; deployment files (deploy/) are checked against it. */
export const SETTING_NAMES: readonly string[] = Object.keys(EnvSchema.shape);

/** Empty variables count as unset (a common shell habit: `FOO= npm run service`), except the CORS list. */
function present(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.shape)) {
    const value = env[key];
    if (value !== undefined && (value !== '' || key === 'JOBPRICE_CORS_ORIGINS')) out[key] = value;
  }
  return out;
}

export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = process.cwd(),
): ServiceConfig {
  const parsed = EnvSchema.safeParse(present(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0] ?? '')}: ${i.message}`);
    throw new ConfigError(`Invalid service settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;

  if ((e.JOBPRICE_CLIENT_ID === undefined) !== (e.JOBPRICE_CLIENT_SECRET === undefined)) {
    throw new ConfigError(
      'Invalid service settings: set both JOBPRICE_CLIENT_ID and JOBPRICE_CLIENT_SECRET, or neither',
    );
  }
  if (e.JOBPRICE_CLIENTS_FILE !== undefined && e.JOBPRICE_CLIENT_ID !== undefined) {
    throw new ConfigError(
      'Invalid service settings: set JOBPRICE_CLIENTS_FILE or JOBPRICE_CLIENT_ID/SECRET, not both',
    );
  }

  const corsOrigins =
    e.JOBPRICE_CORS_ORIGINS === undefined
      ? DEFAULT_CORS_ORIGINS
      : e.JOBPRICE_CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter((o) => o !== '');
  for (const origin of corsOrigins) {
    const ok = Origin.safeParse(origin);
    if (!ok.success)
      throw new ConfigError(
        `Invalid service settings:\n  JOBPRICE_CORS_ORIGINS: "${origin}": ${ok.error.issues[0]?.message}`,
      );
  }

  const clients: ServiceConfig['clients'] =
    e.JOBPRICE_CLIENTS_FILE !== undefined
      ? { source: 'file', path: resolve(cwd, e.JOBPRICE_CLIENTS_FILE) }
      : e.JOBPRICE_CLIENT_ID !== undefined && e.JOBPRICE_CLIENT_SECRET !== undefined
        ? { source: 'env', clientId: e.JOBPRICE_CLIENT_ID, clientSecret: e.JOBPRICE_CLIENT_SECRET }
        : { source: 'dev', path: resolve(cwd, DEV_CLIENT_FILE) };

  return {
    host: e.HOST,
    port: e.PORT,
    tokenSecret: e.JOBPRICE_TOKEN_SECRET ?? null,
    tokenTtlSeconds: e.JOBPRICE_TOKEN_TTL_SECONDS,
    clients,
    corsOrigins,
    bodyLimitBytes: e.JOBPRICE_BODY_LIMIT_BYTES,
    rateLimit:
      e.JOBPRICE_RATE_LIMIT_RPS > 0
        ? { ratePerSecond: e.JOBPRICE_RATE_LIMIT_RPS, burst: e.JOBPRICE_RATE_LIMIT_BURST }
        : null,
    connections: {
      ...(e.JOBPRICE_MAX_CONNECTIONS === undefined ? {} : { maxConnections: e.JOBPRICE_MAX_CONNECTIONS }),
      ...(e.JOBPRICE_MAX_CONNECTIONS_PER_ADDRESS === undefined
        ? {}
        : { maxPerAddress: e.JOBPRICE_MAX_CONNECTIONS_PER_ADDRESS }),
    },
    accessLog: e.JOBPRICE_ACCESS_LOG === '1' || e.JOBPRICE_ACCESS_LOG === 'true',
    workers: e.JOBPRICE_WORKERS ?? availableParallelism(),
    redisUrl: e.JOBPRICE_REDIS_URL ?? null,
    ...dataPathsFrom(e, cwd),
  };
}

/**
 * Where the built index and the raw public files are (read here and nowhere else):
 * JOBPRICE_DATA_DIR or `data/build`, JOBPRICE_RAW_DIR or `../shared/data/raw`, both from `cwd`. The data
 * build (`npm run data:build`) asks this function too, so the service and the build always agree.
 */
export function dataPaths(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = process.cwd(),
): { dataDir: string; rawDir: string } {
  const parsed = EnvSchema.pick({ JOBPRICE_DATA_DIR: true, JOBPRICE_RAW_DIR: true }).safeParse(present(env));
  return dataPathsFrom(parsed.success ? parsed.data : {}, cwd);
}

function dataPathsFrom(
  e: { JOBPRICE_DATA_DIR?: string | undefined; JOBPRICE_RAW_DIR?: string | undefined },
  cwd: string,
): { dataDir: string; rawDir: string } {
  return {
    dataDir: resolve(cwd, e.JOBPRICE_DATA_DIR ?? join('data', 'build')),
    rawDir: resolve(cwd, e.JOBPRICE_RAW_DIR ?? join('..', 'shared', 'data', 'raw')),
  };
}
