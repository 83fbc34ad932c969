import type { RateStore } from '../limits/rate-store';
import type { CheckStanding } from './check-gate';

/**
 * Wrong secrets at the token endpoint (docs/service.md "Security"), counted so that nobody who lacks a
 * client's secret can lock that client out:
 *
 * - per (client id, address): `perAddress.limit` wrong secrets per `perAddress.windowSeconds`, then that
 *   address waits before it may try that id again. Other addresses are not affected.
 * - per client id, from all addresses together: `perClient.limit` per `perClient.windowSeconds`, a
 *   slower budget that is the backstop against guessing from many addresses. Once it is spent, an
 *   address that has failed for this id recently (its own budget is not full again) waits; an address
 *   without failures may still try, so the right secret from a clean address always succeeds.
 *
 * Unknown client ids are counted the same way, so the answers say nothing about which ids exist. With
 * secrets of 128 bits or more (auth/secret-strength.ts) these budgets do not protect the secret, which no
 * number of guesses finds; they keep one guesser from spending the service's time and filling its log.
 *
 * A right secret also marks its (client id, address) as known for `knownForSeconds`, and wrong secrets
 * from an address, whatever the id, mark it as failing once it has `failingAddress.limit` of them in
 * `failingAddress.windowSeconds`: the secret-check gate (check-gate.ts) serves known sign-ins first and
 * failing addresses last, so a client's sign-in gets through while others flood the endpoint with guesses.
 */
export interface Budget {
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface SignInThrottleSettings {
  readonly perAddress: Budget;
  readonly perClient: Budget;
  readonly knownForSeconds: number;
  readonly failingAddress: Budget;
}

/** Ten wrong secrets per address in five minutes; a hundred per client id in an hour from everywhere. */
export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleSettings = Object.freeze({
  perAddress: Object.freeze({ limit: 10, windowSeconds: 300 }),
  perClient: Object.freeze({ limit: 100, windowSeconds: 3600 }),
  knownForSeconds: 24 * 3600,
  failingAddress: Object.freeze({ limit: 3, windowSeconds: 300 }),
});

export interface SignInWait {
  readonly retryAfterMs: number;
  readonly reason: string;
}

const ms = (seconds: number): number => seconds * 1000;

export class SignInThrottle {
  constructor(
    private readonly settings: SignInThrottleSettings,
    private readonly store: RateStore,
  ) {
    for (const budget of [settings.perAddress, settings.perClient, settings.failingAddress]) {
      if (!Number.isInteger(budget.limit) || budget.limit < 1 || !(budget.windowSeconds > 0))
        throw new Error('a sign-in budget needs a whole limit >= 1 and windowSeconds > 0');
    }
  }

  /** Null when `address` may try a secret for `clientId` now; otherwise how long to wait, and why. */
  async admit(clientId: string, address: string): Promise<SignInWait | null> {
    const { perAddress, perClient } = this.settings;
    const pairKey = this.pairKey(clientId, address);
    const [pair, client, clean] = await Promise.all([
      this.store.peek(pairKey, ms(perAddress.windowSeconds), perAddress.limit),
      this.store.peek(this.clientKey(clientId), ms(perClient.windowSeconds), perClient.limit),
      // The same bucket seen as a budget of one: allowed exactly when no failure is outstanding.
      this.store.peek(pairKey, ms(perAddress.windowSeconds) / perAddress.limit, 1),
    ]);
    if (!pair.allowed)
      return {
        retryAfterMs: pair.retryAfterMs,
        reason: 'wrong secrets from this address for this client id',
      };
    if (!client.allowed && !clean.allowed) {
      return {
        retryAfterMs: Math.min(client.retryAfterMs, clean.retryAfterMs),
        reason: 'wrong secrets for this client id from many addresses; this address failed recently',
      };
    }
    return null;
  }

  async recordFailure(clientId: string, address: string): Promise<void> {
    const { perAddress, perClient, failingAddress } = this.settings;
    await Promise.all([
      this.store.hit(this.pairKey(clientId, address), ms(perAddress.windowSeconds), perAddress.limit),
      this.store.hit(this.clientKey(clientId), ms(perClient.windowSeconds), perClient.limit),
      this.store.hit(this.addressKey(address), ms(failingAddress.windowSeconds), failingAddress.limit),
    ]);
  }

  async recordSuccess(clientId: string, address: string): Promise<void> {
    await this.store.hit(this.knownKey(clientId, address), ms(this.settings.knownForSeconds), 1);
  }

  /**
   * Where a check for `clientId` from `address` stands in the secret-check gate's line: known when the
   * right secret came from there within `knownForSeconds`, failing when the address has spent its
   * `failingAddress` budget of wrong secrets, clean otherwise.
   */
  async standing(clientId: string, address: string): Promise<CheckStanding> {
    const { knownForSeconds, failingAddress } = this.settings;
    const [seen, failures] = await Promise.all([
      this.store.peek(this.knownKey(clientId, address), ms(knownForSeconds), 1),
      this.store.peek(this.addressKey(address), ms(failingAddress.windowSeconds), failingAddress.limit),
    ]);
    if (!seen.allowed) return 'known';
    return failures.allowed ? 'clean' : 'failing';
  }

  // Client ids reach here only in the client-id form (token-route.ts), so `|` cannot occur in them.
  private pairKey(clientId: string, address: string): string {
    return `signin-fail:${clientId}|${address}`;
  }

  private clientKey(clientId: string): string {
    return `signin-fail-id:${clientId}`;
  }

  private knownKey(clientId: string, address: string): string {
    return `signin-ok:${clientId}|${address}`;
  }

  private addressKey(address: string): string {
    return `signin-fail-addr:${address}`;
  }
}
