import { createSession, getSession, installSession, STORAGE_KEYS } from '../../src/session/session';
import { createMemoryStorage, type KeyValueStorage } from '../../src/session/storage';
import { storageKeys } from '../../src/session/deployment';
import {
  DEFAULT_SERVICE_URL,
  normalizeServiceUrl,
  parseStoredSettings,
  SettingsError,
} from '../../src/session/settings';

function recordingStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: async (k) => data.get(k) ?? null,
    setItem: async (k, v) => {
      data.set(k, v);
    },
    removeItem: async (k) => {
      data.delete(k);
    },
  };
}

const tokenFetch = (expiresIn = 3600): { fetchImpl: typeof fetch; bodies: string[] } => {
  const bodies: string[] = [];
  const fetchImpl = (async (_url: unknown, init?: RequestInit) => {
    bodies.push(String(init?.body ?? ''));
    return new Response(
      JSON.stringify({ access_token: 'issued-token-abc', token_type: 'Bearer', expires_in: expiresIn }),
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
      },
    );
  }) as typeof fetch;
  return { fetchImpl, bodies };
};

describe('settings: service URL must be https, or loopback http', () => {
  it.each([
    'http://127.0.0.1:8600',
    'http://localhost:3001/',
    'http://[::1]:8600',
    'http://127.5.6.7',
    'https://api.example.com/base/',
  ])('accepts %s', (url) => {
    expect(() => normalizeServiceUrl(url)).not.toThrow();
  });

  it('normalises: no trailing slash', () => {
    expect(normalizeServiceUrl(' https://api.example.com/base/ ')).toBe('https://api.example.com/base');
  });

  it.each([
    ['http://example.com', /must use https:\/\/.*not to example\.com/],
    ['http://127.0.0.1.example.com', /must use https/],
    ['ftp://127.0.0.1', /must start with https/],
    ['not a url', /not a valid URL/],
    ['https://user:pw@example.com', /user name or password/],
    ['', /Enter the service URL/],
  ])('refuses %s with a clear message', (url, message) => {
    expect(() => normalizeServiceUrl(url)).toThrow(SettingsError);
    expect(() => normalizeServiceUrl(url)).toThrow(message);
  });

  it('falls back per field to defaults for a stored value that is invalid', () => {
    expect(
      parseStoredSettings({ serviceUrl: 'http://evil.example', cacheTtlHours: 2, coalesceWindowMs: 'x' }),
    ).toEqual({
      serviceUrl: DEFAULT_SERVICE_URL,
      cacheTtlHours: 2,
      coalesceWindowMs: 50,
    });
  });
});

