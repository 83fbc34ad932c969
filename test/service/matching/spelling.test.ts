import { americanSpelling, englishFromSpanish } from '../../../src/service/text/spelling';
import { titleWords } from '../../../src/service/text/normalize';

describe('spelling variants (British spellings, Spanish titles, what HR systems append)', () => {
  it('folds British spellings by rule to the American forms O*NET uses', () => {
    const pairs: Array<[string, string]> = [
      ['labourer', 'laborer'],
      ['colour', 'color'],
      ['behaviour', 'behavior'],
      ['organiser', 'organizer'],
      ['organisation', 'organization'],
      ['paediatric', 'pediatric'],
      ['anaesthetist', 'anesthetist'],
      ['haematology', 'hematology'],
      ['gynaecologist', 'gynecologist'],
      ['centre', 'center'],
      ['theatre', 'theater'],
      ['counsellor', 'counselor'],
      ['travelling', 'traveling'],
      ['analyse', 'analyze'],
      ['programme', 'program'],
    ];
    for (const [british, american] of pairs) expect(americanSpelling(british)).toBe(american);
  });

  it('writes "adviser" as O*NET\'s titles mostly do, "advisor" (docs/methodology.md §2a, tenth round)', () => {
    expect(americanSpelling('adviser')).toBe('advisor');
    expect(americanSpelling('advisor')).toBe('advisor');
    expect(titleWords('Tax Adviser')).toEqual(titleWords('Tax Advisor'));
    // "advise" and "advisory" are other words.
    expect(americanSpelling('advise')).toBe('advise');
    expect(americanSpelling('advisory')).toBe('advisory');
  });

  it('leaves words alone that are spelled so in American English too', () => {
    for (const w of [
      'hour',
      'tour',
      'flour',
      'contour',
      'advertiser',
      'supervise',
      'exercise',
      'franchise',
      'enterprise',
      'expertise',
      'promise',
      'raise',
      'wise',
      'liaise',
      'acre',
      'genre',
    ])
      expect(americanSpelling(w)).toBe(w);
  });

  it('reads Spanish occupation words as English, and an English-looking word only beside a Spanish one', () => {
    expect(englishFromSpanish(['cocinera'])).toEqual(['cook']);
    expect(englishFromSpanish(['conductor', 'de', 'camion'])).toEqual(['driver', 'truck']);
    // "Conductor" alone is an English title (a train or an orchestra conductor).
    expect(englishFromSpanish(['conductor'])).toEqual(['conductor']);
    const english = ['registered', 'nurse'];
    expect(englishFromSpanish(english)).toBe(english);
  });

  it('drops arrangement words, hours and one-letter grades, but keeps roman levels and HR', () => {
    expect(titleWords('Payroll Clerk -40 Hrs')).toEqual(['payroll', 'clerk']);
    expect(titleWords('Custodian (Temp)')).toEqual(['custodian']);
    expect(titleWords('CNA - PRN Part Time')).toEqual(['certified', 'nursing', 'assistant']);
    expect(titleWords('HR Asst B')).toEqual(['human', 'resource', 'assistant']);
    expect(titleWords('Engineer II')).toEqual(['engineer', 'ii']);
    expect(titleWords('Labourers')).toEqual(['laborer']);
    expect(titleWords('Warehouse Worker - 2nd Shift')).toEqual(['warehouse', 'worker']);
    expect(titleWords('Technician (Night Shift)')).toEqual(['technician']);
    expect(titleWords('Warehouse Labor')).toEqual(['warehouse', 'laborer']);
    expect(titleWords('Labor Relations Specialist')).toEqual(['labor', 'relation', 'specialist']);
    // "Shift" that is the job stays: a shift supervisor or shift leader.
    expect(titleWords('Shift Supervisor')).toEqual(['shift', 'supervisor']);
  });
});
