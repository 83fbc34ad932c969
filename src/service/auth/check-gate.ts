import { availableParallelism } from 'node:os';

/**
 * The bound on concurrent secret checks (docs/service.md "Security"). A check is deliberately slow
 * (scrypt: tens of milliseconds of CPU and 16 MB on libuv's pool), so the total work is bounded across
 * all callers: at most `concurrent` checks run, at most `queue` wait, and one address holds at most
 * `perAddress` of those places. Beyond that the caller is answered at once (429 for its address, 503 when
 * the gate is full), with Retry-After, so the queue never grows.
 *
 * Waiting checks are served fairly: known sign-ins first (a (client id, address) that gave the right
 * secret recently, sign-in-throttle.ts), then one check per address in turn, so a newcomer waits behind
 * at most one check of each busy address, however many requests those send. When the queue is full, an
 * address that holds no place yet takes the last waiting place of the address that holds the most (if
 * that one holds two or more; its check is answered 503 instead), so busy addresses cannot fill the
 * queue against newcomers.
 *
 * The bound is per process by nature: each process (each cluster worker) has its own CPU time and its own
 * libuv pool to protect.
 */
export interface SecretCheckLimits {
  readonly concurrent: number;
  readonly queue: number;
  readonly perAddress: number;
}

/**
 * One check fewer than the cores (at least one, at most four): a flood of checks never takes the core the
 * event loop needs to answer everyone else.
 */
export const DEFAULT_SECRET_CHECK_LIMITS: SecretCheckLimits = Object.freeze({
  concurrent: Math.max(1, Math.min(4, availableParallelism() - 1)),
  queue: 32,
  perAddress: 2,
});

export type GateRefusal = 'address-busy' | 'full';

/** A waiting check: started with true when its turn comes, or with false when a newcomer took its place. */
type Waiting = (go: boolean) => void;

export type GateOutcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: GateRefusal };

export class SecretCheckGate {
  private running = 0;
  private waiting = 0;
  /** Running and waiting checks per address. */
  private readonly held = new Map<string, number>();
  private readonly known: Waiting[] = [];
  /** Waiting checks per address; the Map's order is the order in which addresses take turns. */
  private readonly byAddress = new Map<string, Waiting[]>();

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
    if (mustWait && !knownSignIn && this.waiting >= this.limits.queue && !(held === 0 && this.evict()))
      return { ok: false, refusal: 'full' };
    this.take(address, +1);
    if (mustWait && !(await this.enqueue(address, knownSignIn))) {
      this.take(address, -1);
      return { ok: false, refusal: 'full' };
    }
    if (!mustWait) this.running++;
    try {
      return { ok: true, value: await check() };
    } finally {
      this.running--;
      this.take(address, -1);
      this.next();
    }
  }

  /** For tests and the bench: checks running and waiting now. */
  get load(): { readonly running: number; readonly waiting: number } {
    return { running: this.running, waiting: this.waiting };
  }

  private take(address: string, places: number): void {
    const left = (this.held.get(address) ?? 0) + places;
    if (left === 0) this.held.delete(address);
    else this.held.set(address, left);
  }

  /** Resolves true when the check may run, false when a newcomer took its place. */
  private enqueue(address: string, knownSignIn: boolean): Promise<boolean> {
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

  /** Frees a waiting place held by the address that holds the most (two or more); false when none is. */
  private evict(): boolean {
    let most: string | undefined;
    for (const address of this.byAddress.keys()) {
      if ((this.held.get(address) ?? 0) > (most === undefined ? 1 : (this.held.get(most) ?? 0)))
        most = address;
    }
    const queue = most === undefined ? undefined : this.byAddress.get(most);
    const dropped = queue?.pop();
    if (most === undefined || queue === undefined || dropped === undefined) return false;
    if (queue.length === 0) this.byAddress.delete(most);
    this.waiting--;
    dropped(false);
    return true;
  }

  /** Hands the free place to the next waiting check: known sign-ins first, then addresses in turn. */
  private next(): void {
    if (this.running >= this.limits.concurrent || this.waiting === 0) return;
    let start = this.known.shift();
    if (start === undefined) {
      const [address, queue] = this.byAddress.entries().next().value as [string, Waiting[]];
      start = queue.shift();
      this.byAddress.delete(address);
      if (queue.length > 0) this.byAddress.set(address, queue); // to the back of the line
    }
    this.waiting--;
    this.running++;
    start?.(true);
  }
}
