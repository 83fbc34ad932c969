import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Client secrets at rest: `scrypt$N$r$p$<salt base64url>$<hash base64url>`.
 *
 * scrypt (memory-hard, salted) so a leaked clients file does not give the secrets away; the cost
 * parameters travel with each hash so they can be raised later without invalidating old entries.
 * Comparison is constant-time (timingSafeEqual). Secrets and hashes are never logged.
 */

export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** 2^14, r 8, p 1: about 16 MB and a few tens of ms per check; fine for a token endpoint. */
export const DEFAULT_SCRYPT_COST: ScryptCost = Object.freeze({ N: 16384, r: 8, p: 1 });

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Upper bounds refuse a hash whose cost would exhaust memory (a hostile or mistyped clients file). */
const MAX_N = 1 << 20;
const MAX_RP = 16;

export interface ParsedHash extends ScryptCost {
  readonly salt: Buffer;
  readonly hash: Buffer;
}

/** Parses a stored hash; returns a reason string when it is malformed (for clear file errors). */
export function parseSecretHash(stored: string): ParsedHash | string {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return 'expected scrypt$N$r$p$salt$hash';
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (!Number.isInteger(N) || N < 2 || N > MAX_N || (N & (N - 1)) !== 0)
    return `N must be a power of two between 2 and ${MAX_N}`;
  if (!Number.isInteger(r) || r < 1 || r > MAX_RP) return `r must be an integer between 1 and ${MAX_RP}`;
  if (!Number.isInteger(p) || p < 1 || p > MAX_RP) return `p must be an integer between 1 and ${MAX_RP}`;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const hash = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length < 8) return 'salt must be at least 8 bytes';
  if (hash.length < 16) return 'hash must be at least 16 bytes';
  return { N, r, p, salt, hash };
}

function derive(secret: string, salt: Buffer, keyLength: number, cost: ScryptCost): Promise<Buffer> {
  // maxmem: scrypt needs 128*N*r bytes; leave headroom so large-but-valid costs are not refused.
  const maxmem = 256 * cost.N * cost.r + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, keyLength, { N: cost.N, r: cost.r, p: cost.p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashSecret(secret: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(secret, salt, KEY_LENGTH, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Constant-time check of `secret` against a parsed hash. */
export async function verifySecret(secret: string, stored: ParsedHash): Promise<boolean> {
  const candidate = await derive(secret, stored.salt, stored.hash.length, stored);
  return candidate.length === stored.hash.length && timingSafeEqual(candidate, stored.hash);
}

/** A new random client secret: 32 bytes, base64url (43 characters, URL- and form-safe). */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}
