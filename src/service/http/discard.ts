import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { awaitsContinue } from './body';

/**
 * What happens to the part of a request body the service does not want (docs/service.md "Statuses").
 *
 * An answer sent before the body is read (401, 404, 405, 413 …) must still reach the client. Closing the
 * socket while the client is sending makes the kernel reset the connection, and a reset can discard the
 * answer before the client reads it ("fetch failed" instead of the 413). Reading the rest without a bound
 * lets one caller make the service read gigabytes. So: read and drop the rest up to a cap; when it ends
 * within the cap the connection stays usable (keep-alive); past the cap, stop reading and close politely:
 * a FIN after the answer, so the client reads the answer and sees the end, and only after a linger
 * period (or once the client has gone) is the socket destroyed.
 *
 * The connection stays open after the answer only when the rest of the body is declared, fits the cap and
 * will come (a client waiting for `100 Continue` that was not sent may never send it); otherwise the
 * answer says `Connection: close`. The same gentle close then replaces Node's own, which destroys the
 * socket as soon as the last answer is written: a client still sending its body got a reset (EPIPE)
 * instead of the answer.
 */

/** After an answer that did not need the body (401, 403, 404, 405, 429, 503, health, OPTIONS). */
export const SMALL_DISCARD_BYTES = 64 * 1024;
/** After a 413: the refused body may be this many times the limit before the connection is closed. */
export const OVERSIZE_DISCARD_FACTOR = 8;
/** How long a closed-for-reading connection waits for the client to take the answer and leave. */
export const LINGER_MS = 2_000;

/**
 * Reads and drops the rest of `req`'s body, at most `capBytes`; a body that is (or is declared) longer
 * makes the connection close gently once `res` is sent.
 */
export function discardRestOfBody(
  req: IncomingMessage,
  res: ServerResponse,
  capBytes: number,
  lingerMs: number = LINGER_MS,
): void {
  if (req.complete || req.readableEnded) return;
  req.on('error', () => undefined);
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (!(declared <= capBytes) || awaitsContinue(req) || !res.shouldKeepAlive) {
    if (!res.headersSent) res.setHeader('Connection', 'close');
    // Node ends a `Connection: close` exchange with destroySoon(): make that the gentle close.
    const socket = req.socket;
    socket.destroySoon = () => endAndLinger(socket, lingerMs);
  }
  let dropped = 0;
  let closing = false;
  const onData = (chunk: Buffer): void => {
    dropped += chunk.length;
    if (dropped > capBytes) startClosing();
  };
  const listen = (): void => {
    if (closing || req.complete) return;
    if (!req.listeners('data').includes(onData)) req.on('data', onData);
    req.resume();
  };
  const startClosing = (): void => {
    if (closing) return;
    closing = true;
    req.off('data', onData);
    req.pause();
    afterAnswer(res, () => lingeringClose(req, lingerMs));
  };
  listen();
  // When the answer is finished, Node drops the body of a request it thinks nobody reads, without any
  // bound, and removes its 'data' listeners: this runs after that and puts the bounded reading back.
  res.once('finish', listen);
  if (declared > capBytes) startClosing();
}

/** `fn` once `res` is handed to the socket, and after whatever Node schedules on that (a turn later). */
function afterAnswer(res: ServerResponse, fn: () => void): void {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    setImmediate(fn);
  };
  if (res.writableFinished) once();
  else {
    res.once('finish', once);
    res.once('close', once);
  }
}

/**
 * Stop reading the socket, end our side (a FIN after the answer, so the client reads the answer and then
 * the end) and destroy the socket after `lingerMs` unless the client closes first. The client's sends
 * meanwhile wait on TCP flow control; nothing is reset under the answer.
 */
function lingeringClose(req: IncomingMessage, lingerMs: number): void {
  req.pause();
  req.socket.pause();
  endAndLinger(req.socket, lingerMs);
}

/** End our side after what is written, and destroy the socket `lingerMs` later unless the client left first. */
function endAndLinger(socket: Socket, lingerMs: number): void {
  if (socket.destroyed || socket.writableEnded) return;
  socket.end();
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
