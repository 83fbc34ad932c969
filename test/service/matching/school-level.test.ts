import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { educationRole, industrySchoolLevel } from '../../../src/service/matching/school-level';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * The employer's industry (NAICSCode, D10) names the level of school a teacher teaches at
 * (docs/methodology.md §2a, "Readings"). Our own example titles.
 */
let matcher: OnetMatcher;
beforeAll(async () => {
  matcher = await loadRealMatcher();
}, 120_000);

describe('industrySchoolLevel', () => {
  it('reads elementary and secondary schools, and colleges, universities and trade schools, from NAICS', () => {
    expect(industrySchoolLevel('611110')).toBe('school');
    expect(industrySchoolLevel('6111')).toBe('school');
    expect(industrySchoolLevel('611310')).toBe('postsecondary');
    expect(industrySchoolLevel('611210')).toBe('postsecondary');
    expect(industrySchoolLevel(' 611519 ')).toBe('postsecondary');
  });

  it('reads no level from the sector alone, other education industries, other sectors or none', () => {
    for (const code of ['61', '611', '611610', '622110', '']) expect(industrySchoolLevel(code)).toBeNull();
  });
});

describe('educationRole', () => {
  it('tells teachers, assistants and administrators by level', () => {
    expect(educationRole('25-1052')).toEqual({ kind: 'teacher', level: 'postsecondary' });
    expect(educationRole('25-2031')).toEqual({ kind: 'teacher', level: 'school' });
    expect(educationRole('25-3021')).toEqual({ kind: 'teacher', level: 'other' });
    expect(educationRole('25-9044')).toEqual({ kind: 'assistant', level: 'postsecondary' });
    expect(educationRole('25-9042')).toEqual({ kind: 'assistant', level: 'school' });
    expect(educationRole('11-9033')).toEqual({ kind: 'administrator', level: 'postsecondary' });
    expect(educationRole('29-1141')).toBeNull();
  });

  it('reads substitute teachers and tutors at any level: the SOC names them by how they teach', () => {
    expect(educationRole('25-3031')).toEqual({ kind: 'teacher', level: 'any' });
    expect(educationRole('25-3041')).toEqual({ kind: 'teacher', level: 'any' });
  });
});

describe('teachers at the industry’s school level', () => {
  const at = (title: string, naics: string) => matcher.match(title, '', naics);

  it('reads a subject teacher at a college as that subject’s postsecondary teacher, at most Probable', () => {
    expect(at('Chemistry Teacher', '611310')).toMatchObject({ socCode: '25-1052', rating: 'Probable' });
    expect(at('Teacher, Music', '611310')?.socCode).toBe('25-1121');
    expect(at('Welding Instructor', '611519')?.socCode).toBe('25-1194');
  });

  it('reads an instructor at a school as a school teacher, and an assistant as a school’s assistant', () => {
    expect(at('Spanish Instructor', '611110')?.socCode).toBe('25-2031');
    expect(at('Welding Instructor', '611110')?.socCode).toBe('25-2032');
    expect(at('Teaching Assistant', '611110')?.socCode).toBe('25-9042');
  });

  it('keeps the answer without such an industry, for a title naming its level, and for other jobs', () => {
    expect(at('Chemistry Teacher', '')?.socCode).toBe(at('Chemistry Teacher', '61')?.socCode);
    expect(at('Spanish Instructor', '')).toMatchObject({ socCode: '25-1124', rating: 'Confident' });
    expect(at('Biology Professor', '611110')).toMatchObject({ socCode: '25-1042', rating: 'Confident' });
    expect(at('Registered Nurse', '611310')).toMatchObject({ socCode: '29-1141', rating: 'Confident' });
  });

  it('keeps a tutor and a substitute teacher at a school or a college (docs/methodology.md §2a, tenth round)', () => {
    // Moved to the school's level, "Tutor" had become a special education teacher, Possible.
    expect(at('Tutor', '611110')).toMatchObject({ socCode: '25-3041', rating: 'Confident' });
    expect(at('Reading Tutor', '611110')?.socCode).toBe('25-3041');
    expect(at('Math Tutor', '611310')?.socCode).toBe('25-3041');
    expect(at('Substitute Teacher', '611110')?.socCode).toBe('25-3031');
  });

  it('ranks the same first candidate as it matches (D18)', () => {
    for (const naics of ['', '611110', '611310'])
      expect(matcher.rank('Chemistry Teacher', '', 5, naics)[0]?.socCode).toBe(
        matcher.match('Chemistry Teacher', '', naics)?.socCode,
      );
  });
});
