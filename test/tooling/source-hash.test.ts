import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { cacheKey, sourceClosure } from '../support/source-hash';

/**
 * The test caches in the OS temp folder (the wage and geography parts, the O*NET part) are keyed by
 * their builders' code. Guards the key: a reader changed on a machine with a warm cache must rebuild,
 * not pass on the old output.
 */

const ROOT = resolve(__dirname, '..', '..');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jobprice-source-hash-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('the closure follows relative imports of every form, and a change anywhere in it changes the key', () => {
  mkdirSync(join(dir, 'lib'));
  writeFileSync(
    join(dir, 'entry.ts'),
    "import { b } from './b';\nexport * from './lib';\nexport const a = b;\n",
  );
  writeFileSync(join(dir, 'b.ts'), "import type { C } from './c.js';\nexport const b: C = 1;\n");
  writeFileSync(join(dir, 'c.ts'), "import fs from 'node:fs';\nexport type C = number;\n");
  writeFileSync(join(dir, 'lib', 'index.ts'), "export const lib = require('../d');\n");
  writeFileSync(join(dir, 'd.ts'), 'export const d = 1;\n');
  writeFileSync(join(dir, 'unused.ts'), 'export const u = 1;\n');
  const entry = join(dir, 'entry.ts');
  expect(sourceClosure([entry]).map((f) => relative(dir, f))).toEqual([
    'b.ts',
    'c.ts',
    'd.ts',
    'entry.ts',
    join('lib', 'index.ts'),
  ]);
  const before = cacheKey([entry], ['raw:1']);
  expect(cacheKey([entry], ['raw:1'])).toBe(before);
  writeFileSync(join(dir, 'unused.ts'), 'export const u = 2;\n');
  expect(cacheKey([entry], ['raw:1'])).toBe(before);
  writeFileSync(join(dir, 'd.ts'), 'export const d = 2;\n');
  expect(cacheKey([entry], ['raw:1'])).not.toBe(before);
  expect(cacheKey([entry], ['raw:2'])).not.toBe(cacheKey([entry], ['raw:1']));
});

test('the real builders reach their readers: the OEWS area, ZIP and xlsx readers are in the wage index key', () => {
  const files = sourceClosure(['src/service/data/wages.ts', 'src/service/data/geography.ts']).map((f) =>
    relative(ROOT, f),
  );
  expect(files).toEqual(
    expect.arrayContaining([
      'src/service/data/oews-area.ts',
      'src/service/data/oews.ts',
      'src/service/data/county-join.ts',
      'src/service/data/raw-files.ts',
    ]),
  );
  const onet = sourceClosure(['src/service/data/onet/build.ts']).map((f) => relative(ROOT, f));
  expect(onet).toEqual(
    expect.arrayContaining(['src/service/data/raw-files.ts', 'src/service/text/normalize.ts']),
  );
});
