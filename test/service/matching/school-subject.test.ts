import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A school subject's director, supervisor or teacher at a school or college is a teacher of its level
 * (docs/methodology.md §2a, "Readings"; the industry is the request's NAICSCode, D10). Our own example
 * titles.
 */
let matcher: OnetMatcher;
beforeAll(async () => {
  matcher = await loadRealMatcher();
}, 120_000);

const at = (title: string, naics: string) => matcher.match(title, '', naics);
const level = (soc: string | undefined): string => (soc ?? '').slice(0, 4);

describe('a school subject’s director or teacher at a school', () => {
  it('reads a music director at a college as a postsecondary music teacher, at most Probable', () => {
    expect(at('Choir Director', '')).toMatchObject({ socCode: '27-2041', rating: 'Confident' });
    expect(at('Choir Director', '611310')).toMatchObject({ socCode: '25-1121', rating: 'Probable' });
    expect(at('Orchestra Director', '611310')?.socCode).toBe('25-1121');
  });

  it('reads a sport’s instructor at a school as a school teacher, not a coach', () => {
    expect(at('Tennis Instructor', '')?.socCode).toBe('27-2022');
    expect(level(at('Tennis Instructor', '611110')?.socCode)).toBe('25-2');
    expect(level(at('Tennis Instructor', '611310')?.socCode)).toBe('25-1');
  });

  it('keeps the practitioner elsewhere, without a school industry, and for titles naming no direction or teaching', () => {
    expect(at('Choir Director', '813110')?.socCode).toBe('27-2041');
    expect(at('Choir Director', '61')?.socCode).toBe('27-2041');
    expect(at('Basketball Coach', '611110')?.socCode).toBe('27-2022');
  });

  it('keeps other arts and media occupations at a college: an art director, a sound technician', () => {
    expect(at('Art Director', '611310')?.socCode).toBe('27-1011');
    expect(at('Sound Technician', '611310')?.socCode).toBe('27-4014');
  });

  it('ranks the same first candidate as it matches (D18)', () => {
    for (const naics of ['', '611110', '611310'])
      expect(matcher.rank('Choir Director', '', 5, naics)[0]?.socCode).toBe(
        matcher.match('Choir Director', '', naics)?.socCode,
      );
  });
});
