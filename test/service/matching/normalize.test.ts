import { expandAbbreviation } from '../../../src/service/text/abbreviations';
import { proseWords, rawWords, singular, stem, titleWords } from '../../../src/service/text/normalize';

describe('normalisation: case, punctuation, accents', () => {
  test('lower-cases and splits on punctuation, keeping C++/C# tokens', () => {
    expect(rawWords('Sr. Software-Engineer (C++/C#), Café & Bar')).toEqual([
      'sr',
      'software',
      'engineer',
      'c++',
      'c#',
      'cafe',
      'and',
      'bar',
    ]);
  });
  test('dotted acronyms collapse: R.N. and V.P. are rn and vp', () => {
    expect(titleWords('R.N.')).toEqual(['registered', 'nurse']);
    expect(titleWords('V.P. of Sales')).toEqual(['vice', 'president', 'sale']);
  });
  test('apostrophes vanish instead of splitting words', () => {
    expect(rawWords("Sheriff's Deputy")).toEqual(['sheriffs', 'deputy']);
  });
  test('stop words are dropped from titles, so word order and "of" do not matter', () => {
    expect(titleWords('Director of Marketing').sort()).toEqual(titleWords('Marketing Director').sort());
  });
});

describe('normalisation: "set up" before a worker (docs/methodology.md §2a, "Ninth round, machine titles")', () => {
  it('reads "Set Up", "Set-Up" and "Setup" as one word, as O*NET writes all three', () => {
    expect(titleWords('Press Set Up Operator')).toEqual(['press', 'setup', 'operator']);
    expect(titleWords('Press Set-Up Operator')).toEqual(titleWords('Press Setup Operator'));
    expect(titleWords('Set up worker')).toEqual(['setup', 'worker']);
  });

  it('leaves "set up" at the end of a title, where it names the activity', () => {
    expect(titleWords('Booth Set Up')).toEqual(['booth', 'set', 'up']);
  });
});

describe('normalisation: plurals', () => {
  test.each([
    ['nurses', 'nurse'],
    ['secretaries', 'secretary'],
    ['clerks', 'clerk'],
    ['classes', 'class'],
    ['coaches', 'coach'],
    ['boxes', 'box'],
    ['salesmen', 'salesman'],
    ['women', 'woman'],
    ['business', 'business'],
    ['analysis', 'analysis'],
    ['status', 'status'],
    ['bus', 'bus'],
    ['people', 'person'],
  ])('%s -> %s', (plural, single) => expect(singular(plural)).toBe(single));

  test('an abbreviation gives the same words as the phrase it stands for', () => {
    expect(titleWords('HR Manager')).toEqual(titleWords('Human Resources Manager'));
    expect(titleWords('AP Clerk')).toEqual(titleWords('Accounts Payable Clerk'));
    expect(titleWords('Ops Mgr')).toEqual(titleWords('Operations Manager'));
  });

  test('a plural O*NET occupation title and a singular job title give the same words', () => {
    expect(titleWords('Registered Nurses')).toEqual(titleWords('Registered Nurse'));
    expect(titleWords('Cashiers')).toEqual(titleWords('cashier'));
  });
});

describe('normalisation: abbreviations', () => {
  test.each([
    ['Sr Accountant', ['senior', 'accountant']],
    ['Jr. Developer', ['junior', 'developer']],
    ['Sales Mgr', ['sale', 'manager']],
    ['Sales Mngr', ['sale', 'manager']],
    ['Admin Asst', ['administrative', 'assistant']],
    ['Network Admin', ['network', 'administrator']],
    ['Assoc Engr', ['associate', 'engineer']],
    ['Eng Manager', ['engineering', 'manager']],
    ['Web Dev', ['web', 'developer']],
    ['Business Dev Rep', ['business', 'development', 'representative']],
    ['Marketing Coord', ['marketing', 'coordinator']],
    ['Payroll Spec', ['payroll', 'specialist']],
    ['Pharmacy Tech', ['pharmacy', 'technician']],
    ['Tech Support', ['technical', 'support']],
    ['Customer Service Rep', ['customer', 'service', 'representative']],
    ['Dir of Ops', ['director', 'operation']],
    ['Exec Assistant', ['executive', 'assistant']],
    ['Acct Mgr', ['account', 'manager']],
    ['Acct Clerk', ['accounting', 'clerk']],
    ['Staff Acct', ['staff', 'accountant']],
    ['RN', ['registered', 'nurse']],
    ['LPN', ['licensed', 'practical', 'nurse']],
    ['LVN', ['licensed', 'vocational', 'nurse']],
    ['CNA', ['certified', 'nursing', 'assistant']],
    ['SWE', ['software', 'engineer']],
    ['SDE', ['software', 'development', 'engineer']],
    ['VP', ['vice', 'president']],
    ['SVP', ['senior', 'vice', 'president']],
    ['EVP', ['executive', 'vice', 'president']],
    ['CFO', ['chief', 'financial', 'officer']],
    ['CEO', ['chief', 'executive', 'officer']],
    ['CTO', ['chief', 'technology', 'officer']],
    ['COO', ['chief', 'operating', 'officer']],
    ['HR Generalist', ['human', 'resource', 'generalist']],
    ['IT Manager', ['information', 'technology', 'manager']],
    ['QA Analyst', ['quality', 'assurance', 'analyst']],
    ['PM', ['project', 'manager']],
    ['Mgrs', ['manager']],
    ['Head of Sales', ['director', 'sale']],
    ['Lab Tech', ['laboratory', 'technician']],
    ['AP Clerk', ['account', 'payable', 'clerk']],
    ['Vet Tech', ['veterinary', 'technician']],
    ['FP&A Manager', ['financial', 'planning', 'analysis', 'manager']],
    ['R&D Engineer', ['research', 'development', 'engineer']],
    ['Food & Beverage Manager', ['food', 'beverage', 'manager']],
  ])('%s -> %j', (title, words) => expect(titleWords(title)).toEqual(words));

  test('an ordinary word is never mistaken for an abbreviation, even one named like an Object member', () => {
    expect(expandAbbreviation('constructor', undefined, undefined)).toBe('constructor');
    expect(titleWords('Constructor toString')).toEqual(['constructor', 'tostring']);
  });
});

describe('normalisation: prose (JobDesc and task statements)', () => {
  test('"it" is a pronoun in prose, not Information Technology, and stop words go', () => {
    expect(proseWords('Maintain it and the systems')).toEqual(['maintain', 'system']);
  });
  test('light stemming gives one form for testing/tested/tester and coding/code', () => {
    expect(new Set(['testing', 'tested', 'tester', 'test'].map(stem)).size).toBe(1);
    expect(stem('coding')).toBe(stem('code'));
    expect(stem('development')).toBe(stem('developer'));
    expect(stem('programming')).toBe(stem('programmer'));
  });
});
