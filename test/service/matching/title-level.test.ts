import { extractLevel, zoneLevelName, extractTitleLevel } from '../../../src/service/matching/title-level';
import { titleWords } from '../../../src/service/text/normalize';

const levelOf = (title: string) => extractLevel(titleWords(title));

describe('level extraction: seniority words are levels, not occupation words', () => {
  test.each([
    ['Sr. Software Engineer', 'Senior', 1, ['software', 'engineer']],
    ['Senior Accountant', 'Senior', 1, ['accountant']],
    ['Junior Accountant', 'Junior', -1, ['accountant']],
    ['Jr Developer', 'Junior', -1, ['developer']],
    ['Associate Attorney', 'Junior', -1, ['attorney']],
    ['Entry Level Data Analyst', 'Entry', -2, ['data', 'analyst']],
    ['Software Engineering Intern', 'Entry', -2, ['software', 'engineering']],
    ['Trainee Electrician', 'Entry', -2, ['electrician']],
    ['Mid-Level Accountant', 'Intermediate', 0, ['accountant']],
    ['Lead Cook', 'Lead', 1, ['cook']],
    ['Principal Software Engineer', 'Principal', 2, ['software', 'engineer']],
    ['Staff Software Engineer', 'Staff', 2, ['software', 'engineer']],
    ['Accountant I', 'Junior', -1, ['accountant']],
    ['SWE II', 'Intermediate', 0, ['software', 'engineer']],
    ['Accountant III', 'Senior', 1, ['accountant']],
    ['Engineer IV', 'Principal', 2, ['engineer']],
    ['Analyst 2', 'Intermediate', 0, ['analyst']],
    ['Level 3 Support Engineer', 'Senior', 1, ['support', 'engineer']],
    ['Tier 1 Help Desk Technician', 'Junior', -1, ['help', 'desk', 'technician']],
    ['Senior Director of Marketing', 'Director', 1, ['director', 'marketing']],
    ['Associate Director', 'Director', 1, ['director']],
  ])('%s -> %s (%d), matching on %j', (title, name, shift, content) => {
    const { level, content: words } = levelOf(title);
    expect(level?.name).toBe(name);
    expect(level?.shift).toBe(shift);
    expect(words).toEqual(content);
  });

  test.each([
    ['Warehouse Associate', ['warehouse', 'associate']],
    ['Retail Sales Associate', ['retail', 'sale', 'associate']],
    ['Wait Staff', ['wait', 'staff']],
    ['Team Lead', ['team', 'lead']],
    ['Data Entry Clerk', ['data', 'entry', 'clerk']],
    ['Principal', ['principal']],
    ['Senior', ['senior']],
    ['Intern', ['intern']],
    ['Registered Nurse', ['registered', 'nurse']],
  ])('"%s" has no level: the word is the occupation noun there', (title, content) => {
    const { level, content: words } = levelOf(title);
    expect(level).toBeNull();
    expect(words).toEqual(content);
  });

  test('"Staff" is filler before a non-technical noun (Staff Accountant is an accountant, not a staff rung)', () => {
    expect(levelOf('Staff Accountant')).toEqual({ content: ['accountant'], level: null });
    expect(levelOf('Staff Nurse').content).toEqual(['nurse']);
  });

  test('management words are levels AND stay matching words (they name management occupations)', () => {
    const vp = levelOf('VP of Sales');
    expect(vp.level).toMatchObject({ name: 'Executive', shift: 2, management: true });
    expect(vp.content).toEqual(['vice', 'president', 'sale']);
    expect(levelOf('Director of Marketing')).toMatchObject({
      content: ['director', 'marketing'],
      level: { name: 'Director', shift: 1 },
    });
    expect(levelOf('Chief Executive Officer')).toMatchObject({
      content: ['chief', 'executive', 'officer'],
      level: { name: 'Executive' },
    });
    expect(levelOf('SVP Finance').level).toMatchObject({ name: 'Executive', shift: 2 });
    expect(levelOf('AVP Operations').level).toMatchObject({ name: 'Director', shift: 1 });
    expect(levelOf('Head of Engineering')).toMatchObject({
      content: ['director', 'engineering'],
      level: { name: 'Director' },
    });
  });

  test('a level word that names a kind of school gives no level (docs/methodology.md §2a, tenth round)', () => {
    // O*NET writes "Junior High School Teacher" under middle school teachers: "junior" stays a matching word.
    expect(levelOf('Junior High School Librarian')).toEqual({
      content: ['junior', 'high', 'school', 'librarian'],
      level: null,
    });
    expect(levelOf('Science Teacher, Intermediate School')).toEqual({
      content: ['science', 'teacher', 'intermediate', 'school'],
      level: null,
    });
    // The school word alone says it: a junior college is a college, a senior high school a high school.
    expect(levelOf('Junior College Instructor')).toEqual({ content: ['college', 'instructor'], level: null });
    expect(levelOf('Senior High Band Director').content).toEqual(['high', 'band', 'director']);
    expect(levelOf('Senior High Band Director').level?.name).toBe('Director');
    // Elsewhere the words are levels as before.
    expect(levelOf('Junior Highway Engineer').level?.name).toBe('Junior');
    expect(levelOf('Intermediate Schoolbus Driver').level?.name).toBe('Intermediate');
  });

  test('"Grade 3 Teacher" is not a senior teacher: a grade number counts only last or after Level/Tier', () => {
    expect(levelOf('3rd Grade Teacher').level).toBeNull();
    expect(levelOf('Grade 3 Teacher')).toEqual({ content: ['teacher'], level: null });
    expect(levelOf('Class 1 Driver')).toEqual({ content: ['class', 'driver'], level: null });
    expect(levelOf('911 Dispatcher')).toEqual({ content: ['911', 'dispatcher'], level: null });
  });
});

describe('level name from the Job Zone when the title has no seniority word', () => {
  test.each([
    [1, '41-2011', 'Entry'],
    [2, '35-3031', 'Entry'],
    [3, '47-2111', 'Intermediate'],
    [4, '13-2011', 'Intermediate'],
    [5, '29-1051', 'Advanced'],
    [0, '55-1011', 'Intermediate'],
    [4, '11-2021', 'Manager'],
    [5, '11-1011', 'Executive'],
  ])('zone %d, SOC %s -> %s', (zone, soc, name) => expect(zoneLevelName(zone, soc)).toBe(name));
});

describe('extractTitleLevel: a level written after a comma ("Analyst,Sr")', () => {
  it('reads level words after the last comma as the title’s level', () => {
    expect(extractTitleLevel('Analyst,Sr')).toMatchObject({
      content: ['analyst'],
      level: { name: 'Senior' },
    });
    expect(extractTitleLevel('Sys Anlst, Prin')).toMatchObject({
      content: ['system', 'anlst'],
      level: { name: 'Principal' },
    });
    // Seniority before the title, a grade number after it, as "Senior Accountant II" reads.
    expect(extractTitleLevel('Accountant, Sr II')).toEqual(extractTitleLevel('Senior Accountant II'));
  });

  it('leaves a comma-inverted occupation alone: "Clerk, Accounts Payable" has no level', () => {
    expect(extractTitleLevel('Clerk, Accounts Payable')).toEqual({
      content: ['clerk', 'account', 'payable'],
      level: null,
    });
    expect(extractTitleLevel('Engineer, II')).toEqual(extractTitleLevel('Engineer II'));
  });
});
