import type { OnetPart } from '../../../src/service/data/onet/part';
import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { SectorStaff } from '../../../src/service/matching/sector-staff';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A title that names a person only as someone employed ("Employee", "Worker") is the occupation the
 * request's sector employs most (docs/methodology.md §2a, "Eleventh round: nouns3"). Our own example titles.
 */

function partWith(sectorEmployment: OnetPart['occupations']['sectorEmployment']): OnetPart {
  const codes = ['11-1111.00', '22-2222.00', '22-2222.01', '33-3339.00', '33-3331.00'];
  return { occupations: { codes, sectorEmployment } } as unknown as OnetPart;
}
const SOC = ['11-1111', '22-2222', '22-2222', '33-3339', '33-3331'];
const ranking = (words: string[], ...entries: [number, number][]): Ranking => ({
  words,
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: 'Probable' })),
});
const order = (r: Ranking): number[] => r.list.map((e) => e.o);

describe('SectorStaff', () => {
  // Sector 44 employs occupation 1 most (its specialisation 2 shares the figure); in sector 62 a residual
  // (3, "All Other") and a named occupation (4) share the largest figure, and OEWS withholds occupation 0's (-1).
  const staff = new SectorStaff(
    partWith({
      '44': { total: 1000, byOccupation: [100, 600, 600, 200, 100] },
      '62': { total: 1000, byOccupation: [-1, 100, 100, 400, 400] },
    }),
    SOC,
  );

  it('answers a bare employed person by the occupation the sector employs most, Possible', () => {
    const out = staff.apply(ranking(['employee'], [0, 0.7], [3, 0.6]), '445110');
    expect(order(out)).toEqual([1, 0, 3]);
    expect(out.list[0]).toMatchObject({ o: 1, rating: 'Possible', score: 0 });
    // A candidate the title reaches keeps its own score.
    expect(staff.apply(ranking(['worker'], [0, 0.7], [1, 0.6]), '44').list[0]).toMatchObject({
      o: 1,
      score: 0.6,
    });
  });

  it('puts a named occupation before a residual with the same figure', () => {
    expect(staff.mostEmployed('621111')).toBe(4);
    expect(staff.mostEmployed('44')).toBe(1);
  });

  it('keeps the ranking without an industry, for other titles and where some occupation lists the noun', () => {
    const bare = ranking(['employee'], [0, 0.7]);
    for (const naics of ['', '92', 'retail']) expect(staff.apply(bare, naics)).toBe(bare);
    // A description says what the person does.
    expect(staff.apply(bare, '44', 'Unloads trucks and stocks shelves')).toBe(bare);
    const named = ranking(['farm', 'worker'], [0, 0.7]);
    expect(staff.apply(named, '44')).toBe(named);
    const other = ranking(['specialist'], [0, 0.7]);
    expect(staff.apply(other, '44')).toBe(other);
    const listed = ranking(['staff'], [0, 0.9]);
    expect(staff.apply(listed, '44')).toBe(listed);
  });
});

describe('a bare employed person on the real O*NET index', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  });

  it('is the job the employer’s sector employs most', () => {
    expect(matcher.match('Employee', '', '111998')).toMatchObject({ socCode: '45-2092', rating: 'Possible' });
    expect(matcher.match('Worker', '', '236115')?.socCode).toBe('47-2061');
    expect(matcher.match('Employees', '', '445110')?.socCode).toBe('41-2031');
  });

  it('leaves a title that names the work, and one without an industry', () => {
    expect(matcher.match('Farm Worker', '', '722511')?.socCode).toBe('45-2092');
    expect(matcher.match('Employee', '', '')?.socCode).not.toBe('45-2092');
  });
});
