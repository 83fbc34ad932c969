import { readFileSync } from 'node:fs';
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../logger';
import { addressKey } from './address';

/**
 * Connections (docs/service.md "Security"): idle sockets must not take the process's file handles from
 * everyone else.
 *
 * - At most `maxConnections` sockets in all (Node's `server.maxConnections` drops the rest at once), below
 *   the process's open-file limit, so a flood never runs the process out of handles (which stalls every
 *   accept until sockets time out);
 * - at most `maxPerAddress` per address (IPv6: per /64, address.ts); past it a new socket is closed at once;
 * - under pressure (from `pressureShare` of `maxConnections` on) a socket that has sent no complete request
 *   for `idleGraceMs` is closed, oldest first, and then idle keep-alive sockets;
 * - the header and request timeouts are checked every `checkIntervalMs` (Node checks every 30 s by
 *   default, so a 10 s header timeout fired after up to 40 s).
 */
export interface ConnectionLimits {
  readonly maxConnections: number;
  readonly maxPerAddress: number;
  readonly pressureShare: number;
  readonly idleGraceMs: number;
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  readonly checkIntervalMs: number;
}

/** What the process may keep for itself besides sockets (log, index files at start, libuv's own). */
const RESERVED_FILES = 256;

/** The soft limit on open files from /proc/self/limits (Linux; Node raises it to the hard limit), or null. */
export function openFileLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === 'unlimited' ? null : Number(soft);
  } catch {
    return null;
  }
}

export function defaultConnectionLimits(fileLimit: number | null = openFileLimit()): ConnectionLimits {
  return {
    maxConnections: fileLimit === null ? 4096 : Math.max(64, Math.min(16_384, fileLimit - RESERVED_FILES)),
    maxPerAddress: 256,
    pressureShare: 0.75,
    idleGraceMs: 2_000,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    keepAliveTimeoutMs: 5_000,
    checkIntervalMs: 1_000,
  };
}

/** Options for `createServer`: the timeouts, and how often Node checks them. */
export function serverOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
  };
}

/** How often a full sweep of idle keep-alive sockets may run under pressure (it visits every socket). */
const KEEP_ALIVE_SWEEP_MS = 1_000;
/** How often the log may say that connections were refused. */
const REFUSAL_LOG_MS = 60_000;

export class ConnectionGuard {
  private readonly byAddress = new Map<string, Set<Socket>>();
  /** Sockets without a complete request yet, oldest first, with the time they opened. */
  private readonly silent = new Map<Socket, number>();
  private open = 0;
  private refused = 0;
  private lastKeepAliveSweep = 0;
  private lastRefusalLog = 0;
  /** A later look, for when the sockets holding the service are still within their grace. */
  private again: NodeJS.Timeout | null = null;

  constructor(
    private readonly server: Server,
    private readonly limits: ConnectionLimits,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    server.maxConnections = limits.maxConnections;
    server.on('connection', (socket: Socket) => this.opened(socket));
    const spoke = (req: { socket: Socket }): void => {
      this.silent.delete(req.socket);
    };
    server.on('request', spoke);
    server.on('checkContinue', spoke);
    // Node turns connections away at maxConnections without a 'connection' event: look again then.
    server.on('drop', () => this.relieve());
    server.on('close', () => {
      if (this.again) clearTimeout(this.again);
    });
  }

  /** For tests and the bench. */
  get counts(): { readonly open: number; readonly silent: number; readonly refused: number } {
    return { open: this.open, silent: this.silent.size, refused: this.refused };
  }

  private opened(socket: Socket): void {
    const address = addressKey(socket.remoteAddress);
    let sockets = this.byAddress.get(address);
    if (sockets !== undefined && sockets.size >= this.limits.maxPerAddress) {
      this.refuse(socket, address);
      return;
    }
    if (sockets === undefined) {
      sockets = new Set();
      this.byAddress.set(address, sockets);
    }
    sockets.add(socket);
    this.silent.set(socket, this.now());
    this.open++;
    socket.once('close', () => {
      this.open--;
      this.silent.delete(socket);
      sockets.delete(socket);
      if (sockets.size === 0) this.byAddress.delete(address);
    });
    if (this.open >= this.limits.maxConnections * this.limits.pressureShare) this.relieve();
  }

  private refuse(socket: Socket, address: string): void {
    this.refused++;
    socket.destroy();
    const now = this.now();
    if (now - this.lastRefusalLog >= REFUSAL_LOG_MS) {
      this.lastRefusalLog = now;
      this.logger.log('warn', 'connections refused', {
        address,
        maxPerAddress: this.limits.maxPerAddress,
        refusedSoFar: this.refused,
      });
    }
  }

  /** Under pressure: close the sockets that have been silent past the grace, then idle keep-alive ones. */
  private relieve(): void {
    const now = this.now();
    const before = now - this.limits.idleGraceMs;
    let closed = 0;
    let youngest: number | null = null;
    for (const [socket, since] of this.silent) {
      if (since > before) {
        youngest = since; // the Map holds them oldest first: this one and all after are within the grace
        break;
      }
      this.silent.delete(socket);
      socket.destroy();
      closed++;
    }
    if (this.open - closed < this.limits.maxConnections * this.limits.pressureShare) return;
    if (now - this.lastKeepAliveSweep >= KEEP_ALIVE_SWEEP_MS) {
      this.lastKeepAliveSweep = now;
      this.server.closeIdleConnections();
    }
    // Still under pressure, and the silent sockets are too young to close yet: look again when the
    // oldest of them has passed its grace (a flood that arrived at once gives no later event to wait for).
    if (youngest !== null && this.again === null) {
      this.again = setTimeout(
        () => {
          this.again = null;
          this.relieve();
        },
        youngest + this.limits.idleGraceMs - now + 1,
      );
      this.again.unref();
    }
  }
}
