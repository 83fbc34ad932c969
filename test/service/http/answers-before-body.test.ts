import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { EngineDouble } from '../support/engine-double';
import { FULL_CLIENT, startHarness, type Harness } from '../support/harness';

/**
 * D14 and docs/service.md "Statuses": an answer given before the body is read reaches every client, also
 * one that asked for `Connection: close`; an answer after which the connection closes says
 * `Connection: close`; and `100 Continue` is sent only once the token and the declared size pass.
 */
const MB = 1024 * 1024;
let h: Harness;
beforeAll(async () => {
  h = await startHarness(new EngineDouble(), [FULL_CLIENT], { bodyLimitBytes: MB, rateLimit: null });
  h.service.server.on('connection', (s) => s.on('error', () => undefined));
});
afterAll(() => h.close());

/** A POST of `bytes` declared bytes, all written whatever comes back; the answer or the error. */
function postAll(
  bytes: number,
  headers: Record<string, string>,
  agent: Agent | false = false,
): Promise<{ status: number; connection: string | undefined; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(`${h.url}/DaaS/jobpricing`, {
      method: 'POST',
      agent,
      headers: { ...headers, 'Content-Length': String(bytes) },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      res.on('error', (e) => resolve({ error: e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.end(Buffer.alloc(bytes, 0x20));
  });
}

/**
 * A client that writes its whole request (head and `bytes` of body) before it reads anything, and reads
 * only after a while: what it finds then, the status line or the error its writes met.
 */
function writeAllThenRead(bytes: number, headers: Record<string, string>): Promise<string> {
  const { hostname, port } = new URL(h.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    let error = '';
    socket.pause();
    socket.on('data', (c: Buffer) => (received += c.toString('latin1')));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve(
        received === ''
          ? `no answer (${error})`
          : `${head.split('\r\n')[0]} | ${/\r\nConnection: (\w+)/i.exec(head)?.[1]} | ${body}`,
      );
    });
    const lines = ['POST /DaaS/jobpricing HTTP/1.1', 'Host: x', `Content-Length: ${bytes}`];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    socket.write(Buffer.alloc(bytes, 0x20));
    setTimeout(() => socket.resume(), 300);
  });
}

describe('413 to every client', () => {
  it.each([3, 12])(
    'ten clients that sent Connection: close and %i MB, reading only once all is written, all read the 413, which says Connection: close',
    async (mb) => {
      const token = await h.token();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          writeAllThenRead(mb * MB, { Authorization: `Bearer ${token}`, Connection: 'close' }),
        ),
      );
      const tooLarge = JSON.stringify({ Code: -1, Message: `Request body exceeds the limit of ${MB} bytes` });
      expect(answers).toEqual(Array(10).fill(`HTTP/1.1 413 Payload Too Large | close | ${tooLarge}`));
    },
  );

  it('a keep-alive client with a declared body past 8 times the limit: the 413 says Connection: close (the rest is not read)', async () => {
    const token = await h.token();
    const agent = new Agent({ keepAlive: true });
    try {
      const answer = await postAll(9 * MB, { Authorization: `Bearer ${token}` }, agent);
      expect(answer).toMatchObject({ status: 413, connection: 'close' });
    } finally {
      agent.destroy();
    }
  });

  it('a 401 before a declared body within the cap keeps the connection (keep-alive)', async () => {
    const agent = new Agent({ keepAlive: true });
    try {
      const answer = await postAll(10_000, {}, agent);
      expect(answer).toMatchObject({ status: 401, connection: 'keep-alive' });
    } finally {
      agent.destroy();
    }
  });
});

/** Sends the head of a request with Expect: 100-continue; reads what comes back within `ms`. */
function expectContinue(
  headers: Record<string, string>,
  bodyBytes: number,
): Promise<{ first: string; all: string }> {
  const { hostname, port } = new URL(h.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let all = '';
    let first = '';
    socket.on('error', () => undefined);
    socket.on('data', (c: Buffer) => {
      all += c.toString('latin1');
      if (first === '') {
        first = all.split('\r\n')[0] ?? '';
        // As curl does: the body follows a 100 Continue, and is not sent after a final answer.
        if (first.startsWith('HTTP/1.1 100')) socket.write(Buffer.alloc(bodyBytes, 0x20));
      }
    });
    socket.on('close', () => resolve({ first, all }));
    setTimeout(() => socket.destroy(), 3000).unref();
    const lines = ['POST /DaaS/jobpricing HTTP/1.1', `Host: ${hostname}:${port}`, 'Expect: 100-continue'];
    for (const [k, v] of Object.entries({ ...headers, 'Content-Length': String(bodyBytes) }))
      lines.push(`${k}: ${v}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

describe('100 Continue only after the token and the declared size pass', () => {
  it('no token: 401 without 100 Continue, and the connection closes (the body may never come)', async () => {
    const { first, all } = await expectContinue({}, 5000);
    expect(first).toBe('HTTP/1.1 401 Unauthorized');
    expect(all).not.toContain('100 Continue');
    expect(all).toMatch(/\r\nConnection: close\r\n/i);
  });

  it('a declared size over the limit: 413 without 100 Continue', async () => {
    const token = await h.token();
    const { first, all } = await expectContinue({ Authorization: `Bearer ${token}` }, 2 * MB);
    expect(first).toBe('HTTP/1.1 413 Payload Too Large');
    expect(all).not.toContain('100 Continue');
  });

  it('a valid token and size: 100 Continue, then the body, then the answer', async () => {
    const token = await h.token();
    const body = JSON.stringify({ JobTitle: 'Accountant' });
    const { hostname, port } = new URL(h.url);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), hostname);
      let all = '';
      socket.on('data', (c: Buffer) => {
        all += c.toString();
        if (all.startsWith('HTTP/1.1 100 Continue\r\n\r\n') && !all.includes('200 OK')) socket.write(body);
        if (/\r\n\r\n\{.*\}$/s.test(all.slice(25))) socket.end();
      });
      socket.on('close', () => resolve(all));
      socket.write(
        `POST /DaaS/jobpricing HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
    });
    expect(answer.startsWith('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK')).toBe(true);
  });
});
