/**
 * Where the add-in keeps what outlives a runtime (settings, a remembered token, the formula cache):
 * OfficeRuntime.storage in Office, memory elsewhere (unit tests, a plain browser page).
 */

/** The subset of OfficeRuntime.storage the add-in needs; tests pass an in-memory one. */
export interface KeyValueStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/**
 * How long start-up waits for storage before going on without it: OfficeRuntime.storage can hang, and
 * neither the session's settings nor the cells' persisted cache may hold the add-in up longer than this.
 */
export const STORAGE_WAIT_MS = 5_000;

/** Used when OfficeRuntime.storage is absent (unit tests, a plain browser page). Lost on reload. */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    getItem: async (key) => map.get(key) ?? null,
    setItem: async (key, value) => {
      map.set(key, value);
    },
    removeItem: async (key) => {
      map.delete(key);
    },
  };
}

/** OfficeRuntime.storage when this runtime has it, else a fresh in-memory storage. */
export function runtimeStorage(): KeyValueStorage {
  const runtime = (globalThis as { OfficeRuntime?: { storage?: KeyValueStorage } }).OfficeRuntime;
  return runtime?.storage ?? createMemoryStorage();
}
