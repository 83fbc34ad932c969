/** D15 client-credentials token and the "Test connection" probe, over real HTTP. */
import { CONNECTION_PROBE_JOB } from '../../src/api/client';
import {
  startScriptedServer,
  specFaithfulService,
  TEST_TOKEN,
  type ScriptedServer,
} from '../support/scripted-server';
import { apiErrorOf, testClient } from './fixtures';

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  await server.close();
});

describe('D15 requestToken', () => {
  test('D15 POSTs a form body with grant_type=client_credentials and returns the token with its expiry', async () => {
    const now = 1_800_000_000_000;
    const { client } = testClient(server, { getAccessToken: () => null, now: () => now });
    const token = await client.requestToken('test-client', 'test-secret');
    expect(token).toEqual({ accessToken: TEST_TOKEN, expiresAt: now + 3_600_000 });
    const req = server.requests[0]!;
    expect(req.path).toBe('/oauth/token');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body).toEqual({
      grant_type: 'client_credentials',
      client_id: 'test-client',
      client_secret: 'test-secret',
    });
  });

  test('D15 a wrong secret → unauthorized, not retried, and the secret is not in the message', async () => {
    const { client } = testClient(server);
    const err = await apiErrorOf(() => client.requestToken('test-client', 'wrong-secret-xyz'));
    expect(err.code).toBe('unauthorized');
    expect(err.message).toBe(
      'The service did not accept the client ID and secret (401). Check them under Connection in the JobPrice pane. The service said: Unknown client or wrong secret.',
    );
    expect(err.message).not.toContain('wrong-secret-xyz');
    expect(server.requests).toHaveLength(1);
  });

  test('D15 an OAuth 400 (e.g. invalid_client) is also a credentials problem', async () => {
    server.respondWith(() => ({ status: 400, json: { error: 'invalid_client' } }));
    const err = await apiErrorOf(() => testClient(server).client.requestToken('a', 'b'));
    expect(err.code).toBe('unauthorized');
    expect(err.message).toContain('The service said: invalid_client');
  });

  test('D15 a token answer without access_token → protocol error', async () => {
    server.respondWith(() => ({ json: { token_type: 'Bearer', expires_in: 3600 } }));
    const err = await apiErrorOf(() => testClient(server).client.requestToken('a', 'b'));
    expect(err.code).toBe('protocol');
    expect(err.message).toContain('access_token');
  });

  test('D15 a token_type other than Bearer → protocol error', async () => {
    server.respondWith(() => ({ json: { access_token: 't', token_type: 'MAC', expires_in: 3600 } }));
    const err = await apiErrorOf(() => testClient(server).client.requestToken('a', 'b'));
    expect(err.code).toBe('protocol');
    expect(err.message).toContain('"MAC"');
  });
});

describe('testConnection', () => {
  test('a good service and token → a sentence saying it connected and priced the probe job', async () => {
    const message = await testClient(server).client.testConnection();
    expect(message).toBe(
      `Connected to ${server.url} and signed in: the test job "${CONNECTION_PROBE_JOB.title}" was priced (match rating Confident).`,
    );
    expect(server.requests[0]!.path).toBe('/DaaS/jobpricing');
  });

  test('a Code -1 answer still proves the connection: the sentence says why the job was not priced', async () => {
    await server.close();
    server = await startScriptedServer(
      specFaithfulService({ unmatchedTitles: [CONNECTION_PROBE_JOB.title] }),
    );
    const message = await testClient(server).client.testConnection();
    expect(message).toContain('but the test job "Software Developers" was not priced: No matching job found');
  });

  test('D14 a bad token → throws unauthorized with the 401 sentence', async () => {
    const err = await apiErrorOf(() =>
      testClient(server, { getAccessToken: () => 'stale' }).client.testConnection(),
    );
    expect(err.code).toBe('unauthorized');
    expect(err.message).toMatch(/^The service rejected the access token \(401\)/);
  });

  test('one attempt only: a 503 is reported at once, not retried', async () => {
    server.respondWith(() => ({ status: 503 }));
    const { client, sleeps } = testClient(server);
    const err = await apiErrorOf(() => client.testConnection());
    expect(err.code).toBe('server');
    expect(err.message).toContain('after 1 attempt.');
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});
