import { occupationTitleHeadPart } from '../../../src/service/matching/title-shape';
import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * Head-noun agreement reads only the words of an occupation's own title that can be its head
 * (docs/methodology.md §2a, step 3): not those of an "of" phrase or an "Except" clause.
 */
describe('occupationTitleHeadPart', () => {
  it('keeps the part before an "of" phrase or an "Except" clause', () => {
    expect(occupationTitleHeadPart('First-Line Supervisors of Food Preparation and Serving Workers')).toBe(
      'First-Line Supervisors',
    );
    expect(occupationTitleHeadPart('Captains, Mates, and Pilots of Water Vessels')).toBe(
      'Captains, Mates, and Pilots',
    );
    expect(occupationTitleHeadPart('Janitors and Cleaners, Except Maids and Housekeeping Cleaners')).toBe(
      'Janitors and Cleaners',
    );
    expect(occupationTitleHeadPart('Dispatchers, Except Police, Fire, and Ambulance')).toBe('Dispatchers');
    expect(occupationTitleHeadPart('Registered Nurses')).toBe('Registered Nurses');
  });
});

describe('head-noun agreement on the real index', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('does not take the supervisors of workers for a worker', () => {
    // "First-Line Supervisors of Food Preparation and Serving Workers" end on "Workers" but are supervisors.
    const answer = matcher.match('Dining worker', '');
    expect(answer?.socCode).toMatch(/^35-(9|3)/);
  });
});
