import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * Tenth-round rules for school, care and protective titles (docs/methodology.md §2a, "Tenth round"), on the
 * real O*NET index. The titles are our own examples of each shape; the figures on real titles are eval:dev's.
 */
let matcher: OnetMatcher;
beforeAll(async () => {
  matcher = await loadRealMatcher();
}, 120_000);

const match = (title: string, industry = '') => matcher.match(title, '', industry);
const soc = (title: string, industry = ''): string | undefined => match(title, industry)?.socCode;

describe('a school named by a level word', () => {
  it('reads "junior high" and "intermediate school" as middle school, not as a junior worker', () => {
    // Read as a level, "junior" left "High School Teacher": secondary school teachers.
    expect(soc('Junior High School Teacher')).toBe('25-2022');
    expect(soc('Science Teacher, Junior High School', '6111')).toBe('25-2022');
    expect(soc('Intermediate School Science Teacher', '6111')).toBe('25-2022');
    expect(match('Junior High School Teacher')?.levelShift).toBe(0);
    // A senior high school is a high school; the teacher is no senior teacher.
    expect(match('Senior High School Teacher')).toMatchObject({ socCode: '25-2031', levelShift: 0 });
  });
});

describe('an assistant line after words that say where', () => {
  it('is the occupation that assists the practice, as the two-word line is', () => {
    // The level of school drew the school's teachers (middle school teachers, Probable).
    expect(match('Middle School Assistant Teacher')).toMatchObject({
      socCode: '25-9042',
      rating: 'Probable',
    });
    expect(soc('Kindergarten Teacher Aide')).toBe('25-9042');
    // A practice's other words keep their answer: no assistant word closes the title.
    expect(soc('Assistant Civil Engineer')).toBe('17-2051');
    expect(soc('Assistant Warehouse Manager')).not.toBe('43-5071');
  });
});

describe('"adviser" written as O*NET mostly writes it', () => {
  it('finds the titles O*NET writes with "advisor"', () => {
    // As "adviser", a word in 23 of O*NET's titles against 160, the tax preparers' "Tax Advisor" was
    // missed: securities sales agents, Possible.
    expect(match('Tax Adviser')).toMatchObject({ socCode: '13-2082', rating: 'Confident' });
    expect(soc('Tax Adviser')).toBe(soc('Tax Advisor'));
  });
});

describe('an academic rank beside a physician’s role', () => {
  it('is a faculty appointment of that physician, as a manager’s post beside a role is', () => {
    // Read as two roles, the rank was the first and the job: health specialties teachers, Probable.
    expect(match('Assistant Professor/Psychiatrist')).toMatchObject({
      socCode: '29-1223',
      rating: 'Probable',
    });
    expect(soc('Clinical Instructor - Dermatologist')).toBe('29-1213');
    expect(soc('Associate Professor/Cardiologist')).toBe('29-1212');
    // Beside another practice the rank keeps its reading: the practice's teachers.
    expect(soc('Professor/Registered Nurse')).toBe('25-1072');
  });
});

describe('a school’s other workers', () => {
  it('are no teachers: the level of school names where the job is', () => {
    // The level's words drew the teachers of that level, Probable.
    expect(match('Middle School Nurse')).toMatchObject({ socCode: '29-1141', rating: 'Probable' });
    expect(soc('Middle School Cafeteria Worker')).not.toMatch(/^25-/);
    expect(soc('Middle School Guidance Counselor')).toBe('21-1012');
  });

  it('keeps a teacher whose titles use the head noun, and a title naming teaching', () => {
    expect(soc('Adapted Physical Education Specialist')).toBe('25-2059');
    expect(soc('Preschool')).toBe('25-2011');
    expect(soc('Middle School Teacher')).toBe('25-2022');
  });
});