describe('session', () => {
  it('loads settings once, persists changes, and refuses a bad URL without changing anything', async () => {
    const storage = recordingStorage({
      [STORAGE_KEYS.settings]: JSON.stringify({ serviceUrl: 'https://a.example', cacheTtlHours: 5 }),
    });
    const session = createSession({ storage });
    await session.ready();
    expect(session.getSettings()).toEqual({
      serviceUrl: 'https://a.example',
      cacheTtlHours: 5,
      coalesceWindowMs: 50,
    });
    let changes = 0;
    session.onChange(() => changes++);
    await session.updateSettings({ cacheTtlHours: 1 });
    expect(JSON.parse(storage.data.get(STORAGE_KEYS.settings) as string)).toMatchObject({ cacheTtlHours: 1 });
    await expect(session.updateSettings({ serviceUrl: 'http://remote.example' })).rejects.toThrow(
      SettingsError,
    );
    await expect(session.updateSettings({ cacheTtlHours: -3 })).rejects.toThrow(
      'Cache lifetime (hours): use 0 hours or more',
    );
    await expect(session.updateSettings({ cacheTtlHours: Number.NaN })).rejects.toThrow(
      /Cache lifetime \(hours\): enter a number of hours/,
    );
    expect(session.getSettings().serviceUrl).toBe('https://a.example');
    expect(changes).toBe(1);
  });

  it('keeps the token in memory only, unless "remember me" is ticked; unticking forgets it', async () => {
    const storage = recordingStorage();
    const session = createSession({ storage });
    await session.ready();
    await session.setAccessToken('  tok-1 ', { remember: false });
    expect(session.getAccessToken()).toBe('tok-1');
    expect([...storage.data.values()].join()).not.toContain('tok-1');
    await session.setAccessToken('tok-2', { remember: true });
    expect(storage.data.get(STORAGE_KEYS.token)).toContain('tok-2');
    const again = createSession({ storage });
    await again.ready();
    expect(again.getAccessToken()).toBe('tok-2');
    await session.setAccessToken('tok-3', { remember: false });
    expect(storage.data.has(STORAGE_KEYS.token)).toBe(false);
    await session.signOut();
    expect(session.getAccessToken()).toBeNull();
  });

  it('treats an expired token as absent', async () => {
    let now = 1_000_000;
    const session = createSession({ storage: createMemoryStorage(), now: () => now });
    await session.setAccessToken('short', { remember: false, expiresAt: now + 60_000 });
    expect(session.getAccessToken()).toBe('short');
    now += 60_000;
    expect(session.getAccessToken()).toBeNull();
  });

  it('signs in with client credentials (D15): the secret is sent once and never stored', async () => {
    const storage = recordingStorage();
    const { fetchImpl, bodies } = tokenFetch();
    const session = createSession({ storage, fetchImpl, now: () => 0 });
    await session.ready();
    await session.signInWithClientCredentials('client-1', 's3cret-value', { remember: true });
    expect(session.getAccessToken()).toBe('issued-token-abc');
    expect(bodies.join()).toContain('s3cret-value');
    const stored = [...storage.data.values()].join();
    expect(stored).toContain('issued-token-abc');
    expect(stored).not.toContain('s3cret-value');
  });

  it('names who is signed in: the client id, or a fingerprint of a pasted token that is not the token', async () => {
    const storage = recordingStorage();
    const { fetchImpl } = tokenFetch();
    const session = createSession({ storage, fetchImpl, now: () => 0 });
    await session.ready();
    expect(session.getIdentity()).toBeNull();
    await session.setAccessToken('pasted-token-one', { remember: false });
    const pasted = session.getIdentity() as string;
    expect(pasted).toMatch(/^token:[0-9a-f]{8}$/);
    expect(pasted).not.toContain('pasted-token-one');
    await session.setAccessToken('pasted-token-two', { remember: false });
    expect(session.getIdentity()).not.toBe(pasted);
    await session.signInWithClientCredentials(' client-1 ', 'secret', { remember: true });
    expect(session.getIdentity()).toBe('client:client-1');
    const reopened = createSession({ storage, now: () => 0 });
    await reopened.ready();
    expect(reopened.getIdentity()).toBe('client:client-1');
    await reopened.signOut();
    expect(reopened.getIdentity()).toBeNull();
  });

  it('starts with the defaults when storage never answers, instead of hanging the pane', async () => {
    jest.useFakeTimers();
    try {
      const hanging: KeyValueStorage = {
        getItem: () => new Promise<string | null>(() => undefined),
        setItem: async () => undefined,
        removeItem: async () => undefined,
      };
      const session = createSession({ storage: hanging });
      let done = false;
      const ready = session.ready().then(() => {
        done = true;
      });
      await jest.advanceTimersByTimeAsync(4_000);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(2_000);
      await ready;
      expect(session.getSettings().serviceUrl).toBe(DEFAULT_SERVICE_URL);
      expect(session.getAccessToken()).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('binds the client to the current URL, and reuses it while the URL is unchanged', async () => {
    const session = createSession({ storage: createMemoryStorage() });
    await session.ready();
    const a = session.client();
    expect(session.client()).toBe(a);
    await session.updateSettings({ serviceUrl: 'https://b.example' });
    expect(session.client()).not.toBe(a);
  });

  it('getSession is one per runtime, an ordinary module singleton (nothing kept on globalThis)', () => {
    const before = new Set(Object.keys(globalThis));
    const first = getSession();
    expect(getSession()).toBe(first);
    expect(Object.keys(globalThis).filter((k) => !before.has(k))).toEqual([]);
    installSession(undefined);
    expect(getSession()).not.toBe(first);
  });
});

describe('storage keys are namespaced by the manifest Id (add-ins on one origin share OfficeRuntime.storage)', () => {
  const id = '5c7b2f1e-8d4a-4c6e-9b3f-2a1d0e6f7c84';

  it('names every key after the Id, and the unbuilt sources keep the plain keys', () => {
    expect(storageKeys(id)).toEqual({
      settings: `jobprice.${id}.settings`,
      token: `jobprice.${id}.token`,
      results: `jobprice.${id}.results.v1.`,
    });
    expect(STORAGE_KEYS).toEqual(storageKeys(''));
  });

  it("keeps two add-ins' settings and tokens apart on one storage", async () => {
    const storage = recordingStorage();
    const ours = createSession({ storage, keys: storageKeys(id) });
    await ours.ready();
    await ours.updateSettings({ serviceUrl: 'https://ours.example.com' });
    await ours.setAccessToken('our-token', { remember: true });
    // Another add-in on the same origin starts afterwards: it sees nothing of ours.
    const theirs = createSession({ storage, keys: storageKeys('0b7c8a44-1f7e-4c55-9d4a-7f2f3a1e9c10') });
    await theirs.ready();
    expect(theirs.getSettings().serviceUrl).not.toBe('https://ours.example.com');
    expect(theirs.getAccessToken()).toBeNull();
    // Ours, reopened, finds both again.
    const reopened = createSession({ storage, keys: storageKeys(id) });
    await reopened.ready();
    expect(reopened.getSettings().serviceUrl).toBe('https://ours.example.com');
    expect(reopened.getAccessToken()).toBe('our-token');
    expect([...storage.data.keys()].sort()).toEqual([`jobprice.${id}.settings`, `jobprice.${id}.token`]);
  });

  it('moves what an earlier build stored under the plain keys, once, and removes those', async () => {
    const storage = recordingStorage({
      'jobprice.settings': JSON.stringify({ serviceUrl: 'https://api.example.com', cacheTtlHours: 12 }),
      'jobprice.token': JSON.stringify({ token: 'remembered', expiresAt: null }),
    });
    const session = createSession({ storage, keys: storageKeys(id) });
    await session.ready();
    expect(session.getSettings()).toMatchObject({ serviceUrl: 'https://api.example.com', cacheTtlHours: 12 });
    expect(session.getAccessToken()).toBe('remembered');
    expect(storage.data.has('jobprice.settings')).toBe(false);
    expect(storage.data.has('jobprice.token')).toBe(false);
    expect(JSON.parse(storage.data.get(`jobprice.${id}.settings`) ?? '{}')).toMatchObject({
      cacheTtlHours: 12,
    });
  });
});
