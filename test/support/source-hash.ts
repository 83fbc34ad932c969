import { createHash, type Hash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');

/** Relative module specifiers of a TypeScript source: import/export … from, side-effect imports, require(), import(). */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function resolveModule(fromFile: string, specifier: string): string | null {
  const base = resolve(dirname(fromFile), specifier);
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [base, `${stem}.ts`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/**
 * Every source file `entries` reach through relative imports (themselves included), sorted: the code
 * that produces what a test caches. Package imports are left out: node_modules changes with the lock file.
 */
export function sourceClosure(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const stack = entries.map((e) => resolve(ROOT, e));
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolveModule(file, m[1] as string);
      if (target !== null && !seen.has(target)) stack.push(target);
    }
  }
  return [...seen].sort();
}

/**
 * Adds the path and text of every file in the closure of `entries` to `hash`, so a cache keyed by it is
 * rebuilt whenever the code that built it changes (a warm cache must not hide a broken reader).
 */
export function hashSources(hash: Hash, entries: readonly string[]): Hash {
  for (const file of sourceClosure(entries))
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file));
  return hash;
}

/** A short hex key over the builder's sources and the given extra parts (raw files' sizes and dates, say). */
export function cacheKey(entries: readonly string[], extra: readonly string[]): string {
  const hash = hashSources(createHash('sha256'), entries);
  for (const part of extra) hash.update('\0').update(part);
  return hash.digest('hex').slice(0, 16);
}
