import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { atSharedTitle } from '../../../src/service/matching/shared-title';
import { isAllOther } from '../../../src/service/soc-code';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A title O*NET files under several named occupations of one SOC broad group and under the group's "All
 * Other" occupation is the residual (docs/methodology.md §2a, "Eleventh round: technicians2"). Our own
 * example titles.
 */

/**
 * Occupations 0-2 are named engineering technicians of one broad group, 3 its residual, 4 a drafter (another
 * broad group of the same minor group), 5 a residual of another group.
 */
const SOC = ['17-3022', '17-3027', '17-3023', '17-3029', '17-3013', '17-3019'];
const ranking = (...entries: [number, number][]): Ranking => ({
  words: ['engineering', 'technician'],
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: 'Probable' })),
});
const order = (r: Ranking): number[] => r.list.map((e) => e.o);

describe('atSharedTitle', () => {
  it("answers by the group's residual where two named occupations and the residual list the title", () => {
    const out = atSharedTitle(ranking([0, 1.1], [1, 1.09], [3, 1.04], [2, 0.7]), SOC, isAllOther);
    expect(order(out)).toEqual([3, 0, 1, 2]);
    expect(out.list[0]?.rating).toBe('Probable');
  });

  it('lowers a Confident lead to Probable: the residual is read, not found', () => {
    const confident: Ranking = {
      ...ranking(),
      list: [
        { o: 0, score: 1.1, rating: 'Confident' },
        { o: 1, score: 1.05, rating: 'Probable' },
        { o: 3, score: 1.02, rating: 'Probable' },
      ],
    };
    expect(atSharedTitle(confident, SOC, isAllOther).list[0]).toEqual({
      o: 3,
      score: 1.02,
      rating: 'Probable',
    });
  });

  it('keeps the answer where one named occupation lists the title much more closely than the residual', () => {
    const distant = ranking([0, 1.2], [1, 1.0], [3, 0.95]);
    expect(atSharedTitle(distant, SOC, isAllOther)).toBe(distant);
  });

  it('needs two named occupations of the same broad group, and the residual among the listing ones', () => {
    const one = ranking([0, 1.1], [3, 1.05], [4, 1.0]);
    expect(atSharedTitle(one, SOC, isAllOther)).toBe(one);
    // The drafters' residual closes another broad group: it does not answer for the technicians.
    const otherGroup = ranking([0, 1.1], [1, 1.08], [5, 1.05]);
    expect(atSharedTitle(otherGroup, SOC, isAllOther)).toBe(otherGroup);
    // A residual reached only below the near-exact score does not list the title.
    const unlisted = ranking([0, 1.0], [1, 0.95], [2, 0.8], [3, 0.84]);
    expect(atSharedTitle(unlisted, SOC, isAllOther)).toBe(unlisted);
  });

  it('leaves a residual answer, and a title no occupation lists, alone', () => {
    const residual = ranking([3, 1.1], [0, 1.05], [1, 1.0]);
    expect(atSharedTitle(residual, SOC, isAllOther)).toBe(residual);
    const read = ranking([0, 0.8], [1, 0.79], [3, 0.78]);
    expect(atSharedTitle(read, SOC, isAllOther)).toBe(read);
  });
});

describe('shared titles in the matcher (real O*NET data)', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('answers a technician or drafter named by no discipline with the residual', () => {
    expect(matcher.match('Engineering Technician III', '')?.socCode).toBe('17-3029');
    expect(matcher.match('Test Technician', '')?.socCode).toBe('17-3029');
    expect(matcher.match('AutoCAD Technician', '')?.socCode).toBe('17-3019');
  });

  it('keeps a technician whose title names the discipline', () => {
    expect(matcher.match('Electrical Engineering Technician', '')?.socCode).toBe('17-3023');
    expect(matcher.match('Civil Engineering Technician', '')?.socCode).toBe('17-3022');
  });
});
