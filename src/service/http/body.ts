import type { IncomingMessage } from 'node:http';
import { HttpError, TRANSPORT_MSG } from './errors';

/** 413 (D14): the body is over `limit`; the handler discards the rest up to a multiple of it (discard.ts). */
export class BodyTooLarge extends HttpError {
  constructor(readonly limit: number) {
    super(413, TRANSPORT_MSG.tooLarge(limit));
  }
}

/**
 * Reads a request body up to `limit` bytes, counting while it streams so an oversized body is never
 * held in memory. Over the limit: 413 (D14), at once: a declared Content-Length over the limit before
 * reading anything, a streamed (chunked) body as soon as it passes the limit, not when it ends. What is
 * left of the body is the handler's to discard (discard.ts), after the answer is on its way.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(new BodyTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > limit) {
        chunks.length = 0;
        stop();
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks, received));
    };
    const onAborted = (): void => {
      stop();
      reject(new HttpError(400, 'Request aborted'));
    };
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('aborted', onAborted);
      // Until the handler's discard takes over, the stream stays paused: nothing is read for nobody.
      req.pause();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
    req.on('aborted', onAborted);
  });
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
