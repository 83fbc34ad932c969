/**
 * Keeps credentials out of every message the client produces: a service that echoes a token or a client
 * secret back in its error text must not put it on screen or in a cell.
 */

/** The credentials a request carries: the bearer token, or the client secret of a token request. */
export function secretsIn(headers: Record<string, string>, body: string): string[] {
  const out: string[] = [];
  const auth = headers.Authorization;
  if (auth) out.push(auth.replace(/^Bearer /, ''));
  if (headers['Content-Type']?.startsWith('application/x-www-form-urlencoded')) {
    const secret = new URLSearchParams(body).get('client_secret');
    if (secret) out.push(secret);
  }
  return out;
}

/** `text` with every secret (of 4 characters or more) replaced by "[redacted]". */
export function redact(text: string | undefined, secrets: readonly string[]): string | undefined {
  if (text === undefined) return undefined;
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}
