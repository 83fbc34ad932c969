import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { JobMarketClient } from '../../../src/api/client';
import { jobSpec } from '../../../src/domain/job';
import { apiErrorOf } from '../../api/fixtures';
import { EngineDouble } from '../support/engine-double';
import { FULL_CLIENT, startHarness, type Harness } from '../support/harness';

/**
 * 413 (D14), over loopback: a body over the limit gets the 413 envelope, readable by the
 * client whether it was declared (fetch) or streamed (chunked), and far beyond the limit; an answer that
 * needs no body (401, 404, 405) makes the service read only a small, bounded part of what follows.
 * What the service read is measured on its own sockets (bytesRead), not guessed from the client side.
 */

const MB = 1024 * 1024;
const LIMIT = 1 * MB; // the service's default

let h: Harness;
const serverSockets: Socket[] = [];
beforeAll(async () => {
  h = await startHarness(new EngineDouble(), [FULL_CLIENT], { bodyLimitBytes: LIMIT });
  h.service.server.on('connection', (s: Socket) => {
    serverSockets.push(s);
    // These tests send what the service refuses; a socket error on its side is expected, not news.
    s.on('error', () => undefined);
  });
});
afterAll(() => h.close());

/** Bytes read by the service on connections opened during `fn`, once they are closed or idle. */
async function serverBytesReadDuring(fn: () => Promise<void>): Promise<number> {
  const from = serverSockets.length;
  await fn();
  await new Promise((r) => setTimeout(r, 100));
  return serverSockets.slice(from).reduce((n, s) => n + s.bytesRead, 0);
}

