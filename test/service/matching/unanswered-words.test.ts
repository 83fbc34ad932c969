import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { UnansweredWords } from '../../../src/service/matching/unanswered-words';
import { loadRealMatcher } from './onet-part-fixture';

// docs/methodology.md §2a, "Tenth round, unanswered titles".
describe('UnansweredWords on a small vocabulary', () => {
  const counts = new Map<string, number>([
    ['locksmith', 12],
    ['remediation', 4],
    ['usher', 8],
    ['conductor', 30],
    ['chemist', 51],
    ['technician', 2936],
    ['rare', 1],
    ['worker', 1482],
  ]);
  const idf = (w: string): number => Math.log(1 + 60_000 / (counts.get(w) ?? 60_000));
  const words = new UnansweredWords((w) => counts.get(w) ?? 0, idf);

  it('reads an activity in "-ing" as what it works on', () => {
    expect(words.formedFrom('locksmithing')).toBe('locksmith');
  });

  it('reads a practitioner in "-or" or "-er" as the field in "-ion"', () => {
    expect(words.formedFrom('remediator')).toBe('remediation');
  });

  it('reads a feminine or diminutive form as the job', () => {
    expect(words.formedFrom('usherette')).toBe('usher');
    expect(words.formedFrom('conductress')).toBe('conductor');
  });

  it('reads a learned compound as its head, only a head that names a particular job', () => {
    expect(words.formedFrom('hydrochemist')).toBe('chemist');
    // "technician" alone is answered by whichever technicians the bare word leads to.
    expect(words.formedFrom('geotechnician')).toBeNull();
    // A first part that is no combining form in "-o" is no learned compound.
    expect(words.formedFrom('superchemist')).toBeNull();
  });

  it('guesses no word used by fewer than three titles, and leaves nonsense alone', () => {
    expect(words.formedFrom('raring')).toBeNull();
    expect(words.formedFrom('xyzzying')).toBeNull();
  });

  it('joins two adjacent words where O*NET writes them as one title word, and says when none are', () => {
    const closed = new UnansweredWords(
      (w) => (['bookkeeper', 'skycap', 'aide', 'book', 'keeper'].includes(w) ? 5 : 0),
      () => 8,
    );
    expect(closed.joined('Book keeper Aide')).toBe('Bookkeeper Aide');
    expect(closed.joined('Senior Sky-cap')).toBe('Senior Skycap');
    expect(closed.joined('Keeper Book')).toBeNull();
  });

  it('rewrites only the words no title uses, and says when it read none', () => {
    expect(words.read('Senior Locksmithing Worker')).toBe('Senior locksmith Worker');
    expect(words.read('Chemist')).toBeNull();
    expect(words.read('Xyzzy')).toBeNull();
  });
});

describe('the matcher reads an unanswered title by the words it is formed from', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('answers a title that reached no occupation, at most Possible', () => {
    for (const [title, soc] of [
      ['Locksmithing', '49-9094'],
      ['Usherette', '39-3031'],
      ['Nephropathologist', '29-1222'],
      ['Paleochemist', '19-2031'],
      ['Remediator', '19-4042'],
    ] as const) {
      const m = matcher.match(title, '');
      expect([title, m?.socCode, m?.rating]).toEqual([title, soc, 'Possible']);
    }
  });

  it('reads a weakly answered title with two words as the closed compound O*NET writes, at most Probable', () => {
    // Apart, "book keeper aide" reached personal care aides (Possible); O*NET writes "bookkeeper".
    const m = matcher.match('Book Keeper Aide', '');
    expect([m?.socCode, m?.rating]).toEqual(['43-3031', 'Probable']);
  });

  it('leaves a title that reaches an occupation as it was read', () => {
    // "Roofing" is answered directly (word repair reads no "-ing" activity as its worker).
    expect(matcher.match('Roofing', '')?.rating).toBe('Probable');
  });

  it('still answers nothing where no word is formed from a title word', () => {
    expect(matcher.match('Beekeeping', '')).toBeNull();
    expect(matcher.match('Xyzzy Qwerty', '')).toBeNull();
  });
});
