import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The README and docs/ link only to files inside the repository (or to web pages), so a
 * reader of the published repository never meets a dead link into a neighbouring folder.
 */

const ROOT = join(__dirname, '..', '..');
const FILES = [
  'README.md',
  'docs/api.md',
  'docs/architecture.md',
  'docs/decisions.md',
  'docs/functions.md',
  'docs/service.md',
  'docs/methodology.md',
];

describe('documentation links stay inside the repository', () => {
  it.each(FILES)('%s', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const bad: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = target as string;
      if (/^(https?:|mailto:|#)/.test(link)) continue;
      const path = resolve(dirname(join(ROOT, file)), link.split('#')[0] as string);
      if (relative(ROOT, path).startsWith('..') || !existsSync(path)) bad.push(link);
    }
    expect(bad).toEqual([]);
  });

  it('docs/api.md covers the operations, the fields, the errors and the decisions', () => {
    const api = readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8');
    for (const word of [
      '/DaaS/jobpricing',
      '/DaaS/batchjobpricing',
      '/DaaS/batchjobmatch',
      '/oauth/token',
      'SubRequestID',
      'DataEffectiveDate',
      'Location request is incomplete',
      'D21',
    ])
      expect(api).toContain(word);
  });
});
