import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { excludedActivities } from '../../../src/service/matching/exclusion';
import { loadRealMatcher } from './onet-part-fixture';

/** An exclusion clause's activity excludes its doer (docs/methodology.md §2a, "Eleventh round: fixes3"). */
describe('excludedActivities', () => {
  const activities = (title: string) => {
    const found = excludedActivities(title);
    return found === null ? null : [...found];
  };

  it('reads the participles of the clause as the stems of the activities it excludes', () => {
    expect(activities('Dough mixer exc baked bread')).toEqual(['bak']);
    expect(activities('Frame fitter except welding and hauling')).toEqual(['weld', 'haul']);
  });

  it('leaves out the words the title keeps, and titles without a clause or a participle', () => {
    expect(activities('Window cleaner exc cleaning gutters')).toBeNull();
    expect(activities('Painter exc automotive')).toBeNull();
    expect(activities('Baked bread packer')).toBeNull();
  });
});

describe('an excluded activity on the real index', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('moves the answer off the occupation that does the excluded activity, however close the rest', () => {
    const mixer = matcher.match('Dough mixer exc baked bread', '');
    expect(mixer?.socCode).toBe('51-9023');
    expect(mixer?.rating).not.toBe('Confident');
    expect(matcher.match('Dough mixer', '')?.socCode).toBe('51-3011');
  });
});
