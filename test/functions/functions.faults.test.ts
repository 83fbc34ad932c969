import { PATHS, RESULT_FIELDS } from '../../src/api/wire';
import { deadlineMessage } from '../../src/domain/coalescer';
import { NOT_IN_SCOPE } from '../../src/functions/fields';
import { createJobPricer, NOT_SIGNED_IN } from '../../src/formulas/pricer';
import { functionsPricer, installFunctionsPricer } from '../../src/formulas/functions-pricer';
import { getSession, installSession } from '../../src/session/session';
import { specFaithfulService, startScriptedServer, type ScriptedServer } from '../support/scripted-server';
import { loadFunctionsHost, type FunctionsHost } from './support/functions-host';
import { FakeCustomFunctionError, MemoryOfficeStorage, shown } from './support/office-fakes';

/**
 * The JOBPRICE.* functions as Excel runs them (module loaded, functions associated by the metadata's
 * list, null for omitted arguments) against the scripted loopback server of test/support, made to fail
 * the ways a real service can: 401, 5xx for a whole batch, a dropped network, a hang, a data scope that
 * omits figures, and no sign-in at all. Calls are counted at the server. The normal paths run against
 * the reference service in functions.service.test.ts.
 */

let server: ScriptedServer;
let host: FunctionsHost;

/** Requests before this index belong to earlier tests. */
let firstOfTest = 0;
const since = (path: string) => server.requests.slice(firstOfTest).filter((r) => r.path === path);
const batchCalls = (): number => since(PATHS.batch).length;
const singleCalls = (): number => since(PATHS.single).length;
const allCalls = (): number => batchCalls() + singleCalls();

/** What reopening the workbook does to the runtime: a new session and pricer, the same storage. */
function reopen(): void {
  installFunctionsPricer(undefined);
  installSession(undefined);
}

async function signIn(): Promise<void> {
  const session = getSession();
  await session.ready();
  await session.updateSettings({ serviceUrl: server.url });
  await session.signInWithClientCredentials('test-client', 'test-secret', { remember: false });
}

beforeAll(async () => {
  server = await startScriptedServer();
  host = await loadFunctionsHost();
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  // The previous test's pricer saves on a debounce; flush it now so it cannot write into this test's storage.
  await functionsPricer().persist();
  host.storage.map.clear();
  reopen();
  server.respondWith(specFaithfulService());
  await signIn();
  firstOfTest = server.requests.length;
});

