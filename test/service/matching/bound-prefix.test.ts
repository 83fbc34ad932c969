import type { OnetPart } from '../../../src/service/data/onet/part';
import { BoundPrefixes } from '../../../src/service/matching/bound-prefix';
import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { loadRealMatcher } from './onet-part-fixture';

/** A part holding only titles, as word sets over a small vocabulary (the fields BoundPrefixes reads). */
function titlesPart(titles: readonly (readonly string[])[]): OnetPart {
  const vocab = [...new Set(titles.flat())];
  const start = [0];
  const words: number[] = [];
  for (const t of titles) {
    for (const w of t) words.push(vocab.indexOf(w));
    start.push(words.length);
  }
  return { vocab, titles: { start, words } } as unknown as OnetPart;
}

// docs/methodology.md §2a, "Tenth round, words".
describe('BoundPrefixes on a small set of titles', () => {
  const part = titlesPart([
    ['runway', 'deicer'],
    ['deicer', 'operator'],
    ['de', 'icer', 'tester'],
    ['pastry', 'icer'],
    ['non', 'destructive', 'tester'],
    ['non', 'destructive', 'inspector'],
    ['nondestructive', 'examiner'],
    ['copilot'],
    ['multimedia', 'producer'],
  ]);
  const count = (w: string): number => {
    const id = part.vocab.indexOf(w);
    let n = 0;
    for (let t = 0; t + 1 < part.titles.start.length; t++)
      if (part.titles.words.slice(part.titles.start[t], part.titles.start[t + 1]).includes(id)) n++;
    return n;
  };
  const prefixes = new BoundPrefixes(part, count);

  it('joins a prefix written apart where O*NET writes the word closed more often than apart', () => {
    // "deicer" in 2 titles, "de" beside "icer" in 1.
    expect(prefixes.joined('Hangar de icer')).toBe('Hangar deicer');
    expect(prefixes.joined('Multi media Producer')).toBe('Multimedia Producer');
  });

  it('joins a prefix the normaliser reads as a short form ("co" is a correctional officer)', () => {
    expect(prefixes.joined('Relief Co pilot')).toBe('Relief Copilot');
  });

  it('keeps apart what O*NET writes apart more often, and a closed form no title uses', () => {
    // "nondestructive" in 1 title, "non" beside "destructive" in 2.
    expect(prefixes.joined('Non destructive Examiner')).toBe('Non destructive Examiner');
    expect(prefixes.joined('Pre owned Car Sales')).toBe('Pre owned Car Sales');
  });

  it('leaves a hyphen, a word that only begins like a prefix, and a title with no prefix alone', () => {
    // Hyphenated prefixes are read by QueryWords.joinedPrefixes; O*NET's own are indexed split.
    expect(prefixes.joined('Hangar De-icer')).toBe('Hangar De-icer');
    expect(prefixes.joined('Design media Producer')).toBe('Design media Producer');
    expect(prefixes.joined('Pastry Icer')).toBe('Pastry Icer');
  });
});

describe('Bound prefixes in the matcher', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);
  const top = (title: string) => matcher.match(title, '');

  it('reads a prefix written apart as the closed word O*NET writes', () => {
    expect(top('Ramp de icer')).toEqual(top('Ramp Deicer'));
    expect(top('Multi media Designer')).toEqual(top('Multimedia Designer'));
  });
});
