import {
  buildOnetPart,
  ONET_SOURCES,
  primaryTitleForMatching,
  titleVariants,
  type OnetPart,
} from '../../../src/service/data/onet/build';
import { loadRealOnetPart, RAW_DIR } from './onet-part-fixture';

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

describe('O*NET part build: leaving titles out (the cross-validation of npm run eval:crossval)', () => {
  test('a title left out is in no occupation, in any form; an occupation keeps its own title', async () => {
    // Leave out every title that speaks of cashiers, and "RN" (a short title, and the form in parentheses
    // of "Registered Nurse (RN)").
    const part = await buildOnetPart(RAW_DIR, {
      leaveOut: (title) => /cashier/i.test(title) || title.trim() === 'RN',
    });
    const full = await loadRealOnetPart();
    const withWord = (p: OnetPart, word: string): number[] => {
      const id = p.vocab.indexOf(word);
      return p.titles.occ
        .map((_, t) => t)
        .filter((t) => p.titles.words.slice(p.titles.start[t], p.titles.start[t + 1]).includes(id));
    };
    expect(withWord(full, 'cashier').length).toBeGreaterThan(20);
    // What is left of "cashier" is occupations' own titles (Cashiers, for one).
    const left = withWord(part, 'cashier');
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((t) => part.titles.kind[t] === 0)).toBe(true);
    expect(withWord(full, 'rn').length).toBeGreaterThan(0);
    expect(withWord(part, 'rn')).toEqual([]);
    // Other titles are untouched.
    expect(withWord(part, 'teller')).toHaveLength(withWord(full, 'teller').length);
  }, 120_000);
});
