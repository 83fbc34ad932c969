import { z } from 'zod';
import { JobMarketClient } from '../api/client';
import { withTimeout } from '../domain/timers';
import { applySettingsPatch, DEFAULT_SETTINGS, parseStoredSettings, type Settings } from './settings';
import { storageKeys } from './deployment';
import { runtimeStorage, STORAGE_WAIT_MS, type KeyValueStorage } from './storage';

/**
 * The one session per add-in runtime: settings, the access token and a client bound to both.
 * The task pane, the ribbon commands and the custom functions run in one shared runtime as three webpack
 * entries over one webpack runtime chunk (webpack.config.js), so this module is instantiated once per page
 * and `getSession()` is an ordinary module singleton that all three see.
 *
 * Secrets: the token lives in memory. It is written to storage only when the user ticks "remember me"
 * (OfficeRuntime.storage is persistent and unencrypted), never to the workbook or document settings,
 * and it never appears in an error message. A client secret is used once to get a token and dropped.
 */

export interface Session {
  /** Loads settings (and a remembered token) once; later calls return the same promise. */
  ready(): Promise<void>;
  getSettings(): Settings;
  /** @throws SettingsError when a value is refused (e.g. an http:// URL to a remote host). */
  updateSettings(patch: Partial<Settings>): Promise<Settings>;
  /** The current token, or null when there is none or it has expired. */
  getAccessToken(): string | null;
  /**
   * Who is signed in, for caches whose answers depend on the credentials' data scope (D15):
   * `client:<id>` after a client-credentials sign-in, otherwise `token:<fingerprint>` of a pasted token.
   * It outlives the token's expiry (the same user is still there) and is null after sign-out.
   */
  getIdentity(): string | null;
  setAccessToken(
    token: string,
    opts: { remember: boolean; expiresAt?: number; identity?: string },
  ): Promise<void>;
  signInWithClientCredentials(
    clientId: string,
    clientSecret: string,
    opts: { remember: boolean },
  ): Promise<void>;
  signOut(): Promise<void>;
  /** A client bound to the current service URL; it reads the token at each call, so sign-in applies at once. */
  client(): JobMarketClient;
  /** Called after any change of settings or token. Returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
}

/** This add-in's keys (namespaced by its manifest Id, src/session/deployment.ts). */
export const STORAGE_KEYS = storageKeys();
/** The keys of builds before the namespace; read once, moved to STORAGE_KEYS and removed. */
const UNNAMESPACED_KEYS = storageKeys('');

const StoredTokenSchema = z.object({
  token: z.string().min(1),
  expiresAt: z.number().finite().nullable(),
  identity: z.string().optional(),
});

/** A short, non-reversible fingerprint (FNV-1a, 32 bits) that tells two pasted tokens apart without keeping either. */
function tokenFingerprint(token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** A token is treated as expired this long before its stated end, so a call never leaves with a dying one. */
const EXPIRY_MARGIN_MS = 30_000;

export function createSession(deps: {
  storage: KeyValueStorage;
  /** Defaults to STORAGE_KEYS (tests pass another add-in Id's). */
  keys?: ReturnType<typeof storageKeys>;
  now?: () => number;
  fetchImpl?: typeof fetch;
}): Session {
  const { storage } = deps;
  const keys = deps.keys ?? STORAGE_KEYS;
  const now = deps.now ?? (() => Date.now());
  let settings: Settings = { ...DEFAULT_SETTINGS };
  let token: { value: string; expiresAt: number | null; identity: string } | null = null;
  let loading: Promise<void> | null = null;
  let cachedClient: { baseUrl: string; client: JobMarketClient } | null = null;
  const listeners = new Set<() => void>();

  const notify = (): void => {
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch {
        // A failing listener (e.g. a pane element already gone) must not stop the others.
      }
    }
  };

  /** The value under `key`, else one an earlier build left under the plain key, moved over. */
  async function read(key: 'settings' | 'token'): Promise<string | null> {
    const value = await storage.getItem(keys[key]).catch(() => null);
    const old = UNNAMESPACED_KEYS[key];
    if (value !== null || old === keys[key]) return value;
    const earlier = await storage.getItem(old).catch(() => null);
    if (earlier === null) return null;
    await storage
      .setItem(keys[key], earlier)
      .then(() => storage.removeItem(old))
      .catch(() => undefined);
    return earlier;
  }

  async function load(): Promise<void> {
    const [rawSettings, rawToken] = await withTimeout(
      Promise.all([read('settings'), read('token')]),
      STORAGE_WAIT_MS,
      [null, null] as [string | null, string | null],
    );
    settings = parseStoredSettings(safeJson(rawSettings));
    const stored = StoredTokenSchema.safeParse(safeJson(rawToken));
    // A token set in this runtime before ready() finished wins over the remembered one.
    if (stored.success && token === null) {
      const { token: value, expiresAt, identity } = stored.data;
      token = { value, expiresAt, identity: identity ?? `token:${tokenFingerprint(value)}` };
    }
    notify();
  }

  const session: Session = {
    ready() {
      loading ??= load();
      return loading;
    },
    getSettings() {
      return { ...settings };
    },
    async updateSettings(patch) {
      const next = applySettingsPatch(settings, patch);
      settings = next;
      await storage.setItem(keys.settings, JSON.stringify(next));
      notify();
      return { ...next };
    },
    getAccessToken() {
      if (token === null) return null;
      if (token.expiresAt !== null && now() >= token.expiresAt - EXPIRY_MARGIN_MS) return null;
      return token.value;
    },
    getIdentity() {
      return token?.identity ?? null;
    },
    async setAccessToken(value, opts) {
      const trimmed = value.trim();
      if (trimmed === '') throw new Error('The access token is empty.');
      token = {
        value: trimmed,
        expiresAt: opts.expiresAt ?? null,
        identity: opts.identity ?? `token:${tokenFingerprint(trimmed)}`,
      };
      if (opts.remember) {
        await storage.setItem(
          keys.token,
          JSON.stringify({ token: trimmed, expiresAt: token.expiresAt, identity: token.identity }),
        );
      } else {
        // Unticking "remember me" must also forget a token remembered earlier.
        await storage.removeItem(keys.token);
      }
      notify();
    },
    async signInWithClientCredentials(clientId, clientSecret, opts) {
      const issued = await session.client().requestToken(clientId.trim(), clientSecret);
      await session.setAccessToken(issued.accessToken, {
        remember: opts.remember,
        expiresAt: issued.expiresAt,
        identity: `client:${clientId.trim()}`,
      });
    },
    async signOut() {
      token = null;
      await storage.removeItem(keys.token);
      notify();
    },
    client() {
      if (cachedClient === null || cachedClient.baseUrl !== settings.serviceUrl) {
        const baseUrl = settings.serviceUrl;
        const client = new JobMarketClient({
          baseUrl,
          getAccessToken: () => session.getAccessToken(),
          ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
        });
        cachedClient = { baseUrl, client };
      }
      return cachedClient.client;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return session;
}

function safeJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

let instance: Session | undefined;

/** The session of this runtime (storage: OfficeRuntime.storage), created on first use. */
export function getSession(): Session {
  instance ??= createSession({ storage: runtimeStorage() });
  return instance;
}

/**
 * Replaces this runtime's session; `undefined` forgets it, so the next getSession() builds a fresh one from
 * storage (what reopening the workbook does). For tests and benches; the add-in itself never calls it.
 */
export function installSession(session: Session | undefined): void {
  instance = session;
}
