import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ClientScopeSchema, OPERATIONS, type ClientRecord, type ClientRegistry } from './clients';

/**
 * Access tokens (D15): compact JWTs signed with HMAC-SHA256 (`alg: HS256`), carrying the client id,
 * its scope and operations, iat and exp. Standard form so a developer can paste one into a JWT
 * debugger to see its claims; the signature key never leaves the process.
 *
 * On every request the token is checked (signature, expiry) and the client is looked up again in
 * the registry: a client removed from the clients file loses access at the next restart, and the
 * registry's current scope applies (the claims tell the caller what it was granted).
 *
 * A token is also bound to the secret it was obtained with (docs/service.md "Tokens"): its `sv` claim is an
 * HMAC, under the signing key, of the client's current `secretVersion`. A new secret (in the clients file or
 * in JOBPRICE_CLIENT_SECRET) revokes every earlier token at the restart that loads it, even when the signing
 * key stays the same. Being keyed, `sv` says nothing about the secret to whoever reads the token.
 */

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const ISSUER = 'jobprice-reference-service';

const ClaimsSchema = z.object({
  iss: z.literal(ISSUER),
  sub: z.string(),
  scope: ClientScopeSchema,
  ops: z.array(z.enum(OPERATIONS)),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string(),
  sv: z.string(),
});

export interface IssuedToken {
  readonly accessToken: string;
  readonly expiresIn: number;
}

export type TokenCheck =
  | { readonly ok: true; readonly client: ClientRecord }
  | {
      readonly ok: false;
      readonly reason: 'malformed' | 'bad-signature' | 'expired' | 'unknown-client' | 'secret-changed';
    };

/**
 * Whether `text` is the one base64url spelling of some bytes: only the 64 URL-safe characters, no `=`,
 * a length that encodes whole bytes (not 1 more than a multiple of 4) and zero unused bits in the last
 * character. Re-encoding what it decodes to gives back the same text exactly when all of that holds.
 */
export function isCanonicalBase64url(text: string): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return false;
  return Buffer.from(text, 'base64url').toString('base64url') === text;
}

export class TokenSigner {
  constructor(
    private readonly key: Buffer,
    private readonly ttlSeconds: number,
    /** Milliseconds since the epoch; injectable so expiry can be tested without waiting. */
    private readonly now: () => number = Date.now,
  ) {
    if (key.length < 16) throw new Error('token signing key must be at least 16 bytes');
    if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1)
      throw new Error('token lifetime must be a positive whole number of seconds');
  }

  issue(client: ClientRecord): IssuedToken {
    const iat = Math.floor(this.now() / 1000);
    const claims = {
      iss: ISSUER,
      sub: client.clientId,
      scope: client.scope,
      ops: client.operations,
      iat,
      exp: iat + this.ttlSeconds,
      jti: randomBytes(9).toString('base64url'),
      sv: this.secretBinding(client),
    };
    const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return { accessToken: `${body}.${this.sign(body)}`, expiresIn: this.ttlSeconds };
  }

  verify(token: string, clients: ClientRegistry): TokenCheck {
    const parts = token.split('.');
    if (parts.length !== 3) return { ok: false, reason: 'malformed' };
    // One exact spelling per token (docs/service.md "Security"): base64url without padding, nothing after the
    // last character, unused bits zero. Decoders are lenient about all three, so the text is checked itself.
    if (!parts.every(isCanonicalBase64url)) return { ok: false, reason: 'malformed' };
    const [header, payload, signature] = parts as [string, string, string];
    // Only our own header is accepted, byte for byte: no "alg: none", no algorithm confusion.
    if (header !== HEADER) return { ok: false, reason: 'malformed' };
    const expected = Buffer.from(this.sign(`${header}.${payload}`), 'base64url');
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, reason: 'bad-signature' };
    let claims: z.infer<typeof ClaimsSchema>;
    try {
      const parsed = ClaimsSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      if (!parsed.success) return { ok: false, reason: 'malformed' };
      claims = parsed.data;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (claims.exp <= Math.floor(this.now() / 1000)) return { ok: false, reason: 'expired' };
    const client = clients.get(claims.sub);
    if (!client) return { ok: false, reason: 'unknown-client' };
    const binding = Buffer.from(this.secretBinding(client));
    const claimed = Buffer.from(claims.sv);
    if (claimed.length !== binding.length || !timingSafeEqual(claimed, binding))
      return { ok: false, reason: 'secret-changed' };
    return { ok: true, client };
  }

  /** The `sv` claim: which secret of the client the token was obtained with. */
  private secretBinding(client: ClientRecord): string {
    return createHmac('sha256', this.key)
      .update(`secret-version\0${client.clientId}\0${client.secretVersion}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  private sign(data: string): string {
    return createHmac('sha256', this.key).update(data).digest('base64url');
  }
}
