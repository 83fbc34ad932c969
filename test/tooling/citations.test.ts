import { linesMatching, textFilesUnder } from './repo-text';

/**
 * Comments and test names cite what a reader of the repository can open: a D-number (docs/decisions.md), a
 * section of docs/*.md, an RFC, or simply the reason. Not the tracker's issue numbers, and not sections of
 * the API document, which lives outside the repository (docs/api.md describes it). An eslint-disable
 * comment says why, after "--".
 */

/** This file names what it looks for, so it is the one file not searched. */
const FILES = [
  ...textFilesUnder('src', 'test', 'bench', 'scripts').filter((f) => f !== 'test/tooling/citations.test.ts'),
  // The top-level configurations and the CI script carry comments too.
  ...['webpack.config.js', 'jest.config.js', 'eslint.config.mjs', 'README.md', '.ci/run'],
];

/** "issue 12", "Issue 12 item 8", "issues 9 and 10", "(#12)". */
const ISSUE = /\bissues?\s+#?\d|\(#\d+\)/i;

/** A section sign (written as an escape here, so this file does not cite one itself). */
const SECTION = /\u00a7/;

/** A section sign is fine after an RFC ("RFC 6749 §4.4") or one of our own docs ("docs/methodology.md §2a"). */
const OPEN_SECTION = /(?:RFC \d+|\.md) \u00a7\s?\d/g;

/** An eslint-disable directive: in a line or block comment, at its start. */
const DISABLE = /(?:\/\/|\/\*)\s*eslint-disable/;

test('no comment or test name cites an issue number', () => {
  expect(FILES.flatMap((file) => linesMatching(file, ISSUE))).toEqual([]);
});

/** The docs cite their own sections by a bare section sign; they too never cite an issue or the API document's sections. */
const DOCS = textFilesUnder('docs').filter((f) => f.endsWith('.md'));
const SPEC_SECTION = /\bspec\s*\u00a7/i;

test('the docs cite no issue number and no section of the API document', () => {
  expect(DOCS.length).toBeGreaterThan(5);
  expect(
    DOCS.flatMap((file) => [...linesMatching(file, ISSUE), ...linesMatching(file, SPEC_SECTION)]),
  ).toEqual([]);
});

test('a section sign cites an RFC or a doc of this repository, never the API document', () => {
  const cited = FILES.flatMap((file) => linesMatching(file, SECTION));
  expect(cited.filter((line) => SECTION.test(line.replace(OPEN_SECTION, '')))).toEqual([]);
});

test('every eslint-disable comment gives its reason', () => {
  const silent = FILES.flatMap((file) => linesMatching(file, DISABLE)).filter((line) => !/ -- \S/.test(line));
  expect(silent).toEqual([]);
});

test('the patterns catch the citations they are for', () => {
  const section = String.fromCharCode(0xa7);
  for (const cite of ['(issue 12 item 8)', 'Issue 9 items 3, 4 and 6', 'issues 10 and 11', 'see (#42)'])
    expect(ISSUE.test(cite)).toBe(true);
  for (const fine of ['the issuer 12', 'tissue 3', 'color #333']) expect(ISSUE.test(fine)).toBe(false);
  const open = (text: string): boolean => !SECTION.test(text.replace(OPEN_SECTION, ''));
  expect(open(`RFC 6749 ${section}2.3.1`)).toBe(true);
  expect(open(`docs/methodology.md ${section}2a`)).toBe(true);
  expect(open(`spec ${section}7`)).toBe(false);
  expect(open(`(${section}4.2)`)).toBe(false);
  expect(SPEC_SECTION.test(`spec ${section}4.1`)).toBe(true);
  expect(SPEC_SECTION.test(`see ${section}4 below`)).toBe(false);
});
