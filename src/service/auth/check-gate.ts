/**
 * The bound on concurrent secret checks (docs/service.md, Security). A check is deliberately slow
 * (scrypt: tens of milliseconds of CPU and 16 MB on libuv's pool), so the total work is bounded across
 * all callers: at most `concurrent` checks run, at most `queue` wait, and one address holds at most
 * `perAddress` of those places. Beyond that the caller is answered at once (429 for its address, 503 when
 * the gate is full), with Retry-After, so the queue never grows.
 *
 * Waiting checks are served fairly: known sign-ins first (a (client id, address) that gave the right
 * secret recently, sign-in-throttle.ts), then one check per address in turn, so a newcomer waits behind
 * at most one check of each busy address, however many requests those send.
 *
 * The bound is per process by nature: each process (each cluster worker) has its own CPU time and its own
 * libuv pool to protect.
 */
export interface SecretCheckLimits {
  readonly concurrent: number;
  readonly queue: number;
  readonly perAddress: number;
}

export const DEFAULT_SECRET_CHECK_LIMITS: SecretCheckLimits = Object.freeze({
  concurrent: 2,
  queue: 32,
  perAddress: 4,
});

export type GateRefusal = 'address-busy' | 'full';

export type GateOutcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: GateRefusal };

export class SecretCheckGate {
  private running = 0;
  private waiting = 0;
  /** Running and waiting checks per address. */
  private readonly held = new Map<string, number>();
  private readonly known: Array<() => void> = [];
  /** Waiting checks per address; the Map's order is the order in which addresses take turns. */
  private readonly byAddress = new Map<string, Array<() => void>>();

  constructor(private readonly limits: SecretCheckLimits = DEFAULT_SECRET_CHECK_LIMITS) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isInteger(value) || value < (name === 'queue' ? 0 : 1))
        throw new Error(`secret check limit ${name} must be a whole number >= ${name === 'queue' ? 0 : 1}`);
    }
  }

  /** Runs `check` once a place is free, or refuses at once when none can be had. */
  async run<T>(address: string, knownSignIn: boolean, check: () => Promise<T>): Promise<GateOutcome<T>> {
    const held = this.held.get(address) ?? 0;
    if (held >= this.limits.perAddress) return { ok: false, refusal: 'address-busy' };
    const mustWait = this.running >= this.limits.concurrent;
    // A known sign-in waits even when the queue is full: attackers' checks cannot crowd it out.
    if (mustWait && !knownSignIn && this.waiting >= this.limits.queue) return { ok: false, refusal: 'full' };
    this.held.set(address, held + 1);
    try {
      if (mustWait) await this.enqueue(address, knownSignIn);
      else this.running++;
      return { ok: true, value: await check() };
    } finally {
      this.running--;
      const left = (this.held.get(address) ?? 1) - 1;
      if (left === 0) this.held.delete(address);
      else this.held.set(address, left);
      this.next();
    }
  }

  /** For tests and the bench: checks running and waiting now. */
  get load(): { readonly running: number; readonly waiting: number } {
    return { running: this.running, waiting: this.waiting };
  }

  private enqueue(address: string, knownSignIn: boolean): Promise<void> {
    this.waiting++;
    return new Promise((start) => {
      if (knownSignIn) this.known.push(start);
      else {
        const queue = this.byAddress.get(address);
        if (queue) queue.push(start);
        else this.byAddress.set(address, [start]);
      }
    });
  }

  /** Hands the free place to the next waiting check: known sign-ins first, then addresses in turn. */
  private next(): void {
    if (this.running >= this.limits.concurrent || this.waiting === 0) return;
    let start = this.known.shift();
    if (start === undefined) {
      const [address, queue] = this.byAddress.entries().next().value as [string, Array<() => void>];
      start = queue.shift();
      this.byAddress.delete(address);
      if (queue.length > 0) this.byAddress.set(address, queue); // to the back of the line
    }
    this.waiting--;
    this.running++;
    start?.();
  }
}
