import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { linesMatching, readText, ROOT, textFilesUnder } from './repo-text';

/**
 * docs/decisions.md is the map of D1–D21: each decision once, with the files that enforce and test it.
 * The map stays true: a D-number cited in the code is listed there, every file it names exists, every
 * name it gives after a file is in that file, and every link into another doc lands on a heading.
 */

const DOC = 'docs/decisions.md';
const doc = readText(DOC);

/** The decisions the doc lists, from their bullets ("- **D4** ..."). */
const listed = [...doc.matchAll(/^- \*\*D(\d+)\*\*/gm)].map((m) => Number(m[1]));

/** The D-numbers a text cites: "D4", and every number of a range such as "D4–D12" or "D6-D8". */
function citedDecisions(text: string): number[] {
  const numbers: number[] = [];
  for (const m of text.matchAll(/\bD(\d+)(?:\s?[-–]\s?D?(\d+))?\b/g)) {
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    for (let n = from; n <= to; n++) numbers.push(n);
  }
  return numbers;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

test('lists D1 to D21, each once and in order', () => {
  expect(listed).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
});

test('every D-number cited in src/, test/, bench/ and scripts/ is listed', () => {
  const unknown = textFilesUnder('src', 'test', 'bench', 'scripts').flatMap((file) =>
    linesMatching(file, /\bD\d+\b/).filter((line) =>
      citedDecisions(line.slice(line.indexOf(': ') + 2)).some((n) => !listed.includes(n)),
    ),
  );
  expect(unknown).toEqual([]);
});

test('every file it names exists, and every name given after a file is in that file', () => {
  const problems: string[] = [];
  const references = doc.matchAll(/`((?:src|test|docs|bench|scripts)\/[^`\s]+)`(?: \(([^)]*)\))?/g);
  let count = 0;
  for (const [, path, names] of references) {
    count++;
    const file = path as string;
    if (!existsSync(join(ROOT, file))) {
      problems.push(`${file} does not exist`);
      continue;
    }
    const text = readText(file);
    for (const [, name] of (names ?? '').matchAll(/`([A-Za-z_$][\w$]*)`/g))
      if (!new RegExp(`\\b${name}\\b`).test(text)) problems.push(`${file} has no ${name}`);
  }
  expect(problems).toEqual([]);
  expect(count).toBeGreaterThan(100);
});

test('its links into other docs land on a heading there', () => {
  const problems: string[] = [];
  for (const [, target, anchor] of doc.matchAll(/\]\(([a-z-]+\.md)#([^)]+)\)/g)) {
    const headings = readText(`docs/${target}`)
      .split('\n')
      .filter((line) => line.startsWith('#'))
      .map((line) => anchorOf(line.replace(/^#+/, '')));
    if (!headings.includes(anchor as string)) problems.push(`${target}#${anchor}`);
  }
  expect(problems).toEqual([]);
});

test('reads its own examples of citations the way the code writes them', () => {
  expect(citedDecisions('D4/D5/D7, D12–D14 and D6-D8')).toEqual([4, 5, 7, 12, 13, 14, 6, 7, 8]);
  expect(anchorOf(' Choices where the spec and D1–D21 are silent')).toBe(
    'choices-where-the-spec-and-d1d21-are-silent',
  );
  expect(anchorOf(' Wage areas and `DataScope_Region` (D9)')).toBe('wage-areas-and-datascope_region-d9');
});
