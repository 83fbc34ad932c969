import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { errorMessage } from '../domain/error-message';
import { tokenKey } from './bootstrap';
import { loadConfig } from './config';
import { jsonLineLogger } from './logger';

/**
 * Entry point of the reference service (`npm run service`). Builds the settings from the environment
 * (config.ts) and serves: in this process when JOBPRICE_WORKERS is 1, else as the primary of that many
 * cluster workers on the one port (cluster/primary.ts; each worker runs this file again and takes the
 * worker's part). Prints exactly `listening on http://HOST:PORT` on stdout once it answers (every
 * worker listening). Logs are JSON lines on stderr. SIGINT/SIGTERM: stop accepting, finish in-flight
 * requests, exit 0.
 */
async function main(): Promise<void> {
  const logger = jsonLineLogger((line) => process.stderr.write(line));
  const config = loadConfig(process.env);
  // Imported by role: the cluster primary never loads the engine's modules.
  if (cluster.isWorker) return (await import('./cluster/worker.js')).runWorker(config);
  if (config.workers > 1) return (await import('./cluster/primary.js')).runPrimary(config, logger);

  const { drainOnStop, serve } = await import('./serve.js');
  const serving = await serve(
    config,
    logger,
    Promise.resolve(tokenKey(config, logger, () => randomBytes(32))),
  );
  drainOnStop(serving, logger);
  if (serving.notice) process.stdout.write(`${serving.notice}\n`);
  process.stdout.write(`listening on ${serving.address.url}\n`);
  logger.log('info', 'ready', { ...serving.timings, sinceProcessStartMs: Math.round(performance.now()) });
}

main().catch((err: unknown) => {
  // Start-up refusals (bad settings, bad clients file, missing or stale index) carry their own message.
  process.stderr.write(`${errorMessage(err)}\n`);
  process.exit(1);
});
