import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './respond';

/**
 * The orchestrator's probes (docs/service.md, "Running at scale"), answered before anything else the
 * handler does: no token, no rate limit, no body, no engine call, so they answer in well under a
 * millisecond even while batches run (a batch yields every slice, http/slices.ts) and never count
 * against a client's budget.
 *
 * - `GET /healthz`: the process is alive and its event loop turns (liveness).
 * - `GET /readyz`: this process should get traffic (readiness): it serves only once its index is
 *   loaded, so what can still make it unready is draining (SIGTERM) and the checks it is given, such as
 *   the shared store (limits/redis-rate-store.ts). 503 with the failing check named when not.
 */

export interface ReadinessCheck {
  readonly name: string;
  /** null: fine; otherwise what is wrong, for the probe's body. */
  readonly problem: () => string | null;
}

export const PROBE_PATHS = { live: '/healthz', ready: '/readyz' } as const;
const PATHS: ReadonlyMap<string, 'live' | 'ready'> = new Map([
  [PROBE_PATHS.live, 'live'],
  [PROBE_PATHS.ready, 'ready'],
]);

/** Answers `req` when it is a probe and says so; false: not a probe, the handler's turn. */
export function answerProbe(
  req: IncomingMessage,
  res: ServerResponse,
  checks: readonly ReadinessCheck[],
  isShuttingDown: () => boolean,
): boolean {
  const path = (req.url ?? '/').split('?', 1)[0]?.toLowerCase() ?? '/';
  const kind = PATHS.get(path);
  if (kind === undefined) return false;
  // A probe has no body; whatever a client sent is not read.
  req.resume();
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendJson(res, 405, { status: 'method not allowed' }, { Allow: 'GET, HEAD' });
    return true;
  }
  if (kind === 'live') {
    sendJson(res, 200, { status: 'ok' });
    return true;
  }
  const problems: Record<string, string> = {};
  if (isShuttingDown()) problems['process'] = 'draining: shutting down';
  for (const check of checks) {
    const problem = check.problem();
    if (problem !== null) problems[check.name] = problem;
  }
  const ready = Object.keys(problems).length === 0;
  sendJson(res, ready ? 200 : 503, ready ? { status: 'ready' } : { status: 'not ready', problems });
  return true;
}
