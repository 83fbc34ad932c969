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
});

export interface IssuedToken {
  readonly accessToken: string;
  readonly expiresIn: number;
}

export type TokenCheck =
  | { readonly ok: true; readonly client: ClientRecord }
  | { readonly ok: false; readonly reason: 'malformed' | 'bad-signature' | 'expired' | 'unknown-client' };

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
    };
    const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return { accessToken: `${body}.${this.sign(body)}`, expiresIn: this.ttlSeconds };
  }

  verify(token: string, clients: ClientRegistry): TokenCheck {
    const parts = token.split('.');
    if (parts.length !== 3) return { ok: false, reason: 'malformed' };
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
    return { ok: true, client };
  }

  private sign(data: string): string {
    return createHmac('sha256', this.key).update(data).digest('base64url');
  }
}
