import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { excludedKinds, ResidualKinds } from '../../../src/service/matching/residual-kind';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * The kind a title does not name (docs/methodology.md §2a, "Readings"): the SOC's "X, Except Y"
 * occupations are the common kind of X, and a title that names no Y is not answered by Y.
 */
const TITLES = [
  'Secretaries and Administrative Assistants, Except Legal, Medical, and Executive',
  'Medical Secretaries and Administrative Assistants',
  'Medical Assistants',
  'Mail Clerks and Mail Machine Operators, Except Postal Service',
  'Postal Service Mail Sorters, Processors, and Processing Machine Operators',
  'Orthopedic Surgeons, Except Pediatric',
  'Pediatric Surgeons',
  'First-Line Supervisors of Mechanics, Installers, and Repairers',
  'Telecommunications Equipment Installers and Repairers, Except Line Installers',
];
const SOC = [
  '43-6014',
  '43-6013',
  '31-9092',
  '43-9051',
  '43-5053',
  '29-1242',
  '29-1243',
  '49-1011',
  '49-2022',
];
const PERSON = new Set([
  'secretary',
  'assistant',
  'clerk',
  'operator',
  'sorter',
  'processor',
  'surgeon',
  'supervisor',
]);
const personNoun = (w: string): boolean => PERSON.has(w);
const supervises = (o: number): boolean => TITLES[o]?.startsWith('First-Line Supervisors') === true;

describe('excludedKinds', () => {
  const kinds = excludedKinds(TITLES, SOC, supervises, personNoun);

  it('finds each kind an Except clause names, with the words only the kind names', () => {
    expect(kinds.get(1)?.map((c) => [c.o, [...c.naming], c.needs])).toEqual([[0, ['medical'], []]]);
    // "Postal Service" names the postal sorters, who share the operators' head noun.
    expect(kinds.get(4)?.map((c) => c.o)).toEqual([3]);
  });

  it('leaves out another major group, a supervisor, and a head noun the common kind does not share', () => {
    expect(kinds.has(2)).toBe(false); // Medical Assistants: 31, not 43
    expect(kinds.has(7)).toBe(false); // "First-Line" is no line installer
  });

  it('asks a title for the words of the common kind that are no head noun', () => {
    // Orthopedic surgeons are no better answer than pediatric surgeons to a title naming neither.
    expect(kinds.get(6)?.map((c) => c.needs)).toEqual([['orthopedic']]);
  });
});

describe('ResidualKinds.apply', () => {
  const ranking = (words: string[], list: [number, number][]): Ranking => ({
    words,
    level: null,
    list: list.map(([o, score]) => ({ o, score, rating: 'Probable' })),
  });
  const kinds = (speaksOf: (o: number, w: string) => boolean = () => false) =>
    new ResidualKinds(TITLES, SOC, supervises, { personNoun, speaksOf });

  it('answers the common kind, close behind, for a title that names no kind', () => {
    const read = kinds().apply(
      ranking(
        ['front', 'desk', 'secretary'],
        [
          [1, 0.8],
          [0, 0.7],
        ],
      ),
    );
    expect(read.list.map((e) => e.o)).toEqual([0, 1]);
  });

  it('keeps the kind where the title names it, lists it, or the common kind is far behind', () => {
    const medical = ranking(
      ['medical', 'office', 'secretary'],
      [
        [1, 0.8],
        [0, 0.7],
      ],
    );
    expect(kinds().apply(medical).list[0]?.o).toBe(1);
    const listed = ranking(
      ['ward', 'secretary'],
      [
        [1, 0.9],
        [0, 0.8],
      ],
    );
    expect(kinds().apply(listed).list[0]?.o).toBe(1);
    const far = ranking(
      ['front', 'desk', 'secretary'],
      [
        [1, 0.8],
        [0, 0.6],
      ],
    );
    expect(kinds().apply(far).list[0]?.o).toBe(1);
  });

  it('keeps the kind where the title uses a word only the kind speaks of', () => {
    const clinic = ranking(
      ['clinic', 'secretary'],
      [
        [1, 0.8],
        [0, 0.7],
      ],
    );
    expect(kinds((o, w) => o === 1 && w === 'clinic').apply(clinic).list[0]?.o).toBe(1);
  });
});

describe('the kind a title does not name, on the real index', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('answers the common kind, at most Probable', () => {
    for (const [title, soc] of [
      ['Front Desk Specialist', '43-6014'],
      ['Mail Assistant', '43-9051'],
      ['Wholesale Salesperson', '41-4012'],
    ] as const) {
      const m = matcher.match(title, '');
      expect([title, m?.socCode]).toEqual([title, soc]);
      expect(m?.rating).not.toBe('Confident');
    }
  });

  it('keeps a kind the title names', () => {
    expect(matcher.match('Medical Secretary', '')?.socCode).toBe('43-6013');
    expect(matcher.match('Postal Mail Sorter', '')?.socCode).toBe('43-5053');
    expect(matcher.match('Inclusion Teacher', '')?.socCode).toMatch(/^25-205/);
    // The kind's work, read from its task statements: legal secretaries prepare papers for courts.
    expect(matcher.match('Court Secretary', '')?.socCode).toBe('43-6012');
    expect(matcher.match('Patient Secretary', '')?.socCode).toBe('43-6013');
  });
});
