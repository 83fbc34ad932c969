import { ONET_SOURCES, primaryTitleForMatching, titleVariants } from '../../../src/service/data/onet/build';

describe('O*NET part build: title strings', () => {
  test('an "Except ..." clause of an occupation title is not matching evidence', () => {
    expect(primaryTitleForMatching('Elementary School Teachers, Except Special Education')).toBe(
      'Elementary School Teachers',
    );
    expect(primaryTitleForMatching('Registered Nurses')).toBe('Registered Nurses');
  });

  test('"Title (Other Form)" gives both forms as titles; an all-capitals form is an acronym', () => {
    expect(titleVariants('UX Designer (User Experience Designer)')).toEqual([
      { text: 'UX Designer', acronym: false },
      { text: 'User Experience Designer', acronym: false },
    ]);
    expect(titleVariants('Medical Technologist (MT)')).toEqual([
      { text: 'Medical Technologist', acronym: false },
      { text: 'MT', acronym: true },
    ]);
    expect(titleVariants('Nurse (Except Licensed Practical)')).toEqual([{ text: 'Nurse', acronym: false }]);
    expect(titleVariants('Cashier')).toEqual([{ text: 'Cashier', acronym: false }]);
  });

  test('ONET_SOURCES names every raw file the part reads, for the staleness manifest', () => {
    expect(ONET_SOURCES).toEqual(
      expect.arrayContaining([
        'onet/30.3/occupation_data.csv',
        'onet/30.3/sample_of_reported_titles.csv',
        'onet/30.3/task_statements.csv',
        'onet/30.3/job_zones.csv',
        'onet/29.3/Job Zones.txt',
        'onet/29.3/Alternate Titles.xlsx',
        'crosswalks/soc_2018_definitions.xlsx',
        'oews/national_M2025_dl.xlsx',
      ]),
    );
  });
});
