import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, TRANSPORT_MSG } from './errors';

/** 413 (D14): the body is over `limit`; the handler discards the rest up to a multiple of it (discard.ts). */
export class BodyTooLarge extends HttpError {
  constructor(readonly limit: number) {
    super(413, TRANSPORT_MSG.tooLarge(limit));
  }
}

/** Requests whose client was told `100 Continue` (it will send its body). */
const continued = new WeakSet<IncomingMessage>();

/** Whether `req` asked to hear `100 Continue` before sending its body and has not been told it. */
export function awaitsContinue(req: IncomingMessage): boolean {
  return /100-continue/i.test(req.headers.expect ?? '') && !continued.has(req);
}

/**
 * Reads a request body up to `limit` bytes, counting while it streams so an oversized body is never
 * held in memory. Over the limit: 413 (D14), at once: a declared Content-Length over the limit before
 * reading anything, a streamed (chunked) body as soon as it passes the limit, not when it ends. What is
 * left of the body is the handler's to discard (discard.ts), after the answer is on its way.
 *
 * A client that sent `Expect: 100-continue` is told `100 Continue` here, once everything before the body
 * has passed (the route, the token, the rate limit, the declared size), and not before: a refused client
 * need not send a body at all.
 */
export function readBody(req: IncomingMessage, res: ServerResponse, limit: number): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(new BodyTooLarge(limit));
  if (awaitsContinue(req)) {
    continued.add(req);
    res.writeContinue();
  }
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

/**
 * What a request body may hold before JSON.parse sees it (docs/service.md "Security"). JSON.parse runs on
 * the event loop in one go: 1 MB of nested arrays kept it 70-175 ms, 1 MB of small values tens of ms,
 * and every other caller waited. No request of the API comes near either bound: a batch of 200 jobs with
 * every field nests 3 deep and holds about 6,000 values.
 */
export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_VALUES = 20_000;

/**
 * Why `bytes` exceeds the bounds above, found in one pass over the bytes (strings skipped, so a string
 * holding brackets counts for nothing), or null. The pass stops at the first excess, so a hostile body
 * costs less than a legitimate one.
 */
export function jsonShapeProblem(bytes: Uint8Array): string | null {
  let depth = 0;
  let values = 1;
  for (let i = 0; i < bytes.length; i++) {
    switch (bytes[i] ?? 0) {
      case 0x22: // '"': skip to the closing quote; UTF-8 continuation bytes are never '"' or '\\'
        for (i++; i < bytes.length && bytes[i] !== 0x22; i++) if (bytes[i] === 0x5c) i++;
        break;
      case 0x5b: // '['
      case 0x7b: // '{'
        if (++depth > MAX_JSON_DEPTH) return TRANSPORT_MSG.jsonTooDeep(MAX_JSON_DEPTH);
        break;
      case 0x5d: // ']'
      case 0x7d: // '}'
        depth--;
        break;
      case 0x2c: // ',': one more value (or member)
        if (++values > MAX_JSON_VALUES) return TRANSPORT_MSG.jsonTooManyValues(MAX_JSON_VALUES);
        break;
      default: // anything else leaves depth and count as they are
        break;
    }
  }
  return null;
}

/**
 * Parses a JSON body; anything that is not UTF-8 JSON is a 400 (D14), and so is JSON past the bounds
 * above (with its own message). A leading BOM is tolerated.
 */
export function parseJsonBody(bytes: Buffer): unknown {
  const tooBig = jsonShapeProblem(bytes);
  if (tooBig !== null) throw new HttpError(400, tooBig);
  try {
    let text = utf8.decode(bytes);
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, TRANSPORT_MSG.notJson);
  }
}
