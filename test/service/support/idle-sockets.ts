import { connect, type Socket } from 'node:net';

/** Sockets that connect and send nothing, and how many of them the server has closed so far. */
export interface Idle {
  readonly sockets: Socket[];
  closedByServer(): number;
}

/** Opens `n` silent sockets to `url`'s host and port from `localAddress`. */
export async function openIdle(url: string, localAddress: string, n: number): Promise<Idle> {
  const { hostname, port } = new URL(url);
  let closed = 0;
  const sockets = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<Socket>((done) => {
          const s = connect({ host: hostname, port: Number(port), localAddress });
          s.on('error', () => undefined);
          s.once('close', () => closed++);
          s.once('connect', () => done(s));
          s.once('close', () => done(s));
        }),
    ),
  );
  return { sockets, closedByServer: () => closed };
}
