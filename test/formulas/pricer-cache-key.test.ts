/**
 * The formula cache key (D15: answers depend on the credentials' scope): a cached answer is served only to
 * the identity that was answered and only for the service that answered it, also after a reopen (a new
 * runtime reading the persisted cache from OfficeRuntime.storage).
 */
import { JobMarketClient } from '../../src/api/client';
import { jobSpec } from '../../src/domain/job';
import { createJobPricer, NOT_SIGNED_IN, type JobPricer } from '../../src/formulas/pricer';
import { DEFAULT_SETTINGS, type Settings } from '../../src/session/settings';
import { createMemoryStorage, type KeyValueStorage } from '../../src/session/storage';
import { resultBody } from '../api/fixtures';

/** A service per URL that answers Salary50 = base of its URL + figure of the caller's token, and counts calls. */
const SERVICES: Record<string, number> = { 'https://one.example': 100_000, 'https://two.example': 200_000 };
const TOKENS: Record<string, number> = { 'token-a': 1_000, 'token-b': 2_000 };
let calls = 0;
const fetchImpl: typeof fetch = async (input, init) => {
  calls++;
  const url = new URL(String(input));
  const token = String((init?.headers as Record<string, string>).Authorization).replace(/^Bearer /, '');
  const salary = (SERVICES[url.origin] ?? 0) + (TOKENS[token] ?? 0);
  return new Response(JSON.stringify({ Code: 1, Data: resultBody({ Salary50: salary }) }), {
    headers: { 'content-type': 'application/json' },
  });
};

type PricerSession = Parameters<typeof createJobPricer>[0]['session'];

/** Just what the pricer reads of a session: settings, token, identity, a client, change events. */
function fakeSession(): PricerSession & {
  signIn(token: string, identity: string): void;
  useService(url: string): void;
} {
  let settings: Settings = { ...DEFAULT_SETTINGS, serviceUrl: 'https://one.example', coalesceWindowMs: 1 };
  let signedIn: { token: string; identity: string } | null = null;
  const listeners = new Set<() => void>();
  const changed = (): void => listeners.forEach((l) => l());
  return {
    ready: async () => undefined,
    getSettings: () => ({ ...settings }),
    getAccessToken: () => signedIn?.token ?? null,
    getIdentity: () => signedIn?.identity ?? null,
    client: () =>
      new JobMarketClient({
        baseUrl: settings.serviceUrl,
        getAccessToken: () => signedIn?.token ?? null,
        fetchImpl,
      }),
    onChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    signIn(token: string, identity: string) {
      signedIn = { token, identity };
      changed();
    },
    useService(url: string) {
      settings = { ...settings, serviceUrl: url };
      changed();
    },
  };
}

const job = jobSpec({ title: 'Accountant' });
const salaryOf = async (pricer: JobPricer): Promise<unknown> => {
  const outcome = await pricer.price(job);
  return outcome.ok ? outcome.result.Salary50 : outcome.message;
};

let storage: KeyValueStorage;
beforeEach(() => {
  storage = createMemoryStorage();
  calls = 0;
});

/** A runtime: a new session (signed out, as after reopening without "remember me") and a new pricer. */
function openRuntime(): { session: ReturnType<typeof fakeSession>; pricer: JobPricer } {
  const session = fakeSession();
  return { session, pricer: createJobPricer({ session, storage, persist: { debounceMs: 0 } }) };
}

describe('formula cache key: identity and service URL', () => {
  it('after a reopen, a different client never gets the previous client’s cached figure', async () => {
    const first = openRuntime();
    first.session.signIn('token-a', 'client:a');
    await expect(salaryOf(first.pricer)).resolves.toBe(101_000);
    await first.pricer.persist();

    const second = openRuntime();
    second.session.signIn('token-b', 'client:b');
    await expect(salaryOf(second.pricer)).resolves.toBe(102_000);
    expect(calls).toBe(2);
  });

  it('after a reopen, the same client is served from the persisted cache (no call)', async () => {
    const first = openRuntime();
    first.session.signIn('token-a', 'client:a');
    await salaryOf(first.pricer);
    await first.pricer.persist();

    const second = openRuntime();
    second.session.signIn('token-a2', 'client:a'); // a new token for the same client
    await expect(salaryOf(second.pricer)).resolves.toBe(101_000);
    expect(calls).toBe(1);
  });

  it('after a reopen, nobody signed in gets "sign in", not a figure someone else was given', async () => {
    const first = openRuntime();
    first.session.signIn('token-a', 'client:a');
    await salaryOf(first.pricer);
    await first.pricer.persist();

    const second = openRuntime();
    await expect(salaryOf(second.pricer)).resolves.toBe(NOT_SIGNED_IN);
    expect(calls).toBe(1);
  });

  it('another service URL is asked again: answers of one service are never served for another', async () => {
    const { session, pricer } = openRuntime();
    session.signIn('token-a', 'client:a');
    await expect(salaryOf(pricer)).resolves.toBe(101_000);
    session.useService('https://two.example');
    await expect(salaryOf(pricer)).resolves.toBe(201_000);
    session.useService('https://one.example');
    await expect(salaryOf(pricer)).resolves.toBe(101_000);
    expect(calls).toBe(2);
  });
});
