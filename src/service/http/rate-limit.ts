/**
 * A token bucket per key (client id, or the caller's address for the token endpoint): `burst` requests
 * at once, refilled at `ratePerSecond`. When empty, the caller gets 429 with Retry-After (D14) in whole
 * seconds until one request is available again.
 */
export interface RateLimitSettings {
  readonly ratePerSecond: number;
  readonly burst: number;
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

export type RateDecision =
  { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/** Beyond this many keys, full (idle) buckets are forgotten so the map cannot grow without bound. */
const PRUNE_AT = 10_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly settings: RateLimitSettings,
    private readonly now: () => number = Date.now,
  ) {
    if (!(settings.ratePerSecond > 0) || !(settings.burst >= 1))
      throw new Error('rate limit needs ratePerSecond > 0 and burst >= 1');
  }

  take(key: string): RateDecision {
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= PRUNE_AT) this.prune(now);
      bucket = { tokens: this.settings.burst, updatedMs: now };
      this.buckets.set(key, bucket);
    } else {
      this.refill(bucket, now);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((1 - bucket.tokens) / this.settings.ratePerSecond));
    return { allowed: false, retryAfterSeconds };
  }

  private refill(bucket: Bucket, now: number): void {
    const elapsed = Math.max(0, now - bucket.updatedMs) / 1000;
    bucket.tokens = Math.min(this.settings.burst, bucket.tokens + elapsed * this.settings.ratePerSecond);
    bucket.updatedMs = now;
  }

  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      this.refill(bucket, now);
      if (bucket.tokens >= this.settings.burst) this.buckets.delete(key);
    }
  }
}
