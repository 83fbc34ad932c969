import { randomBytes } from 'node:crypto';
import { errorMessage } from '../domain/error-message';
import { resolveClients } from './bootstrap';
import { loadConfig } from './config';
import { loadPricingEngine } from './engine/index';
import { jsonLineLogger } from './logger';
import { createService } from './server';

/**
 * Entry point of the reference service (`npm run service`). Builds the settings from the environment
 * (config.ts), loads the clients and the pricing engine once, listens, and prints exactly
 * `listening on http://HOST:PORT` on stdout when it answers. Logs are JSON lines on stderr.
 * SIGINT/SIGTERM: stop accepting, finish in-flight requests, exit 0.
 */
async function main(): Promise<void> {
  const logger = jsonLineLogger((line) => process.stderr.write(line));
  const config = loadConfig(process.env);

  // Independent and both slow-ish (scrypt on libuv's pool, index parsing on the main thread): overlap them.
  // performance.now() counts from process start: what precedes `mainStarted` is Node + tsx + module loading.
  const mainStarted = performance.now();
  const [{ records, notice }, engine] = await Promise.all([
    resolveClients(config.clients, logger),
    loadPricingEngine({ dataDir: config.dataDir, rawDir: config.rawDir }),
  ]);
  const loaded = performance.now();
  if (notice) process.stdout.write(`${notice}\n`);
  if (config.tokenSecret === null) {
    logger.log(
      'warn',
      'JOBPRICE_TOKEN_SECRET is not set: using a random signing key; tokens do not survive a restart',
    );
  }

  const service = await createService({
    engine,
    clients: records,
    tokenSecret: config.tokenSecret ?? randomBytes(32),
    tokenTtlSeconds: config.tokenTtlSeconds,
    corsOrigins: config.corsOrigins,
    bodyLimitBytes: config.bodyLimitBytes,
    rateLimit: config.rateLimit,
    connections: config.connections,
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
  process.stdout.write(`listening on ${address.url}\n`);
  logger.log('info', 'ready', {
    modulesMs: Math.round(mainStarted),
    clientsAndEngineMs: Math.round(loaded - mainStarted),
    sinceProcessStartMs: Math.round(performance.now()),
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    // A second Ctrl-C means "now": do not wait for in-flight requests.
    if (stopping) process.exit(1);
    stopping = true;
    logger.log('info', 'shutting down', { signal });
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  // Start-up refusals (bad settings, bad clients file, missing or stale index) carry their own message.
  process.stderr.write(`${errorMessage(err)}\n`);
  process.exit(1);
});
