import { secretCheckLimitsPerWorker } from './auth/check-gate';
import { resolveClients } from './bootstrap';
import type { ServiceConfig } from './config';
import { loadPricingEngine } from './engine/index';
import { connectSharedStore } from './limits/redis-rate-store';
import type { Logger } from './logger';
import { createService, type ListeningAddress, type Service } from './server';

/**
 * One serving process: loads the clients and the pricing engine, builds the service and listens. With
 * JOBPRICE_WORKERS=1 main.ts runs one in its own process; with more, every cluster worker runs one
 * (cluster/worker.ts) and the primary only supervises them (cluster/primary.ts).
 */

export interface Serving {
  readonly service: Service;
  readonly address: ListeningAddress;
  /** The line about the development client for the operator (stdout), when there is one. */
  readonly notice: string | null;
  /** Milliseconds spent before this was called (Node, module loading) and loading clients, index and matcher. */
  readonly timings: { readonly modulesMs: number; readonly clientsAndEngineMs: number };
  /** Stops accepting, lets in-flight requests finish, then lets go of the shared store. */
  close(): Promise<void>;
}

export async function serve(
  config: ServiceConfig,
  logger: Logger,
  /** The token signing key: every process serving one port must sign with the same one. */
  tokenSecret: Promise<Buffer>,
): Promise<Serving> {
  // Independent and both slow-ish (scrypt on libuv's pool, index loading on the main thread): overlap them.
  // performance.now() counts from process start: what precedes `started` is Node and module loading.
  const started = performance.now();
  // Connecting while the index loads: by the time this listens, the store usually answers.
  const shared = config.redisUrl === null ? null : connectSharedStore(config.redisUrl, logger);
  const [{ records, notice }, engine, key] = await Promise.all([
    resolveClients(config.clients, logger),
    loadPricingEngine({ dataDir: config.dataDir, rawDir: config.rawDir }),
    tokenSecret,
  ]);
  const loaded = performance.now();
  const service = await createService({
    engine,
    clients: records,
    tokenSecret: key,
    tokenTtlSeconds: config.tokenTtlSeconds,
    corsOrigins: config.corsOrigins,
    bodyLimitBytes: config.bodyLimitBytes,
    rateLimit: config.rateLimit,
    connections: config.connections,
    secretChecks: secretCheckLimitsPerWorker(config.workers),
    ...(shared === null
      ? {}
      : {
          rateStore: shared.store,
          readinessChecks: [{ name: 'sharedStore', problem: () => shared.store.readinessProblem() }],
        }),
    logger,
    accessLog: config.accessLog,
  });
  const address = await service.listen(config.host, config.port).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') {
      throw new Error(
        `${config.host}:${config.port} is already in use (another service running?); set PORT to use another port`,
      );
    }
    throw err;
  });
  return {
    service,
    address,
    notice,
    timings: { modulesMs: Math.round(started), clientsAndEngineMs: Math.round(loaded - started) },
    async close() {
      await service.close();
      await shared?.close();
    },
  };
}

/**
 * What ends a serving process: the first stop request drains (stop accepting, finish in-flight
 * requests, exit 0); a second SIGINT or SIGTERM means "now" (exit 1). A request from the cluster
 * primary is not a second signal: Ctrl-C reaches the primary and the workers alike.
 */
export function drainOnStop(
  serving: Pick<Serving, 'close'>,
  logger: Logger,
): (reason: string, fromSignal: boolean) => void {
  let stopping = false;
  const stop = (reason: string, fromSignal: boolean): void => {
    if (stopping) {
      if (fromSignal) process.exit(1);
      return;
    }
    stopping = true;
    logger.log('info', 'shutting down', { reason });
    serving.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT', true));
  process.on('SIGTERM', () => stop('SIGTERM', true));
  return stop;
}
