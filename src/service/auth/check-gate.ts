import { availableParallelism } from 'node:os';

/**
 * The bound on concurrent secret checks (docs/service.md "Security"). A check is deliberately slow
 * (scrypt: tens of milliseconds of CPU and 16 MB on libuv's pool), so the total work is bounded across
 * all callers: at most `concurrent` checks run, at most `queue` wait, and one address holds at most
 * `perAddress` of those places. Beyond that the caller is answered at once (429 for its address, 503 when
 * the gate is full), with Retry-After, so the queue never grows.
 *
 * Waiting checks are served in order of standing (sign-in-throttle.ts): known sign-ins first (a client id
 * that gave the right secret from this address recently), then addresses without recent wrong secrets,
 * then addresses with them; within a standing, one check per address in turn, so a newcomer waits behind
 * at most one check of each busy address, however many requests those send. When the queue is full, an
 * address that holds no place yet takes the last waiting place of a lower standing, or of an address
 * holding two or more places (that check is answered 503 instead), so busy addresses cannot fill the queue
 * against newcomers.
 *
 * The bound is per process by nature: each process (each cluster worker) has its own CPU time and its own
 * libuv pool to protect. The workers of one machine share its cores, so they share the default bound
 * (`secretCheckLimitsPerWorker`).
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

/**
 * Each of `workers` processes on this machine gets its share of the default's concurrent checks (at least
 * one), so N cluster workers do not run N times "one fewer than the cores" between them.
 */
export function secretCheckLimitsPerWorker(workers: number): SecretCheckLimits {
  const concurrent = Math.max(1, Math.floor(DEFAULT_SECRET_CHECK_LIMITS.concurrent / Math.max(1, workers)));
  return { ...DEFAULT_SECRET_CHECK_LIMITS, concurrent };
}

export type GateRefusal = 'address-busy' | 'full';

/** Who goes first: a known sign-in, then an address without recent wrong secrets, then the rest. */
export type CheckStanding = 'known' | 'clean' | 'failing';

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
  /** Waiting checks per address, by standing; a Map's order is the order in which addresses take turns. */
  private readonly lanes = { clean: new Map<string, Waiting[]>(), failing: new Map<string, Waiting[]>() };

  constructor(private readonly limits: SecretCheckLimits = DEFAULT_SECRET_CHECK_LIMITS) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isInteger(value) || value < (name === 'queue' ? 0 : 1))
        throw new Error(`secret check limit ${name} must be a whole number >= ${name === 'queue' ? 0 : 1}`);
    }
  }

  /** Runs `check` once a place is free, or refuses at once when none can be had. */
  async run<T>(address: string, standing: CheckStanding, check: () => Promise<T>): Promise<GateOutcome<T>> {
    const held = this.held.get(address) ?? 0;
    if (held >= this.limits.perAddress) return { ok: false, refusal: 'address-busy' };
    const mustWait = this.running >= this.limits.concurrent;
    // A known sign-in waits even when the queue is full: attackers' checks cannot crowd it out.
    const full = mustWait && standing !== 'known' && this.waiting >= this.limits.queue;
    if (full && !(held === 0 && this.evictFor(standing))) return { ok: false, refusal: 'full' };
    this.take(address, +1);
    if (mustWait && !(await this.enqueue(address, standing))) {
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
  private enqueue(address: string, standing: CheckStanding): Promise<boolean> {
    this.waiting++;
    return new Promise((start) => {
      if (standing === 'known') {
        this.known.push(start);
        return;
      }
      const lane = this.lanes[standing];
      const queue = lane.get(address);
      if (queue) queue.push(start);
      else lane.set(address, [start]);
    });
  }

  /**
   * Frees a waiting place for a newcomer of `standing`: the last one of the failing address holding the
   * most places (any, for a clean newcomer; two or more, for a failing one), else, for a clean newcomer,
   * of the clean address holding two or more. False when there is none.
   */
  private evictFor(standing: CheckStanding): boolean {
    return (
      this.evict(this.lanes.failing, standing === 'clean' ? 1 : 2) ||
      (standing === 'clean' && this.evict(this.lanes.clean, 2))
    );
  }

  private evict(lane: Map<string, Waiting[]>, minHeld: number): boolean {
    let most: string | undefined;
    let mostHeld = minHeld - 1;
    for (const address of lane.keys()) {
      const held = this.held.get(address) ?? 0;
      if (held > mostHeld) [most, mostHeld] = [address, held];
    }
    const queue = most === undefined ? undefined : lane.get(most);
    const dropped = queue?.pop();
    if (most === undefined || queue === undefined || dropped === undefined) return false;
    if (queue.length === 0) lane.delete(most);
    this.waiting--;
    dropped(false);
    return true;
  }

  /** Hands the free place to the next waiting check: known sign-ins, then clean, then failing addresses. */
  private next(): void {
    if (this.running >= this.limits.concurrent || this.waiting === 0) return;
    const start = this.known.shift() ?? this.turnOf(this.lanes.clean) ?? this.turnOf(this.lanes.failing);
    this.waiting--;
    this.running++;
    start?.(true);
  }

  /** The next check of `lane`'s first address, which then goes to the back of the line. */
  private turnOf(lane: Map<string, Waiting[]>): Waiting | undefined {
    const first = lane.entries().next();
    if (first.done === true) return undefined;
    const [address, queue] = first.value;
    const start = queue.shift();
    lane.delete(address);
    if (queue.length > 0) lane.set(address, queue);
    return start;
  }
}
