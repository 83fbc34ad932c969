import { excludedPhrases } from '../../../src/service/matching/exclusion';
import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { loadRealMatcher } from './onet-part-fixture';

/** What an exclusion clause names is what the job is not (docs/methodology.md §2a, "Readings"). */
describe('excludedPhrases', () => {
  const phrases = (title: string) => excludedPhrases(title)?.map((p) => [...p]);

  it('reads each listed exclusion as a phrase of stems, leaving out the words the title keeps', () => {
    expect(phrases('Announcer except radio and television')).toEqual([['radio'], ['television']]);
    expect(phrases('Engineer, except mining safety engineer')).toEqual([['min', 'safety']]);
    expect(phrases('Driver exc driving people')).toEqual([['person']]);
  });

  it('is null without a clause, or with nothing before it', () => {
    expect(excludedPhrases('Registered Nurse')).toBeNull();
    expect(excludedPhrases('Except')).toBeNull();
    expect(excludedPhrases('Excavator operator')).toBeNull();
  });
});

describe('exclusion clauses on the real index', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('moves an answer off the occupation the clause excludes, to a close candidate, at most Probable', () => {
    const plain = matcher.match('Systems analyst', '');
    expect(plain?.socCode).toBe('15-1211');
    const excluded = matcher.match('Systems analyst exc computer', '');
    expect(excluded?.socCode).not.toBe('15-1211');
    expect(excluded?.rating).not.toBe('Confident');
  });

  it('keeps an answer the clause does not name', () => {
    expect(matcher.match('Painter exc automotive', '')?.socCode).toBe(matcher.match('Painter', '')?.socCode);
  });
});