describe('JOBPRICE.* errors the service has to be made to produce', () => {
  it('a figure outside the data scope (D15: Comp omitted) is #N/A "Not included in your data scope", never a number', async () => {
    const base = specFaithfulService();
    server.respondWith(async (req, i) => {
      const reply = await base(req, i);
      const json = reply.json as { Code: number; Data: Record<string, unknown> };
      if (json?.Code === 1 && !Array.isArray(json.Data))
        for (const k of Object.keys(json.Data)) if (k.startsWith('Comp')) delete json.Data[k];
      return reply;
    });
    await expect(shown(host.cell('COMP50', 'Chemist'))).resolves.toEqual({
      error: '#N/A',
      message: NOT_IN_SCOPE,
    });
    expect(typeof (await host.cell('SALARY50', 'Chemist'))).toBe('number');
    const row = ((await host.cell('MATCH', 'Chemist')) as unknown[][])[0] as unknown[];
    expect(row[RESULT_FIELDS.indexOf('Comp50')]).toEqual(new FakeCustomFunctionError('#N/A', NOT_IN_SCOPE));
    expect(allCalls()).toBe(1);
  });

  it('without sign-in: #N/A "Sign in to JobPrice in the task pane", no call; signing out forgets cached answers', async () => {
    await host.cell('SALARY50', 'Pilot');
    expect(allCalls()).toBe(1);
    await getSession().signOut();
    await new Promise((r) => setTimeout(r, 20)); // the cache is dropped in the change listener
    await expect(shown(host.cell('SALARY50', 'Pilot'))).resolves.toEqual({
      error: '#N/A',
      message: NOT_SIGNED_IN,
    });
    await expect(shown(host.cell('SALARY50', 'Navigator'))).resolves.toEqual({
      error: '#N/A',
      message: NOT_SIGNED_IN,
    });
    expect(allCalls()).toBe(1);
  });

  it('signing in as someone else forgets cached answers (D15 scope); renewing the same identity keeps them', async () => {
    await host.cell('SALARY50', 'Pilot');
    expect(allCalls()).toBe(1);
    const session = getSession();
    const sameIdentity = session.getIdentity() as string;
    const token = session.getAccessToken() as string;
    await session.setAccessToken(token, { remember: false, identity: sameIdentity }); // a renewal
    await new Promise((r) => setTimeout(r, 20));
    await host.cell('SALARY50', 'Pilot');
    expect(allCalls()).toBe(1);
    await session.setAccessToken(token, { remember: false, identity: 'client:someone-else' });
    await new Promise((r) => setTimeout(r, 20)); // the cache is dropped in the change listener
    await host.cell('SALARY50', 'Pilot');
    expect(allCalls()).toBe(2);
  });

  it('401: #N/A telling the user to sign in again, and nothing cached', async () => {
    server.respondWith(() => ({
      status: 401,
      headers: { 'WWW-Authenticate': 'Bearer' },
      json: { Code: -1, Message: 'The access token is missing, invalid or expired.' },
    }));
    const r = await shown(host.cell('SALARY50', 'Pilot'));
    expect(r).toMatchObject({ error: '#N/A' });
    expect((r as { message: string }).message).toMatch(/sign in again/i);
    server.respondWith(specFaithfulService());
    expect(typeof (await host.cell('SALARY50', 'Pilot'))).toBe('number');
  });

  it('a batch that fails as a whole (5xx after retries) is #N/A with the reason for every cell', async () => {
    server.respondWith(() => ({ status: 503, json: { Code: -1, Message: 'Down for maintenance' } }));
    const results = await Promise.all(
      ['A', 'B', 'C'].map((t) => shown(host.cell('SALARY50', `Batch fail ${t}`))),
    );
    for (const r of results) {
      expect(r).toMatchObject({ error: '#N/A' });
      expect((r as { message: string }).message).toMatch(/internal problem \(503\)/);
    }
    expect(batchCalls()).toBe(4); // one batch, tried 4 times (D14 retries 5xx), never per cell
  });

  it('a network fault is #N/A with the reason', async () => {
    const dead = await startScriptedServer();
    const deadUrl = dead.url;
    await dead.close();
    await getSession().updateSettings({ serviceUrl: deadUrl });
    const r = await shown(host.cell('SALARY50', 'Baker'));
    expect(r).toMatchObject({ error: '#N/A' });
    expect((r as { message: string }).message).toMatch(/Could not reach the service/);
  });

  it('a hanging service: every cell settles by the deadline with #N/A', async () => {
    server.respondWith(() => ({ delayMs: 20_000, json: { Code: 1, Data: {} } }));
    installFunctionsPricer(
      createJobPricer({ session: getSession(), storage: new MemoryOfficeStorage(), deadlineMs: 1_500 }),
    );
    const results = await Promise.all(['x', 'y'].map((t) => shown(host.cell('SALARY50', `Hang ${t}`))));
    for (const r of results) expect(r).toEqual({ error: '#N/A', message: deadlineMessage(1_500) });
  });

  it('storage that never answers: cells are priced without the persisted cache after a short wait', async () => {
    const silent = {
      getItem: () => new Promise<string | null>(() => undefined),
      setItem: async () => undefined,
      removeItem: async () => undefined,
    };
    installFunctionsPricer(
      createJobPricer({ session: getSession(), storage: silent, storageWaitMs: 200, deadlineMs: 3_000 }),
    );
    expect(typeof (await host.cell('SALARY50', 'Silent storage'))).toBe('number');
  });

  it('a session that never becomes ready still settles the cell by the deadline', async () => {
    const session = getSession();
    const stuck = { ...session, ready: () => new Promise<void>(() => undefined), onChange: session.onChange };
    installFunctionsPricer(
      createJobPricer({ session: stuck, storage: new MemoryOfficeStorage(), deadlineMs: 500 }),
    );
    await expect(shown(host.cell('SALARY50', 'Stuck session'))).resolves.toEqual({
      error: '#N/A',
      message: deadlineMessage(500),
    });
    expect(allCalls()).toBe(0);
  });
});
