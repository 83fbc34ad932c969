import {
  ClientRegistry,
  clientWithSecret,
  type ClientRecord,
  type Operation,
} from '../../../src/service/auth/clients';
import { FULL_SCOPE, type ClientScope, type PricingEngine } from '../../../src/service/contracts';
import { jsonLineLogger } from '../../../src/service/logger';
import { createService, type Service, type ServiceOptions } from '../../../src/service/server';

/** A running service on 127.0.0.1:0 with helpers for tokens and calls, for HTTP and conformance tests. */

/** Cheap scrypt cost for test clients (the format carries the cost, so verification still runs for real). */
export const TEST_COST = { N: 1024, r: 8, p: 1 } as const;

export interface TestClient {
  readonly id: string;
  readonly secret: string;
  readonly scope?: ClientScope;
  readonly operations?: readonly Operation[];
}

export const FULL_CLIENT: TestClient = { id: 'full-client', secret: 'full-client-secret-0123456789' };

export interface Harness {
  readonly url: string;
  readonly service: Service;
  readonly logLines: string[];
  /** Moves the service's clock forward (token expiry, rate-limit refill). */
  advance(ms: number): void;
  token(client?: TestClient): Promise<string>;
  post(
    path: string,
    body: unknown,
    options?: { token?: string | null; headers?: Record<string, string>; raw?: string | Buffer },
  ): Promise<Response>;
  close(): Promise<void>;
}

export async function startHarness(
  engine: PricingEngine,
  clients: readonly TestClient[] = [FULL_CLIENT],
  options: Partial<Omit<ServiceOptions, 'engine' | 'clients' | 'now' | 'logger'>> = {},
): Promise<Harness> {
  const records: ClientRecord[] = await Promise.all(
    clients.map((c) =>
      clientWithSecret(c.id, c.secret, {
        scope: c.scope ?? FULL_SCOPE,
        cost: TEST_COST,
        ...(c.operations ? { operations: c.operations } : {}),
      }),
    ),
  );
  let offsetMs = 0;
  const logLines: string[] = [];
  const service = await createService({
    engine,
    clients: new ClientRegistry(records),
    tokenSecret: 'test-signing-key-that-is-long-enough-0123',
    logger: jsonLineLogger((line) => logLines.push(line)),
    accessLog: true,
    now: () => Date.now() + offsetMs,
    // Tests send many refused sign-ins in a row; the pause before a 429 has a test of its own.
    tokenRefusalDelayMs: 0,
    ...options,
  });
  const { url } = await service.listen('127.0.0.1', 0);
  const tokens = new Map<string, string>();

  const harness: Harness = {
    url,
    service,
    logLines,
    advance(ms) {
      offsetMs += ms;
    },
    async token(client = clients[0] ?? FULL_CLIENT) {
      const cached = tokens.get(client.id);
      if (cached) return cached;
      const res = await fetch(`${url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: client.id,
          client_secret: client.secret,
        }),
      });
      if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
      const json = (await res.json()) as { access_token: string };
      tokens.set(client.id, json.access_token);
      return json.access_token;
    },
    async post(path, body, opts = {}) {
      const token = opts.token === undefined ? await harness.token() : opts.token;
      const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(opts.headers ?? {}) };
      if (token !== null) headers['Authorization'] = `Bearer ${token}`;
      return fetch(`${url}${path}`, {
        method: 'POST',
        headers,
        body:
          opts.raw === undefined
            ? JSON.stringify(body)
            : typeof opts.raw === 'string'
              ? opts.raw
              : new Uint8Array(opts.raw),
      });
    },
    close: () => service.close(500),
  };
  return harness;
}