/** A streamed (chunked) POST of `bytes` bytes; resolves with the answer the client could read. */
function chunkedPost(
  path: string,
  bytes: number,
  headers: Record<string, string>,
  method = 'POST',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(`${h.url}${path}`, { method, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => {
        // As a real client does: with the answer in hand, the rest of the upload is pointless.
        answered = true;
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: text });
      });
      res.on('error', reject);
    });
    // After the answer the service may stop reading and close, so the upload may fail then; only an
    // error before the answer fails the test.
    req.on('socket', (socket) => socket.on('error', () => undefined));
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = (): void => {
      while (sent < bytes && !answered) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/**
 * A client that does not stop: it streams a chunked body of `bytes` bytes whatever the service answers,
 * until the service ends the connection, reading what comes back all the while.
 */
function relentlessPost(
  path: string,
  bytes: number,
  headers: Record<string, string>,
  method = 'POST',
): Promise<{ status: number; body: string; sentAll: boolean }> {
  const { hostname, port } = new URL(h.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    let sent = 0;
    let closed = false;
    socket.on('data', (c: Buffer) => (received += c.toString('latin1')));
    socket.on('error', () => undefined);
    // The service's FIN: it will read no more. Leaving then is what even a careless client does.
    socket.on('end', () => socket.destroy());
    socket.on('close', () => {
      closed = true;
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body, sentAll: sent >= bytes });
    });
    const lines = [`${method} ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Transfer-Encoding: chunked'];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 0x20), Buffer.from('\r\n')]);
    const pump = (): void => {
      while (!closed && sent < bytes) {
        sent += 0x10000;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!closed) socket.end('0\r\n\r\n');
    };
    pump();
  });
}

const tooLarge = { Code: -1, Message: `Request body exceeds the limit of ${LIMIT} bytes` };

describe('413 with the envelope, readable by the client (D14)', () => {
  it('a 12 MB body sent by fetch (Content-Length declared) → a readable 413; the service reads almost none of it', async () => {
    const token = await h.token();
    let answer: { status: number; json: unknown } | undefined;
    const read = await serverBytesReadDuring(async () => {
      const res = await fetch(`${h.url}/DaaS/jobpricing`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: new Uint8Array(12 * MB).fill(0x20),
      });
      answer = { status: res.status, json: await res.json() };
    });
    expect(answer).toEqual({ status: 413, json: tooLarge });
    expect(read).toBeLessThan(2 * MB);
  });

  it('a chunked body of 12 MB (over 8 times the limit) → a readable 413, not a reset; the service stops reading', async () => {
    const token = await h.token();
    let answer: { status: number; body: string } | undefined;
    const read = await serverBytesReadDuring(async () => {
      answer = await chunkedPost('/DaaS/jobpricing', 12 * MB, { Authorization: `Bearer ${token}` });
    });
    expect(answer?.status).toBe(413);
    expect(JSON.parse(answer?.body ?? '')).toEqual(tooLarge);
    expect(read).toBeLessThan(8 * LIMIT + 2 * MB);
  });

  it('a client that keeps streaming 40 MB gets the 413 at once; past 8 times the limit the service closes', async () => {
    const token = await h.token();
    let answer: { status: number; body: string; sentAll: boolean } | undefined;
    const read = await serverBytesReadDuring(async () => {
      answer = await relentlessPost('/DaaS/batchjobpricing', 40 * MB, { Authorization: `Bearer ${token}` });
    });
    expect(answer?.status).toBe(413);
    expect(JSON.parse(answer?.body ?? '')).toEqual(tooLarge);
    expect(answer?.sentAll).toBe(false);
    expect(read).toBeLessThan(8 * LIMIT + 2 * MB);
  });

  it('a chunked body a little over the limit is read to its end and the connection stays usable', async () => {
    const token = await h.token();
    const answer = await chunkedPost('/DaaS/jobpricing', 2 * MB, { Authorization: `Bearer ${token}` });
    expect(answer.status).toBe(413);
    const after = await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' });
    expect(after.status).toBe(200);
  });
});

describe('after 401, 404 or 405 the rest of the body is read only up to a small cap', () => {
  it.each([
    ['401 (no token)', '/DaaS/jobpricing', 401],
    ['404', '/DaaS/nothing-here', 404],
    ['405', '/oauth/token', 405],
  ])(
    '%s: the answer is readable; of 20 MB streamed regardless the service reads under 1 MB, then ends the connection',
    async (_, path, status) => {
      let answer: { status: number; body: string; sentAll: boolean } | undefined;
      const read = await serverBytesReadDuring(async () => {
        answer = await relentlessPost(path, 20 * MB, {}, status === 405 ? 'PUT' : 'POST');
      });
      expect(answer?.status).toBe(status);
      expect(JSON.parse(answer?.body ?? '')).toMatchObject({ Code: -1 });
      expect(answer?.sentAll).toBe(false);
      expect(read).toBeLessThan(1 * MB);
    },
  );

  it('a small body after a 404 is read to its end and the connection is kept', async () => {
    const res = await fetch(`${h.url}/nowhere`, { method: 'POST', body: 'x'.repeat(1000) });
    expect(res.status).toBe(404);
    expect((await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' })).status).toBe(200);
  });
});

describe("the add-in's client reads a 413 as a clear message", () => {
  it('a job over a small service limit → "too large … price fewer rows or shorten the descriptions"', async () => {
    const small = await startHarness(new EngineDouble(), [FULL_CLIENT], { bodyLimitBytes: 2048 });
    try {
      const anonymous = new JobMarketClient({ baseUrl: small.url, getAccessToken: () => null });
      const { accessToken } = await anonymous.requestToken(FULL_CLIENT.id, FULL_CLIENT.secret);
      const client = new JobMarketClient({
        baseUrl: small.url,
        getAccessToken: () => accessToken,
        sleep: async () => undefined,
      });
      const spec = jobSpec({ title: 'Accountant', description: 'Keeps the books. '.repeat(300) });
      const err = await apiErrorOf(() => client.matchJob(spec));
      expect(err.code).toBe('payload_too_large');
      expect(err.message).toMatch(
        /^The request was too large for the service \(413, \d+ KB\)\. Price fewer rows at a time or shorten the job descriptions\.$/,
      );
    } finally {
      await small.close();
    }
  });
});
