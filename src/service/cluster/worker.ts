import cluster from 'node:cluster';
import type { ServiceConfig } from '../config';
import { jsonLineLogger, type Logger } from '../logger';
import { drainOnStop, serve } from '../serve';
import { toWorker, type ToPrimary } from './messages';

/**
 * A cluster worker (cluster/primary.ts forks it): one serving process (serve.ts) on the primary's
 * port. It signs tokens with the key the primary sends, tells the primary when it listens, and drains
 * when the primary asks, on SIGINT/SIGTERM, or when the primary is gone.
 */
export async function runWorker(config: ServiceConfig): Promise<void> {
  const base = jsonLineLogger((line) => process.stderr.write(line));
  const worker = cluster.worker?.id ?? 0;
  // Every line says which worker wrote it: N processes share one stderr.
  const logger: Logger = { log: (level, event, fields) => base.log(level, event, { worker, ...fields }) };

  // Until it serves, a worker whose primary is gone has nobody to serve for.
  const orphaned = (): never => process.exit(1);
  process.once('disconnect', orphaned);
  const tokenSecret = new Promise<Buffer>((resolve) => {
    const onMessage = (message: unknown): void => {
      const m = toWorker(message);
      if (m?.type !== 'jobprice:init') return;
      process.off('message', onMessage);
      resolve(Buffer.from(m.tokenSecret, 'base64'));
    };
    process.on('message', onMessage);
  });
  const hello: ToPrimary = { type: 'jobprice:hello' };
  process.send?.(hello);

  const serving = await serve(config, logger, tokenSecret);
  const stop = drainOnStop(serving, logger);
  process.off('disconnect', orphaned);
  process.on('disconnect', () => stop('the primary is gone', false));
  process.on('message', (message: unknown) => {
    if (toWorker(message)?.type === 'jobprice:drain') stop('asked by the primary', false);
  });
  const listening: ToPrimary = { type: 'jobprice:listening', url: serving.address.url, ...serving.timings };
  process.send?.(listening);
}
