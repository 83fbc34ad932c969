import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { loadRealMatcher } from './onet-part-fixture';

/** A supervisor or manager only for a title that names a rank or post (docs/methodology.md §2a, "Readings"). */
describe('first-line supervisors on the real index', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('does not answer the supervisors of workers for a worker’s title without a rank', () => {
    const retail = matcher.match('Retail worker', '');
    expect(retail?.socCode).toBe('41-2031');
    expect(retail?.rating).not.toBe('Confident');
    expect(matcher.match('Construction trades worker', '')?.socCode).not.toBe('47-1011');
  });

  it('keeps a supervisor for a title with a rank or level word, or that O*NET lists under the supervisors', () => {
    expect(matcher.match('Retail supervisor', '')?.socCode).toBe('41-1011');
    expect(matcher.match('Kitchen Lead', '')?.socCode).toBe('35-1012');
    expect(matcher.match('Fire Marshal', '')).toMatchObject({ socCode: '33-1021', rating: 'Confident' });
  });

  it('does not answer a manager for a title that names no management', () => {
    const answer = matcher.match('Restaurant monitor', '');
    expect(answer?.socCode.startsWith('11-')).toBe(false);
    expect(matcher.match('Food service manager', '')?.socCode).toBe('11-9051');
  });
});
