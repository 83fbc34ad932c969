/**
 * Failed secret attempts per client id (issue 13 item 5). After `maxFailures` wrong secrets for one
 * client id within `windowSeconds`, further attempts for that id are refused (429 with Retry-After) until
 * the oldest of those failures leaves the window, whichever address they come from. Unknown ids are
 * counted the same way, so the answer says nothing about which ids exist.
 *
 * The trade-off is deliberate: someone who knows a client id can keep it locked out by failing on
 * purpose, but only for as long as they keep failing, and never learns the secret; without it, a single
 * address-independent guesser would get unlimited tries.
 */
export interface FailedAttemptSettings {
  readonly maxFailures: number;
  readonly windowSeconds: number;
}

/** Ten wrong secrets in five minutes: plenty for a mistyped secret, nothing for a guesser. */
export const DEFAULT_FAILED_ATTEMPTS: FailedAttemptSettings = Object.freeze({
  maxFailures: 10,
  windowSeconds: 300,
});

/** Beyond this many ids, those whose failures have all left the window are forgotten. */
const PRUNE_AT = 10_000;
/** Ids are counted by at most this many characters (a real id has at most 128). */
const KEY_LENGTH = 200;

export class FailedAttempts {
  /** Failure times (ms) per id, oldest first, at most maxFailures of them. */
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly settings: FailedAttemptSettings,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(settings.maxFailures) || settings.maxFailures < 1)
      throw new Error('maxFailures must be a whole number >= 1');
    if (!(settings.windowSeconds > 0)) throw new Error('windowSeconds must be > 0');
  }

  /** Whole seconds until `clientId` may try again; null when it may try now. */
  retryAfterSeconds(clientId: string): number | null {
    const times = this.recent(clientId.slice(0, KEY_LENGTH));
    if (times.length < this.settings.maxFailures) return null;
    const oldest = times[0] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  recordFailure(clientId: string): void {
    const key = clientId.slice(0, KEY_LENGTH);
    const times = this.recent(key);
    if (times.length === 0 && this.failures.size >= PRUNE_AT) this.prune();
    times.push(this.now());
    while (times.length > this.settings.maxFailures) times.shift();
    this.failures.set(key, times);
  }

  private get windowMs(): number {
    return this.settings.windowSeconds * 1000;
  }

  /** The failures of `key` still inside the window (the stored list, trimmed). */
  private recent(key: string): number[] {
    const times = this.failures.get(key);
    if (!times) return [];
    const since = this.now() - this.windowMs;
    while (times.length > 0 && (times[0] ?? 0) <= since) times.shift();
    if (times.length === 0) this.failures.delete(key);
    return times;
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
