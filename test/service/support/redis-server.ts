import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

/**
 * A real Redis (Debian's redis-server, which .ci/run installs) for the tests of the shared store, on a
 * free port of 127.0.0.1, without persistence. `stop()` and `start()` again on the same port show what
 * the service does while Redis is away and when it is back.
 */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A port nobody listens on now: the kernel's pick for port 0, released at once. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    for (const event of ['error', 'timeout'] as const)
      socket.once(event, () => {
        socket.destroy();
        resolve(false);
      });
  });
}

export async function redisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  let output = '';
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      output = '';
      const started = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = started;
      started.stdout?.on('data', (c: Buffer) => (output += c.toString()));
      started.stderr?.on('data', (c: Buffer) => (output += c.toString()));
      const failed = new Promise<never>((_, reject) => {
        started.once('error', (err) =>
          reject(new Error(`redis-server could not start (${err.message}); apt-get install redis-server`)),
        );
        started.once('exit', (code) => reject(new Error(`redis-server exited ${code}:\n${output}`)));
      });
      failed.catch(() => undefined);
      for (let i = 0; i < 200; i++) {
        const up = await Promise.race([ping(port), failed]);
        if (up) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`redis-server on ${port} did not answer PING:\n${output}`);
    },
    async stop() {
      const running = child;
      child = null;
      if (running === null || running.exitCode !== null) return;
      const exited = new Promise((r) => running.once('exit', r));
      running.kill('SIGTERM');
      await exited;
    },
  };
  await server.start();
  return server;
}
