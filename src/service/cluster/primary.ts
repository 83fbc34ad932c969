import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { loadOrCreateDevClient } from '../auth/dev-client';
import type { ServiceConfig } from '../config';
import type { Logger } from '../logger';
import { devClientNotice, tokenKey } from '../bootstrap';
import { toPrimary, type ToWorker } from './messages';

/**
 * The cluster primary (JOBPRICE_WORKERS > 1): forks the workers, which all serve the one port (Node's
 * cluster module hands them the connections in turn), and supervises them. It serves nothing itself
 * and loads no index, so it stays small.
 *
 * - State every worker must share is settled here, before any fork: the token signing key (random per
 *   start when JOBPRICE_TOKEN_SECRET is unset, sent to each worker over IPC, never through the
 *   environment), and the development client's file (created once; N workers creating it at once would
 *   each write a different secret).
 * - `listening on …` is printed once every worker listens.
 * - A worker that dies is logged and replaced; one that keeps dying soon after its start is replaced
 *   after a growing pause (up to MAX_RESTART_PAUSE_MS), so a fault does not become a fork loop. A worker
 *   that fails during the first start stops the whole service with exit 1: its own message (missing
 *   index, port in use) is on stderr above.
 * - SIGINT/SIGTERM: every worker drains (stops accepting, finishes in-flight requests) and exits, then
 *   the primary exits 0; a second signal, or DRAIN_LIMIT_MS, ends them at once (exit 1).
 */

/** A worker that dies within this long of its fork counts as a quick death (its pause doubles). */
const QUICK_DEATH_MS = 10_000;
const FIRST_RESTART_PAUSE_MS = 250;
const MAX_RESTART_PAUSE_MS = 30_000;
/** Beyond a worker's own grace for in-flight requests (server.ts close, 5 s). */
const DRAIN_LIMIT_MS = 10_000;

interface Tracked {
  readonly worker: Worker;
  readonly forkedAt: number;
  listening: boolean;
}

export async function runPrimary(config: ServiceConfig, logger: Logger): Promise<void> {
  let notice: string | null = null;
  if (config.clients.source === 'dev') {
    const { client, created, warnings } = await loadOrCreateDevClient(config.clients.path);
    for (const warning of warnings) logger.log('warn', 'development client file', { problem: warning });
    notice = devClientNotice(client.clientId, created, config.clients.path);
  }
  const init: ToWorker = {
    type: 'jobprice:init',
    tokenSecret: tokenKey(config, logger, () => randomBytes(32)).toString('base64'),
  };

  const tracked = new Map<number, Tracked>();
  let started = false;
  let stopping = false;
  let failedDuringDrain = false;
  let quickDeaths = 0;

  const fork = (): void => {
    const worker = cluster.fork();
    const entry: Tracked = { worker, forkedAt: Date.now(), listening: false };
    tracked.set(worker.id, entry);
    worker.on('message', (message: unknown) => {
      const m = toPrimary(message);
      if (m === null) return;
      if (m.type === 'jobprice:hello') {
        worker.send(init);
        return;
      }
      entry.listening = true;
      logger.log('info', 'worker listening', {
        worker: worker.id,
        pid: worker.process.pid,
        modulesMs: m.modulesMs,
        clientsAndEngineMs: m.clientsAndEngineMs,
      });
      if (!started && [...tracked.values()].every((t) => t.listening)) {
        started = true;
        if (notice) process.stdout.write(`${notice}\n`);
        process.stdout.write(`listening on ${m.url}\n`);
        logger.log('info', 'ready', {
          workers: tracked.size,
          sinceProcessStartMs: Math.round(performance.now()),
        });
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const entry = tracked.get(worker.id);
    tracked.delete(worker.id);
    if (stopping) {
      if (code !== 0) failedDuringDrain = true;
      if (tracked.size === 0) process.exit(failedDuringDrain ? 1 : 0);
      return;
    }
    const lived = Date.now() - (entry?.forkedAt ?? Date.now());
    if (!started) {
      logger.log('error', 'worker failed to start; stopping', { worker: worker.id, code, signal });
      stopping = true;
      for (const t of tracked.values()) t.worker.process.kill('SIGKILL');
      process.exit(1);
    }
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    const pause =
      quickDeaths === 0 ? 0 : Math.min(MAX_RESTART_PAUSE_MS, FIRST_RESTART_PAUSE_MS * 2 ** (quickDeaths - 1));
    logger.log('warn', 'worker died; replacing it', {
      worker: worker.id,
      pid: worker.process.pid,
      code,
      signal,
      livedMs: lived,
      pauseMs: pause,
    });
    setTimeout(() => {
      if (!stopping) fork();
    }, pause);
  });

  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      for (const t of tracked.values()) t.worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    logger.log('info', 'shutting down', { signal, workers: tracked.size });
    if (tracked.size === 0) process.exit(0);
    const drain: ToWorker = { type: 'jobprice:drain' };
    for (const t of tracked.values()) if (t.worker.isConnected()) t.worker.send(drain);
    setTimeout(() => {
      logger.log('error', 'workers still running after the drain limit; ending them', {
        workers: tracked.size,
        limitMs: DRAIN_LIMIT_MS,
      });
      for (const t of tracked.values()) t.worker.process.kill('SIGKILL');
      process.exit(1);
    }, DRAIN_LIMIT_MS).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let i = 0; i < config.workers; i++) fork();
}
