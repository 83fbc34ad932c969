import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { namesTeaching } from '../../../src/service/matching/teaching';
import { loadRealMatcher } from './onet-part-fixture';

/** A postsecondary teacher only for a title that names teaching (docs/methodology.md §2a, "Readings"). */
describe('namesTeaching', () => {
  it('finds a word that names teaching', () => {
    expect(namesTeaching('Nursing Instructor')).toBe(true);
    expect(namesTeaching('Professor of Chemistry')).toBe(true);
    expect(namesTeaching('Teacher, Music')).toBe(true);
    expect(namesTeaching('Bench Aide')).toBe(false);
    expect(namesTeaching('Choir Conductor')).toBe(false);
  });
});

describe('teachers on the real index', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('does not answer the teachers of an occupation for a title that names no teaching', () => {
    // O*NET files "… Aide Teacher" titles under Health Specialties Teachers, Postsecondary.
    for (const title of ['Laboratory Aide', 'Lab Aide'])
      expect({ title, soc: matcher.match(title, '')?.socCode.slice(0, 4) }).not.toEqual({
        title,
        soc: '25-1',
      });
  });

  it('keeps a teacher for a title that names teaching', () => {
    expect(matcher.match('Nursing Instructor', '')?.socCode).toBe('25-1072');
  });
});
