import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { subjectTeacher } from '../../../src/service/matching/subject-teacher';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A school teacher named by a subject is one the SOC 2018 definitions name by subjects: a middle or
 * secondary school teacher, not an elementary one (docs/methodology.md §2a, "Tenth round, restricted
 * lines"). Our own example titles.
 */
let matcher: OnetMatcher;
beforeAll(async () => {
  matcher = await loadRealMatcher();
}, 120_000);

describe('subjectTeacher', () => {
  const socCodes = ['25-2021', '25-2012', '25-2031', '25-2022', '25-2056'];
  const entries = (...os: number[]) => os.map((o) => ({ o }));

  it('takes the first middle or secondary school teacher in ranked order', () => {
    expect(subjectTeacher(entries(0, 1, 2, 3), socCodes)).toEqual({ o: 2 });
    expect(subjectTeacher(entries(0, 3, 2), socCodes)).toEqual({ o: 3 });
  });

  it('finds none among teachers the SOC names by skills or by students', () => {
    expect(subjectTeacher(entries(0, 1, 4), socCodes)).toBeUndefined();
  });
});

describe('a subject’s teacher at an elementary and secondary school (NAICS 6111)', () => {
  const at = (title: string, naics: string) => matcher.match(title, '', naics);

  it('reads a subject no school teacher’s title names as a secondary school teacher, at most Probable', () => {
    // Answered as self-enrichment teachers by the title, and as coaches (school-subject.ts).
    expect(at('Knitting Teacher', '611110')).toMatchObject({ socCode: '25-2031', rating: 'Possible' });
    expect(at('Karate Teacher', '611110')?.socCode).toBe('25-2031');
    expect(at('Tennis Teacher', '611110')?.socCode).toBe('25-2031');
  });

  it('keeps the answer at a college, without an industry, and for a title naming its level', () => {
    expect(at('Knitting Teacher', '611310')?.socCode).not.toMatch(/^25-20/);
    expect(at('Karate Teacher', '')?.socCode).toBe('27-2022');
    expect(at('Elementary Knitting Teacher', '611110')?.socCode).toBe('25-2021');
  });

  it('ranks the same first candidate as it matches (D18)', () => {
    for (const title of ['Knitting Teacher', 'Karate Teacher'])
      expect(matcher.rank(title, '', 5, '611110')[0]?.socCode).toBe(
        matcher.match(title, '', '611110')?.socCode,
      );
  });
});
