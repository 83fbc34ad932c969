import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

/** The repository's root, seen from test/tooling. */
export const ROOT = join(__dirname, '..', '..');

const TEXT_EXTENSIONS = new Set(['.ts', '.js', '.mjs', '.cjs', '.html', '.css', '.md', '.json']);

/** Every text file under the given top-level folders, as paths relative to the root ("src/api/wire.ts"). */
export function textFilesUnder(...folders: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (TEXT_EXTENSIONS.has(extname(entry.name)))
        files.push(relative(ROOT, path).split('\\').join('/'));
    }
  };
  for (const folder of folders) walk(join(ROOT, folder));
  return files.sort();
}

export function readText(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8');
}

/** Each line of `file` that matches `pattern`, as "file:line: text" (for a failure that says where). */
export function linesMatching(file: string, pattern: RegExp): string[] {
  return readText(file)
    .split('\n')
    .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}
