import { excludedPhrases } from '../../../src/service/matching/exclusion';
import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { loadRealMatcher } from './onet-part-fixture';

/** What an exclusion clause names is what the job is not (docs/methodology.md §2a, "Readings"). */
describe('excludedPhrases', () => {
  const phrases = (title: string) => excludedPhrases(title)?.map((p) => [...p]);

  it('reads each listed exclusion as a phrase of stems, leaving out the words the title keeps', () => {
    expect(phrases('Writer except technical and medical')).toEqual([['technical'], ['medical']]);
    expect(phrases('Inspector, except food safety inspector')).toEqual([['food', 'safety']]);
    expect(phrases('Cleaner exc cleaning windows')).toEqual([['window']]);
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
    // A driver is most likely a truck driver; a driver other than a truck driver is not.
    expect(matcher.match('Driver', '')?.socCode).toMatch(/^53-303[23]$/);
    const excluded = matcher.match('Driver except truck', '');
    expect(excluded?.socCode).not.toMatch(/^53-303[23]$/);
    expect(excluded?.socCode).toMatch(/^53-3/);
    expect(excluded?.rating).not.toBe('Confident');
  });

  it('keeps an answer the clause does not name', () => {
    expect(matcher.match('Painter exc automotive', '')?.socCode).toBe(matcher.match('Painter', '')?.socCode);
  });
});
