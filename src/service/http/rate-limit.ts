import { retryAfterSeconds, type RateStore } from '../limits/rate-store';

/**
 * A token bucket per key (client id, or the caller's address for the token endpoint): `burst` requests
 * at once, refilled at `ratePerSecond`. When empty, the caller gets 429 with Retry-After (D14) in whole
 * seconds until one request is available again. The buckets live in a RateStore (limits/rate-store.ts),
 * so every process of a deployment can share them.
 */
export interface RateLimitSettings {
  readonly ratePerSecond: number;
  readonly burst: number;
}

export type RateLimitDecision =
  { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

export class RateLimiter {
  private readonly windowMs: number;

  constructor(
    private readonly settings: RateLimitSettings,
    private readonly store: RateStore,
  ) {
    if (!(settings.ratePerSecond > 0) || !(settings.burst >= 1))
      throw new Error('rate limit needs ratePerSecond > 0 and burst >= 1');
    // A bucket of `burst` refilled at `ratePerSecond` is `burst` events per burst/rate seconds.
    this.windowMs = (settings.burst / settings.ratePerSecond) * 1000;
  }

  async take(key: string): Promise<RateLimitDecision> {
    const decision = await this.store.hit(`rate:${key}`, this.windowMs, this.settings.burst);
    return decision.allowed ? decision : { allowed: false, retryAfterSeconds: retryAfterSeconds(decision) };
  }
}
