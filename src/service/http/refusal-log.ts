import { ClientIdSchema } from '../auth/clients';
import type { Logger } from '../logger';
import { MemoryRateStore } from '../limits/rate-store';

/**
 * The log lines of refused token requests (`token refused`), bounded (docs/service.md "Security"): a
 * flood of refusals must not fill the disk or bury the lines that matter.
 *
 * - The client id a request named is logged only when it has the client-id form, cut to 64 characters,
 *   and otherwise as `(malformed)`: a secret pasted into client_id, or a 16,000-character id, never
 *   reaches the log.
 * - At most `perAddress` lines per address and `total` lines in all per `windowMs`; what is left out is
 *   counted, and one `token refusals suppressed` line per window gives the count.
 *
 * Per process: each process writes its own log.
 */
export interface RefusalLogLimits {
  readonly perAddress: number;
  readonly total: number;
  readonly windowMs: number;
}

export const DEFAULT_REFUSAL_LOG_LIMITS: RefusalLogLimits = Object.freeze({
  perAddress: 10,
  total: 100,
  windowMs: 60_000,
});

export interface RefusedRequest {
  readonly requestId: string;
  readonly status: number;
  readonly clientId?: string | undefined;
  readonly address: string;
  readonly reason: string;
}

const SHOWN_ID_LENGTH = 64;

/** How a client id a caller sent appears in the log. */
export function loggedClientId(clientId: string | undefined): string | undefined {
  if (clientId === undefined) return undefined;
  return ClientIdSchema.safeParse(clientId).success ? clientId.slice(0, SHOWN_ID_LENGTH) : '(malformed)';
}

export class RefusalLog {
  private readonly budgets: MemoryRateStore;
  private suppressed = 0;
  private readonly suppressedFrom = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly logger: Logger,
    private readonly limits: RefusalLogLimits = DEFAULT_REFUSAL_LOG_LIMITS,
    now: () => number = Date.now,
  ) {
    this.budgets = new MemoryRateStore(now);
  }

  refused(request: RefusedRequest): void {
    const { windowMs, perAddress, total } = this.limits;
    const address = this.budgets.peekNow(`address:${request.address}`, windowMs, perAddress);
    const written = address.allowed && this.budgets.hitNow('total', windowMs, total).allowed;
    if (!written) {
      this.suppressed++;
      if (this.suppressedFrom.size < 1000) this.suppressedFrom.add(request.address);
      // One summary per window, written even when the flood stops.
      this.timer ??= setTimeout(() => this.flush(), windowMs).unref();
      return;
    }
    this.budgets.hitNow(`address:${request.address}`, windowMs, perAddress);
    this.logger.log('warn', 'token refused', {
      requestId: request.requestId,
      status: request.status,
      clientId: loggedClientId(request.clientId),
      address: request.address,
      reason: request.reason,
    });
  }

  /** Writes the count of the lines left out since the last summary, if any. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.suppressed === 0) return;
    this.logger.log('warn', 'token refusals suppressed', {
      count: this.suppressed,
      addresses: this.suppressedFrom.size,
      windowSeconds: this.limits.windowMs / 1000,
    });
    this.suppressed = 0;
    this.suppressedFrom.clear();
  }
}
