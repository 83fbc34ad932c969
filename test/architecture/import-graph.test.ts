import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * Keeps the layering of docs/architecture.md true as the code grows: imports flow one way
 * (domain ← api ← excel; api ← session ← formulas ← usecases, and usecases → excel; the entry points
 * functions/taskpane/commands sit on top and never import each other; the service on its own side), the
 * domain stays free of Office, DOM, HTTP and Node, and the add-in never reaches into the reference service.
 */
const SRC = resolve(__dirname, '..', '..', 'src');

/** Which top-level folders each folder may import from (itself included). */
const ALLOWED: Record<string, readonly string[]> = {
  domain: ['domain'],
  api: ['api', 'domain'],
  excel: ['excel', 'api', 'domain'],
  session: ['session', 'api', 'domain'],
  formulas: ['formulas', 'session', 'api', 'domain'],
  usecases: ['usecases', 'formulas', 'session', 'excel', 'api', 'domain'],
  functions: ['functions', 'usecases', 'formulas', 'session', 'excel', 'api', 'domain'],
  taskpane: ['taskpane', 'usecases', 'formulas', 'session', 'excel', 'api', 'domain'],
  commands: ['commands', 'usecases', 'formulas', 'session', 'excel', 'api', 'domain'],
  service: ['service', 'api', 'domain'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/g))
    specs.push(m[1] as string);
  for (const m of text.matchAll(/(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g)) specs.push(m[1] as string);
  return specs;
}

const topFolder = (file: string): string => relative(SRC, file).split(sep)[0] as string;
const files = sourceFiles(SRC);

describe('import graph (docs/architecture.md)', () => {
  it('finds the source tree', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((f) => [relative(SRC, f), f]))('%s imports only the layers below it', (_name, file) => {
    const from = topFolder(file);
    const allowed = ALLOWED[from];
    expect(allowed).toBeDefined();
    const bad = importsOf(file)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => topFolder(resolve(dirname(file), spec)))
      .filter((to) => !(allowed as readonly string[]).includes(to));
    expect(bad).toEqual([]);
  });

  it('allows imports one way only: no two folders may import each other, directly or through others', () => {
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      (ALLOWED[from] ?? [])
        .filter((next) => next !== from && !seen.has(next))
        .some((next) => next === to || reaches(next, to, seen.add(next)));
    const cycles = Object.keys(ALLOWED).filter((folder) => reaches(folder, folder));
    expect(cycles).toEqual([]);
  });

  it('is the table of docs/architecture.md, row for row', () => {
    const doc = readFileSync(resolve(__dirname, '..', '..', 'docs', 'architecture.md'), 'utf8');
    const section = doc.split(/^## /m).find((s) => s.startsWith('Allowed imports')) ?? '';
    const table: Record<string, string[]> = {};
    for (const [, folder, imports] of section.matchAll(/^\|\s*`src\/(\w+)`\s*\|([^|]*)\|/gm))
      table[folder as string] = (imports as string)
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '' && s !== '(nothing)');
    const enforced = Object.fromEntries(
      Object.entries(ALLOWED).map(([folder, may]) => [folder, may.filter((to) => to !== folder)]),
    );
    expect(table).toEqual(enforced);
  });

  it('type-checks every add-in folder without Node (tsconfig.addin.json), and the service without the DOM', () => {
    const include = (name: string): string[] =>
      (JSON.parse(readFileSync(resolve(__dirname, '..', '..', name), 'utf8')) as { include: string[] })
        .include;
    const addin = Object.keys(ALLOWED)
      .filter((folder) => folder !== 'service')
      .map((folder) => `src/${folder}`);
    expect([...include('tsconfig.addin.json')].sort()).toEqual(addin.sort());
    expect(include('tsconfig.service.json')).toContain('src/service');
  });

  it('keeps src/domain free of Office, the DOM, HTTP and Node', () => {
    const offenders = files
      .filter((f) => topFolder(f) === 'domain')
      .filter((f) => {
        const code = readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
        const nodeImport = importsOf(f).some(
          (s) => s.startsWith('node:') || ['fs', 'http', 'path'].includes(s),
        );
        return (
          nodeImport ||
          /\b(Excel|Office|OfficeRuntime|CustomFunctions|document|window)\.|\bfetch\(/.test(code)
        );
      })
      .map((f) => relative(SRC, f));
    expect(offenders).toEqual([]);
  });

  it('lets only src/excel (and the thin Office entry points) touch Excel.*', () => {
    const mayTouchExcel = new Set(['excel', 'functions', 'taskpane', 'commands']);
    const offenders = files
      .filter((f) => !mayTouchExcel.has(topFolder(f)))
      .filter((f) => /\bExcel\.(run|Range|Worksheet|Workbook|RequestContext)\b/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(offenders).toEqual([]);
  });
});
