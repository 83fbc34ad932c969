/**
 * Transport-level failures (D14), drawn in one place. Business failures are not errors here: they are
 * HTTP 200 with Code -1 (D14) and come from validation or the engine as plain values.
 *
 * Every status carries the spec's envelope `{Code: -1, Message}`; the Message is written for the
 * caller and never carries internals (stack traces stay in the server log).
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    /** The public Message of the envelope. */
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const TRANSPORT_MSG = {
  notJson: 'Request body is not valid JSON',
  jsonTooDeep: (max: number): string => `Request body nests JSON more than ${max} levels deep`,
  jsonTooManyValues: (max: number): string => `Request body holds more than ${max} JSON values`,
  missingToken: 'Missing access token',
  invalidToken: 'Invalid access token',
  expiredToken: 'Access token expired',
  forbidden: 'The credentials do not include this operation',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  tooLarge: (limit: number): string => `Request body exceeds the limit of ${limit} bytes`,
  rateLimited: 'Too many requests',
  tooManyFailedAttempts: 'Too many failed attempts for this client id from this address; try again later',
  signInBusy: 'Too many sign-ins at once; try again shortly',
  originNotAllowed: 'Origin not allowed',
  internal: 'Internal server error',
  shuttingDown: 'Service is shutting down',
} as const;

export interface ErrorEnvelope {
  readonly Code: -1;
  readonly Message: string;
}

export function errorEnvelope(message: string): ErrorEnvelope {
  return { Code: -1, Message: message };
}
