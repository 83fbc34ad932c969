import type { KeyValueStorage } from '../../../src/session/storage';

/**
 * Stand-ins for the two globals the Office runtime gives the custom functions: CustomFunctions (Error,
 * ErrorCode, associate) and OfficeRuntime.storage. They behave like the documented API, no more.
 */

export const ERROR_CODES = {
  divisionByZero: '#DIV/0!',
  invalidName: '#NAME?',
  invalidNumber: '#NUM!',
  invalidReference: '#REF!',
  invalidValue: '#VALUE!',
  notAvailable: '#N/A',
  nullReference: '#NULL!',
  connect: '#CONNECT!',
  busy: '#BUSY!',
} as const;

export class FakeCustomFunctionError {
  constructor(
    readonly code: string,
    readonly message?: string,
  ) {}
}

export interface InstalledCustomFunctions {
  /** id → the function associated with it. */
  readonly associated: Map<string, (...args: unknown[]) => unknown>;
}

export function installCustomFunctions(): InstalledCustomFunctions {
  const associated = new Map<string, (...args: unknown[]) => unknown>();
  const api = {
    Error: FakeCustomFunctionError,
    ErrorCode: ERROR_CODES,
    associate(
      idOrMap: string | Record<string, (...args: unknown[]) => unknown>,
      fn?: (...args: unknown[]) => unknown,
    ): void {
      if (typeof idOrMap === 'string') {
        if (fn === undefined) throw new Error('associate(id, fn) needs a function');
        if (associated.has(idOrMap)) throw new Error(`${idOrMap} is associated twice`);
        associated.set(idOrMap, fn);
      } else for (const [id, f] of Object.entries(idOrMap)) api.associate(id, f);
    },
  };
  (globalThis as Record<string, unknown>).CustomFunctions = api;
  return { associated };
}

/** OfficeRuntime.storage in memory, with counters so tests can see what the cache wrote. */
export class MemoryOfficeStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  writes = 0;
  async getItem(key: string): Promise<string | null> {
    return this.map.get(key) ?? null;
  }
  async setItem(key: string, value: string): Promise<void> {
    this.writes++;
    this.map.set(key, value);
  }
  async removeItem(key: string): Promise<void> {
    this.map.delete(key);
  }
  /** Characters stored under keys that start with `prefix`. */
  charsUnder(prefix: string): number {
    let n = 0;
    for (const [k, v] of this.map) if (k.startsWith(prefix)) n += v.length;
    return n;
  }
}

export function installOfficeRuntime(storage: KeyValueStorage): void {
  (globalThis as Record<string, unknown>).OfficeRuntime = { storage };
}

/** What a cell shows for a settled call: the value, or the error code and message. */
export type CellShown = { value: unknown } | { error: string; message: string | undefined };

export async function shown(call: Promise<unknown> | unknown): Promise<CellShown> {
  try {
    return { value: await call };
  } catch (err) {
    if (err instanceof FakeCustomFunctionError) return { error: err.code, message: err.message };
    throw err;
  }
}

/**
 * Office.context.requirements as a host with these requirement sets answers isSetSupported (versions
 * compared part by part): by default a current Excel, whose custom functions take and return data types
 * (CustomFunctionsRuntime 1.4).
 */
export function installOfficeRequirements(
  sets: Record<string, string> = { CustomFunctionsRuntime: '1.4' },
): void {
  const supported = (name: string, minVersion = '1.1'): boolean => {
    const have = sets[name];
    if (have === undefined) return false;
    const a = have.split('.').map(Number);
    const b = String(minVersion).split('.').map(Number);
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = (a[i] ?? 0) - (b[i] ?? 0);
      if (d !== 0) return d > 0;
    }
    return true;
  };
  (globalThis as Record<string, unknown>).Office = {
    context: { requirements: { isSetSupported: supported } },
  };
}
