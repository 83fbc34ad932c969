import { readGrades, schoolLevelOfGrades } from '../../../src/service/matching/school-grades';

/** docs/methodology.md §2a, "Readings": a teacher's grades name the level of school. */
describe('schoolLevelOfGrades', () => {
  it('reads kindergarten to 5 as elementary, 6 to 8 as middle and 9 to 12 as high school', () => {
    expect(schoolLevelOfGrades(0, 5)).toBe('elementary school');
    expect(schoolLevelOfGrades(3, 3)).toBe('elementary school');
    expect(schoolLevelOfGrades(6, 8)).toBe('middle school');
    expect(schoolLevelOfGrades(9, 12)).toBe('high school');
    expect(schoolLevelOfGrades(12, 9)).toBe('high school');
  });

  it('reads a range from elementary school as elementary, as K-8 schools are', () => {
    expect(schoolLevelOfGrades(1, 8)).toBe('elementary school');
  });

  it('names no level for a range across elementary and high school, or past grade 12', () => {
    expect(schoolLevelOfGrades(0, 12)).toBeNull();
    expect(schoolLevelOfGrades(6, 12)).toBeNull();
    expect(schoolLevelOfGrades(9, 14)).toBeNull();
  });
});

describe('readGrades', () => {
  it("writes a teacher's grades as the level of school", () => {
    expect(readGrades('Science Teacher Grades 9-12')).toBe('Science Teacher high school');
    expect(readGrades('Teacher grades 6 thru 8')).toBe('Teacher middle school');
    expect(readGrades('Reading Tutor, Grades 2 and 3')).toBe('Reading Tutor, elementary school');
    expect(readGrades('4th Grade Teacher')).toBe('elementary school Teacher');
    expect(readGrades('Instructor Grades K-12')).toBe('Instructor');
  });

  it('leaves a pay grade or a product grade where the title names no teaching', () => {
    for (const title of ['Clerk Grade 3', 'Lumber Grader Grade 2', 'School Bus Driver Grade 2', 'Grader'])
      expect(readGrades(title)).toBe(title);
  });
});
