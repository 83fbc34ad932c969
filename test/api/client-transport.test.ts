/** D14 statuses, retries, backoff, Retry-After; timeouts; cancellation; network failures; configuration. */
import { createServer } from 'node:net';
import { JobMarketClient } from '../../src/api/client';
import { JobPriceApiError } from '../../src/api/errors';
import { jobSpec } from '../../src/domain/job';
import { startScriptedServer, TEST_TOKEN, type ScriptedServer } from '../support/scripted-server';
import { apiErrorOf, resultBody, testClient } from './fixtures';

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  await server.close();
});

const job = jobSpec({ title: 'Registered Nurses' });
const ok = { json: { Code: 1, Data: resultBody() } };
const envelope = (message: string): { Code: number; Message: string } => ({ Code: -1, Message: message });

describe('D14 retries', () => {
  test('D14 429 with Retry-After: 2 → waits exactly 2000 ms, then succeeds', async () => {
    server.respondWithSequence(
      { status: 429, headers: { 'Retry-After': '2' }, json: envelope('Slow down') },
      ok,
    );
    const { client, sleeps } = testClient(server);
    const outcome = await client.matchJob(job);
    expect(outcome.ok).toBe(true);
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([2000]);
  });

  test('D14 429 with an HTTP-date Retry-After → waits until that date (injected clock)', async () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    server.respondWithSequence(
      { status: 429, headers: { 'Retry-After': 'Thu, 01 Jan 2026 00:00:03 GMT' } },
      ok,
    );
    const { client, sleeps } = testClient(server, { now: () => now });
    expect((await client.matchJob(job)).ok).toBe(true);
    expect(sleeps).toEqual([3000]);
  });

  test('D14 429 without Retry-After → exponential backoff with full jitter', async () => {
    server.respondWithSequence({ status: 429 }, { status: 429 }, { status: 429 }, ok);
    const { client, sleeps } = testClient(server, { random: () => 0.5, backoffBaseMs: 300 });
    expect((await client.matchJob(job)).ok).toBe(true);
    expect(sleeps).toEqual([150, 300, 600]);
  });

  test('D14 429 exhausted → rate_limited "try again in N s" after maxAttempts requests', async () => {
    server.respondWith(() => ({
      status: 429,
      headers: { 'Retry-After': '5' },
      json: envelope('Too many requests'),
    }));
    const { client, sleeps } = testClient(server);
    const err = await apiErrorOf(() => client.matchJob(job));
    expect(err.code).toBe('rate_limited');
    expect(err.status).toBe(429);
    expect(err.retryable).toBe(true);
    expect(err.message).toBe(
      'The service is rate limiting requests (429); try again in 5 s. The service said: Too many requests',
    );
    expect(server.requests).toHaveLength(4);
    expect(sleeps).toEqual([5000, 5000, 5000]);
  });

  test('D14 429 with a Retry-After beyond the cap → gives up at once and says when to try again', async () => {
    server.respondWith(() => ({ status: 429, headers: { 'Retry-After': '600' } }));
    const { client, sleeps } = testClient(server);
    const err = await apiErrorOf(() => client.matchJob(job));
    expect(err.message).toBe('The service is rate limiting requests (429); try again in 600 s.');
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  test('D14 500 then success → one retry, result returned', async () => {
    server.respondWithSequence({ status: 500, json: envelope('boom') }, ok);
    const { client, sleeps } = testClient(server);
    expect((await client.matchJob(job)).ok).toBe(true);
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([150]);
  });

  test('D14 5xx retry exhaustion → "server" error after maxAttempts, with the service\'s Message', async () => {
    server.respondWith(() => ({ status: 503, json: envelope('Index is reloading') }));
    const { client, sleeps } = testClient(server, {
      maxAttempts: 3,
      random: () => 1,
      backoffBaseMs: 1000,
      backoffMaxMs: 1500,
    });
    const err = await apiErrorOf(() => client.matchJob(job));
    expect(err.code).toBe('server');
    expect(err.status).toBe(503);
    expect(err.message).toBe(
      'The service had an internal problem (503) and still failed after 3 attempts. Try again later. The service said: Index is reloading',
    );
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([1000, 1500]); // capped by backoffMaxMs
  });

  test('D14 a 502 HTML page from a proxy is a server error (retried), not a protocol error', async () => {
    server.respondWithSequence(
      {
        status: 502,
        body: '<html><title>Bad Gateway</title></html>',
        headers: { 'Content-Type': 'text/html' },
      },
      ok,
    );
    const { client } = testClient(server);
    expect((await client.matchJob(job)).ok).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  test('D14 batch calls are retried the same way (500 then success)', async () => {
    server.respondWithSequence(
      { status: 500 },
      { json: { Code: 1, Data: [{ SubRequestID: 'R1', ...resultBody() }] } },
    );
    const reply = await testClient(server).client.matchBatch([{ id: 'R1', spec: job }]);
    expect(reply.byId.get('R1')!.ok).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  test.each([
    [
      400,
      'bad_request',
      false,
      /^The service could not accept the request \(400\)\. The service said: The body is not JSON\.$/,
    ],
    [
      401,
      'unauthorized',
      true,
      /^The service rejected the access token \(401\)\. Sign in again under Connection in the JobPrice pane\./,
    ],
    [
      403,
      'forbidden',
      true,
      /^The service refused this operation \(403\): your credentials don't include it\./,
    ],
    [413, 'payload_too_large', false, /^The request was too large for the service \(413, 1 KB\)\./],
  ] as const)(
    'D14 HTTP %i is never retried → code %s (one request only)',
    async (status, code, aborts, message) => {
      const bodies: Record<number, string> = {
        400: 'The body is not JSON.',
        401: 'The access token is missing, invalid or expired.',
        403: 'Operation not in scope.',
        413: 'Too large.',
      };
      server.respondWith(() => ({ status, json: envelope(bodies[status]!) }));
      const { client, sleeps } = testClient(server);
      const err = await apiErrorOf(() => client.matchJob(job));
      expect(err.code).toBe(code);
      expect(err.status).toBe(status);
      expect(err.abortsRun).toBe(aborts);
      expect(err.retryable).toBe(false);
      expect(err.message).toMatch(message);
      expect(server.requests).toHaveLength(1);
      expect(sleeps).toEqual([]);
    },
  );

  test('D14 401 from the spec-faithful service for a wrong token; the token never appears in the message', async () => {
    const secretToken = 'super-secret-token-value-123';
    const { client } = testClient(server, { getAccessToken: () => secretToken });
    const err = await apiErrorOf(() => client.matchBatch([{ id: 'R1', spec: job }]));
    expect(err.code).toBe('unauthorized');
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${secretToken}`);
    expect(err.message).not.toContain(secretToken);
    expect(String(err.stack)).not.toContain(secretToken);
  });

  test('404 (wrong address) → config error pointing at Settings, not retried', async () => {
    server.respondWith(() => ({ status: 404, body: 'Not Found' }));
    const err = await apiErrorOf(() => testClient(server).client.matchJob(job));
    expect(err.code).toBe('config');
    expect(err.message).toBe(
      `The service has no such operation at ${server.url}/DaaS/jobpricing (404). Check the service address under Connection in the JobPrice pane.`,
    );
    expect(server.requests).toHaveLength(1);
  });
});

describe('timeouts', () => {
  test('a slow answer → timeout "did not answer within N s" (per attempt, retried, then thrown)', async () => {
    server.respondWith(() => ({ ...ok, delayMs: 2_000 }));
    const { client, sleeps } = testClient(server, { timeoutMs: 150, maxAttempts: 2 });
    const started = Date.now();
    const err = await apiErrorOf(() => client.matchJob(job));
    expect(err.code).toBe('timeout');
    expect(err.retryable).toBe(true);
    expect(err.message).toBe('The service did not answer within 0.2 s.');
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1_900); // did not wait for the 2 s answer
  });

  test('timeout then a timely answer → success', async () => {
    server.respondWithSequence({ ...ok, delayMs: 1_000 }, ok);
    const { client } = testClient(server, { timeoutMs: 200 });
    expect((await client.matchJob(job)).ok).toBe(true);
  });

  test('timeout message uses whole seconds for the default-sized timeouts', async () => {
    server.respondWith(() => ({ ...ok, delayMs: 3_000 }));
    const err = await apiErrorOf(() =>
      testClient(server, { timeoutMs: 1_000, maxAttempts: 1 }).client.matchJob(job),
    );
    expect(err.message).toBe('The service did not answer within 1 s.');
  });
});

describe('cancellation', () => {
  test('a caller deadline (AbortSignal.timeout) is reported as a timeout, not as a cancel', async () => {
    server.respondWith(() => ({ ...ok, delayMs: 3_000 }));
    const err = await apiErrorOf(() =>
      testClient(server).client.matchJob(job, { signal: AbortSignal.timeout(100) }),
    );
    expect(err.code).toBe('timeout');
    expect(err.message).toBe('The service did not answer in the time allowed for this request.');
    expect(server.requests).toHaveLength(1);
  });

  test('an already-aborted signal → cancelled, nothing sent', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await apiErrorOf(() =>
      testClient(server).client.matchJob(job, { signal: controller.signal }),
    );
    expect(err.code).toBe('cancelled');
    expect(server.requests).toHaveLength(0);
  });

  test('abort during an in-flight request → cancelled at once, no retry', async () => {
    server.respondWith(() => ({ ...ok, delayMs: 3_000 }));
    const controller = new AbortController();
    const { client, sleeps } = testClient(server);
    const started = Date.now();
    const pending = apiErrorOf(() => client.matchJob(job, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 100);
    const err = await pending;
    expect(err.code).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  test('abort during the backoff sleep (real timers) → cancelled at once, no further request', async () => {
    server.respondWith(() => ({ status: 503 }));
    const controller = new AbortController();
    const client = new JobMarketClient({
      baseUrl: server.url,
      getAccessToken: () => TEST_TOKEN,
      backoffBaseMs: 10_000,
      backoffMaxMs: 10_000,
      random: () => 1,
    });
    const started = Date.now();
    const pending = apiErrorOf(() => client.matchJob(job, { signal: controller.signal }));
    const poll = setInterval(() => {
      if (server.requests.length === 1) {
        clearInterval(poll);
        setTimeout(() => controller.abort(), 50);
      }
    }, 5);
    const err = await pending;
    clearInterval(poll);
    expect(err.code).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.requests).toHaveLength(1);
  });
});

describe('network failures', () => {
  test('nothing listening → "Could not reach the service at <url>: <reason>", retried maxAttempts times', async () => {
    // A port that was just free: bind, read it, close.
    const port = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const sleeps: number[] = [];
    const client = new JobMarketClient({
      baseUrl: `http://127.0.0.1:${port}`,
      getAccessToken: () => TEST_TOKEN,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0,
    });
    const err = await apiErrorOf(() => client.matchJob(job));
    expect(err.code).toBe('network');
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(
      new RegExp(`^Could not reach the service at http://127\\.0\\.0\\.1:${port}: ECONNREFUSED`),
    );
    expect(sleeps).toHaveLength(3);
  });

  test('the connection dropped mid-request → network error, then success on retry', async () => {
    server.respondWithSequence({ destroy: true }, ok);
    const { client } = testClient(server);
    expect((await client.matchJob(job)).ok).toBe(true);
    expect(server.requests).toHaveLength(2);
  });
});

describe('configuration', () => {
  test.each(['', 'localhost:8600', 'ftp://127.0.0.1/'])(
    'baseUrl %p is refused with a config error',
    (baseUrl) => {
      let caught: unknown;
      try {
        new JobMarketClient({ baseUrl, getAccessToken: () => TEST_TOKEN });
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(JobPriceApiError);
      expect((caught as JobPriceApiError).code).toBe('config');
      expect((caught as JobPriceApiError).message).toContain('Check it under Connection');
    },
  );

  test('a throwing token provider → unauthorized with its reason, nothing sent', async () => {
    const { client } = testClient(server, {
      getAccessToken: () => {
        throw new Error('refresh failed');
      },
    });
    const err = await apiErrorOf(() => client.matchJob(job));
    expect(err.code).toBe('unauthorized');
    expect(err.message).toBe('Could not get an access token: refresh failed');
    expect(server.requests).toHaveLength(0);
  });
});

describe('secrets stay out of messages', () => {
  test('a service that echoes the token in its 401 Message: the token is redacted', async () => {
    const token = 'tok-ABCDEF-123456';
    server.respondWith((req) => ({
      status: 401,
      json: envelope(`Token ${req.headers.authorization} is expired`),
    }));
    const err = await apiErrorOf(() =>
      testClient(server, { getAccessToken: () => token }).client.matchJob(job),
    );
    expect(err.message).not.toContain(token);
    expect(err.message).toContain('Token Bearer [redacted] is expired');
  });

  test('a token endpoint that echoes the client secret in its 5xx Message: the secret is redacted', async () => {
    server.respondWith((req) => ({
      status: 500,
      json: { error: `bad secret ${(req.body as { client_secret: string }).client_secret}` },
    }));
    const err = await apiErrorOf(() =>
      testClient(server, { maxAttempts: 1 }).client.requestToken('id', 'my-secret-value'),
    );
    expect(err.code).toBe('server');
    expect(err.message).not.toContain('my-secret-value');
    expect(err.message).toContain('bad secret [redacted]');
  });
});

describe('reply size cap (MAX_REPLY_BYTES)', () => {
  const MB = 1024 * 1024;
  /** A valid single-job answer padded with JSON whitespace to `bytes`: only its size is wrong. */
  const paddedAnswer = (bytes: number): string => {
    const json = JSON.stringify({ Code: 1, Data: resultBody() });
    return json.slice(0, -1) + ' '.repeat(Math.max(0, bytes - json.length)) + '}';
  };

  test('an answer streaming past 20 MB (no Content-Length) is cut off with a clear error, not retried', async () => {
    server.respondWith(() => ({
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      body: paddedAnswer(20 * MB + 1024),
    }));
    const err = await apiErrorOf(() => testClient(server).client.matchJob(job));
    expect(err.code).toBe('protocol');
    expect(err.message).toBe(
      "The service's answer was larger than 20 MB, more than the add-in reads; it was not used. Price fewer rows at a time, or ask the service's administrator why its answers are so large.",
    );
    expect(server.requests).toHaveLength(1);
  });

  test('an answer just under 20 MB is still read', async () => {
    server.respondWith(() => ({
      headers: { 'Content-Type': 'application/json' },
      body: paddedAnswer(20 * MB - 1024),
    }));
    const outcome = await testClient(server).client.matchJob(job);
    expect(outcome.ok).toBe(true);
  });

  test('a declared Content-Length over the cap is refused before reading the body', async () => {
    server.respondWith(() => ({
      headers: { 'Content-Type': 'application/json' },
      body: paddedAnswer(5_000),
    }));
    const err = await apiErrorOf(() => testClient(server, { maxReplyBytes: 4_000 }).client.matchJob(job));
    expect(err.message).toMatch(/^The service's answer was larger than/);
  });
});
