import type { IncomingMessage } from 'node:http';
import { HttpError, TRANSPORT_MSG } from './errors';

/**
 * Reads a request body up to `limit` bytes, counting while it streams so an oversized body is never
 * held in memory. Over the limit: 413 (D14). A declared Content-Length over the limit is refused before
 * reading anything. The rest of an oversized body is drained (read and dropped) so the client sees the
 * 413 instead of a reset connection; a client that keeps sending far beyond the limit is cut off.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = (): HttpError =>
    new HttpError(413, TRANSPORT_MSG.tooLarge(limit), { Connection: 'close' });
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    drain(req, limit);
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (over) {
        if (received > limit * 8 + 65536) req.destroy();
        return;
      }
      if (received > limit) {
        over = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => (over ? reject(tooLarge()) : resolve(Buffer.concat(chunks, received))));
    req.on('error', reject);
    req.on('aborted', () => reject(new HttpError(400, 'Request aborted')));
  });
}

/** Drops the rest of a refused body, up to a bound, so the 413 reaches the client. */
function drain(req: IncomingMessage, limit: number): void {
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limit * 8 + 65536) req.destroy();
  });
  req.on('error', () => undefined);
  req.resume();
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Parses a JSON body; anything that is not UTF-8 JSON is a 400 (D14). A leading BOM is tolerated. */
export function parseJsonBody(bytes: Buffer): unknown {
  try {
    let text = utf8.decode(bytes);
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, TRANSPORT_MSG.notJson);
  }
}
