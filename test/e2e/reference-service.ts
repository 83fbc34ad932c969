import { resolve } from 'node:path';
import { ClientRegistry, clientWithSecret } from '../../src/service/auth/clients';
import { loadPricingEngine } from '../../src/service/engine/index';
import { FULL_SCOPE } from '../../src/service/contracts';
import { createService, type Service } from '../../src/service/server';

/**
 * The real reference service, in-process on 127.0.0.1:0, over the built index (data/build), with one
 * test client. Used by the end-to-end test and the pane benchmark. A missing index fails with the
 * loader's message, which names `npm run data:build`.
 */
export interface RunningService {
  url: string;
  clientId: string;
  clientSecret: string;
  service: Service;
  token(): Promise<string>;
  close(): Promise<void>;
}

export async function startReferenceService(opts: { corsOrigins?: string[] } = {}): Promise<RunningService> {
  const root = resolve(__dirname, '..', '..');
  const engine = await loadPricingEngine({ dataDir: resolve(root, 'data/build') });
  const clientId = 'pane-e2e';
  const clientSecret = 'pane-e2e-secret-0123456789abcdef';
  const record = await clientWithSecret(clientId, clientSecret, {
    scope: FULL_SCOPE,
    cost: { N: 1024, r: 8, p: 1 },
  });
  const service = await createService({
    engine,
    clients: new ClientRegistry([record]),
    tokenSecret: 'pane-e2e-signing-key-long-enough-0123456',
    corsOrigins: opts.corsOrigins ?? [],
    // The pane's own limits are what is measured; the service must not throttle the run.
    rateLimit: null,
  });
  const address = await service.listen('127.0.0.1', 0);
  const token = async (): Promise<string> => {
    const res = await fetch(`${address.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    const body = (await res.json()) as { access_token?: string };
    if (!res.ok || !body.access_token) throw new Error(`token request failed: ${res.status}`);
    return body.access_token;
  };
  return { url: address.url, clientId, clientSecret, service, token, close: () => service.close(1000) };
}
