import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { PATHS } from '../../../src/api/wire';
import { startScriptedServer } from '../../support/scripted-server';

/**
 * A pricing service on 127.0.0.1:0 for the custom functions' tests and bench: the reference service
 * (src/service: createService over the built index, loadPricingEngine) when data/build exists, otherwise
 * the scripted spec-faithful server of test/support. `kind` says which, and every match call is counted
 * at the server, by path.
 */

export interface PricingService {
  readonly kind: 'reference' | 'scripted';
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Reference only: credentials whose D15 scope leaves out the Comp and bonus figures. */
  readonly baseOnlyClient: { id: string; secret: string } | null;
  /** Match calls received so far, by path (PATHS.single, PATHS.batch). */
  calls(path: string): number;
  close(): Promise<void>;
}

const ROOT = resolve(__dirname, '..', '..', '..');
export const DATA_DIR = resolve(ROOT, 'data', 'build');

export async function startPricingService(
  opts: { prefer?: 'reference' | 'scripted' } = {},
): Promise<PricingService> {
  if (opts.prefer !== 'scripted' && existsSync(DATA_DIR)) {
    const reference = await startReference().catch((err: unknown) => {
      if (opts.prefer === 'reference') throw err;
      process.stderr.write(
        `[functions] reference service unavailable (${String(err)}); using the scripted server\n`,
      );
      return null;
    });
    if (reference) return reference;
  }
  if (opts.prefer === 'reference') throw new Error(`no built index at ${DATA_DIR}: run npm run data:build`);
  const server = await startScriptedServer();
  return {
    kind: 'scripted',
    url: server.url,
    clientId: 'test-client',
    clientSecret: 'test-secret',
    baseOnlyClient: null,
    calls: (path) => server.requestsTo(path).length,
    close: () => server.close(),
  };
}

async function startReference(): Promise<PricingService> {
  // Loaded only here, so the scripted fallback works while the service is still being written.
  const { loadPricingEngine } = await import('../../../src/service/engine/index');
  const { createService } = await import('../../../src/service/server');
  const { clientWithSecret } = await import('../../../src/service/auth/clients');
  const engine = await loadPricingEngine({ dataDir: DATA_DIR });
  const clientId = 'functions-client';
  const clientSecret = 'functions-client-secret-0123456789';
  const baseOnlyClient = { id: 'functions-base-only', secret: 'functions-base-only-secret-0123456789' };
  const { FULL_SCOPE } = await import('../../../src/service/contracts');
  const cost = { N: 1024, r: 8, p: 1 };
  const records = [
    await clientWithSecret(clientId, clientSecret, { cost }),
    await clientWithSecret(baseOnlyClient.id, baseOnlyClient.secret, {
      cost,
      scope: { ...FULL_SCOPE, includeCompAndBonus: false },
    }),
  ];
  const service = await createService({
    engine,
    clients: records,
    tokenSecret: 'functions-signing-key-0123456789abcdef',
  });
  const counts = new Map<string, number>();
  service.server.on('request', (req: { url?: string; method?: string }) => {
    if (req.method === 'POST' && req.url) counts.set(req.url, (counts.get(req.url) ?? 0) + 1);
  });
  const { url } = await service.listen('127.0.0.1', 0);
  return {
    kind: 'reference',
    url,
    clientId,
    clientSecret,
    baseOnlyClient,
    calls: (path) => counts.get(path) ?? 0,
    close: () => service.close(),
  };
}

export const matchCalls = (s: PricingService): number => s.calls(PATHS.single) + s.calls(PATHS.batch);
