import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { atSalesLineSector } from '../../../src/service/matching/sales-line-sector';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A sales line keeps a seller through the industry's weighing (docs/methodology.md §2a, tenth round).
 * Our own example titles.
 */
const SELLERS = new Set([1, 2]);
const isSeller = (o: number): boolean => SELLERS.has(o);
const ranking = (...os: number[]): Ranking => ({
  words: ['sale', 'lawn', 'care', 'service'],
  level: null,
  list: os.map((o, i) => ({ o, score: 0.7 - i * 0.01, rating: i === 0 ? 'Confident' : 'Probable' })),
});

describe('atSalesLineSector', () => {
  it('gives the answer back to the best-weighed seller where the weighing put a non-seller first', () => {
    const out = atSalesLineSector(ranking(7, 2, 1), ranking(1, 7, 2), true, isSeller);
    expect(out.list.map((e) => e.o)).toEqual([2, 7, 1]);
    expect(out.list[0]?.rating).toBe('Probable');
  });

  it('leaves other titles, a seller answer, and a ranking that did not lead with a seller', () => {
    expect(atSalesLineSector(ranking(7, 2), ranking(1, 7, 2), false, isSeller).list[0]?.o).toBe(7);
    expect(atSalesLineSector(ranking(2, 1), ranking(1, 2), true, isSeller).list[0]?.o).toBe(2);
    expect(atSalesLineSector(ranking(7, 2), ranking(8, 2), true, isSeller).list[0]?.o).toBe(7);
  });
});

describe('a sales line at a firm of the service it sells', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('is the services seller, not the service’s own workers whom the firm employs', () => {
    // Services to buildings and dwellings (NAICS 5617) employ groundskeepers and janitors more than sellers.
    expect(matcher.match('Sales lawn care services', '', '561730')?.socCode).toBe('41-3091');
    expect(matcher.match('Sales carpet cleaning services', '', '561740')?.socCode).toBe('41-3091');
    expect(matcher.match('Sales tutoring services', '', '611691')?.socCode).toBe('41-3091');
  });
});
