/**
 * Client secrets hold at least 128 bits of entropy (docs/service.md "Security"). Why 128: with that many
 * bits, guessing is hopeless whatever the throttles allow (2^128 tries at a billion a second outlast the
 * universe many times over), so the throttles and the bound on secret checks can be set for keeping the
 * service available instead of for protecting the secret, and a client is never locked out to keep it
 * safe. A secret also ends up in places we cannot throttle: a stolen clients file lets its hashes be
 * guessed offline, where scrypt's cost slows a guesser by a constant factor only.
 *
 * The service cannot see how a secret was chosen, only its characters, so it estimates an upper bound:
 * the number of characters times log2 of the alphabet the character classes it uses span (lower case 26,
 * upper case 26, digits 10, ASCII punctuation and space 33, anything else 128). A random secret reaches
 * its estimate: 22 random base64url characters, 32 random hex digits (16 bytes) or 28 random lower-case
 * letters make 128 bits. A secret a person made up can pass while being far weaker, which is why the
 * service's own tools generate secrets (32 random bytes, 256 bits) and the docs ask for generated ones.
 */
export const MIN_SECRET_BITS = 128;

/** Fewer different characters than this is a pattern, not a random secret, whatever its length. */
const MIN_DISTINCT_CHARACTERS = 8;

const CLASSES: ReadonlyArray<readonly [RegExp, number]> = [
  [/[a-z]/, 26],
  [/[A-Z]/, 26],
  [/[0-9]/, 10],
  [/[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/, 33],
  [/[^\x20-\x7e]/u, 128],
];

/** The estimate above, in bits. */
export function estimatedSecretBits(secret: string): number {
  const characters = Array.from(secret);
  const alphabet = CLASSES.reduce((sum, [pattern, size]) => (pattern.test(secret) ? sum + size : sum), 0);
  return alphabet < 2 ? 0 : characters.length * Math.log2(alphabet);
}

/** Why `secret` is too weak to be a client secret, or null when it may be one. */
export function secretStrengthProblem(secret: string): string | null {
  const generate = 'generate one, e.g. `openssl rand -base64 32`';
  if (new Set(Array.from(secret)).size < MIN_DISTINCT_CHARACTERS)
    return `uses fewer than ${MIN_DISTINCT_CHARACTERS} different characters; ${generate}`;
  const bits = estimatedSecretBits(secret);
  if (bits < MIN_SECRET_BITS) {
    return `must hold at least ${MIN_SECRET_BITS} bits of entropy, and ${Array.from(secret).length} characters of this kind hold at most ${Math.floor(bits)}; ${generate}`;
  }
  return null;
}
