import { Redis } from 'ioredis';
import { errorMessage } from '../../domain/error-message';
import type { Logger } from '../logger';
import { MemoryRateStore, type RateDecision, type RateStore } from './rate-store';

/**
 * The budgets' counters in Redis (JOBPRICE_REDIS_URL), so every worker and every replica counts
 * against the same ones: the per-client request rate, the token endpoint's per-address budgets, and the
 * sign-in throttle's wrong secrets. The semantics are MemoryRateStore's (limits/rate-store.ts): one key
 * per budget holding the time its bucket is full again, read and moved by one Lua script, so a decision
 * is atomic however many processes ask at once. Time is Redis's own clock (TIME), so replicas whose
 * clocks differ still agree.
 *
 * When Redis cannot answer (down, unreachable, or slower than COMMAND_TIMEOUT_MS), the service keeps
 * answering: the decision is taken by this process's own counters (a MemoryRateStore), so budgets then
 * hold per process; the fallback is logged at most once a minute; the client reconnects by itself and
 * the next decision after it is back goes to Redis again (logged once). Readiness (/readyz) waits for
 * the first connection, so a replica with a wrong URL never takes traffic, but a Redis outage later does
 * not take every replica out of its load balancer at once: they all share this Redis, and failing their
 * readiness together would turn a degraded service into none (docs/service.md, "Running at scale").
 */

/** Keys are the callers' (never a secret, rate-store.ts), under one prefix. */
const PREFIX = 'jobprice:';
/** A decision waits at most this long for Redis before the process decides alone. */
const COMMAND_TIMEOUT_MS = 250;
const FALLBACK_LOG_EVERY_MS = 60_000;

/** ARGV: windowMs, limit, count (1 = hit, 0 = peek). Returns 0 (allowed) or ms until allowed. */
const DECIDE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local windowMs = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local full = math.max(tonumber(redis.call('GET', KEYS[1]) or '0'), now)
local nxt = full + windowMs / limit
if nxt - now > windowMs then return math.max(1, math.ceil(nxt - now - windowMs)) end
if ARGV[3] == '1' then
  redis.call('SET', KEYS[1], string.format('%.3f', nxt), 'PX', math.max(1, math.ceil(nxt - now)))
end
return 0
`;

interface WithDecide {
  jobpriceDecide(key: string, windowMs: number, limit: number, count: 0 | 1): Promise<number>;
}

export class RedisRateStore implements RateStore {
  private everReady = false;
  private degraded = false;
  private lastFallbackLog = -Infinity;

  constructor(
    private readonly redis: Redis,
    private readonly fallback: RateStore,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    redis.defineCommand('jobpriceDecide', { numberOfKeys: 1, lua: DECIDE });
    redis.on('ready', () => {
      if (!this.everReady) this.logger.log('info', 'shared store connected');
      else if (this.degraded) this.logger.log('info', 'shared store reachable again; limits shared again');
      this.everReady = true;
      this.degraded = false;
    });
    // Connection errors arrive here on every retry while Redis is away.
    redis.on('error', (err: unknown) => this.fellBack(errorMessage(err)));
  }

  hit(key: string, windowMs: number, limit: number): Promise<RateDecision> {
    return this.decide(key, windowMs, limit, 1);
  }

  peek(key: string, windowMs: number, limit: number): Promise<RateDecision> {
    return this.decide(key, windowMs, limit, 0);
  }

  /** For /readyz: null once Redis has answered (see above), else why not yet. */
  readinessProblem(): string | null {
    return this.everReady ? null : `not connected to Redis yet (${this.redis.status})`;
  }

  private async decide(key: string, windowMs: number, limit: number, count: 0 | 1): Promise<RateDecision> {
    if (!(windowMs > 0) || !(limit >= 1)) throw new Error('a budget needs windowMs > 0 and limit >= 1');
    if (this.redis.status === 'ready') {
      try {
        const wait = await (this.redis as unknown as WithDecide).jobpriceDecide(
          PREFIX + key,
          windowMs,
          limit,
          count,
        );
        return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true };
      } catch (err) {
        this.fellBack(errorMessage(err));
      }
    } else this.fellBack(`Redis connection ${this.redis.status}`);
    return count === 1 ? this.fallback.hit(key, windowMs, limit) : this.fallback.peek(key, windowMs, limit);
  }

  private fellBack(reason: string): void {
    this.degraded = true;
    const now = this.now();
    if (now - this.lastFallbackLog < FALLBACK_LOG_EVERY_MS) return;
    this.lastFallbackLog = now;
    this.logger.log('warn', 'shared store unreachable; limits count in this process', { reason });
  }
}

/** The store for JOBPRICE_REDIS_URL, and how to let go of its connection. */
export function connectSharedStore(
  url: string,
  logger: Logger,
): { store: RedisRateStore; close(): Promise<void> } {
  const redis = new Redis(url, {
    // While Redis is away, decide at once in this process instead of queueing every request behind it.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // Reconnect for ever: quickly at first, then every 5 s.
    retryStrategy: (times: number) => Math.min(100 * 2 ** times, 5_000),
  });
  const store = new RedisRateStore(redis, new MemoryRateStore(), logger);
  return {
    store,
    async close() {
      await Promise.race([redis.quit().catch(() => undefined), new Promise((r) => setTimeout(r, 1_000))]);
      redis.disconnect();
    },
  };
}
