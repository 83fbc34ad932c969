import type { IncomingMessage } from 'node:http';
import { DATA_SOURCE_HEADER } from '../../api/wire';

/**
 * CORS (D16): only configured origins are echoed back; every answer varies by Origin so a cache never
 * hands one origin's answer to another. Retry-After and WWW-Authenticate are exposed so a task pane can
 * honour D14's backoff and tell an expired token from other failures, and the data source header so a
 * JOB card can name the data.
 */
export const ALLOWED_METHODS = 'GET, POST, OPTIONS';
export const ALLOWED_HEADERS = 'Authorization, Content-Type';
export const EXPOSED_HEADERS = `Retry-After, WWW-Authenticate, ${DATA_SOURCE_HEADER}`;
export const PREFLIGHT_MAX_AGE_SECONDS = 600;

export class CorsPolicy {
  private readonly origins: ReadonlySet<string>;

  constructor(origins: readonly string[]) {
    this.origins = new Set(origins.map((o) => o.replace(/\/+$/, '')));
  }

  isTrusted(origin: string | undefined): origin is string {
    return origin !== undefined && this.origins.has(origin);
  }

  /** Headers for an ordinary (non-preflight) response. */
  responseHeaders(req: IncomingMessage): Record<string, string> {
    const origin = req.headers.origin;
    if (!this.isTrusted(origin)) return { Vary: 'Origin' };
    return {
      Vary: 'Origin',
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    };
  }

  /** Headers for a preflight from a trusted origin, or null when the origin is not trusted. */
  preflightHeaders(req: IncomingMessage): Record<string, string> | null {
    const origin = req.headers.origin;
    if (!this.isTrusted(origin)) return null;
    const headers: Record<string, string> = {
      Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      'Access-Control-Allow-Headers': ALLOWED_HEADERS,
      'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
    };
    // Chrome's Private Network Access: a page on a public/secure origin asking for a loopback service.
    if (req.headers['access-control-request-private-network'] === 'true') {
      headers['Access-Control-Allow-Private-Network'] = 'true';
    }
    return headers;
  }
}

/** A preflight is an OPTIONS request that carries Origin and Access-Control-Request-Method. */
export function isPreflight(req: IncomingMessage): boolean {
  return (
    req.method === 'OPTIONS' &&
    req.headers.origin !== undefined &&
    req.headers['access-control-request-method'] !== undefined
  );
}
