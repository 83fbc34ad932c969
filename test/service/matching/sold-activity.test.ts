import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { soldActivity } from '../../../src/service/matching/sold-activity';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A sales line naming the activity it sells is a seller of services (docs/methodology.md §2a, tenth
 * round). Our own example titles.
 */
let matcher: OnetMatcher;
beforeAll(async () => {
  matcher = await loadRealMatcher();
}, 120_000);

const at = (title: string, naics = '') => matcher.match(title, '', naics);

describe('what a sales line sells, named by an activity', () => {
  it('is the last word as written, a singular "-ing" form', () => {
    expect(soldActivity('snow plowing')).toBe(true);
    expect(soldActivity('pool cleaning ')).toBe(true);
    expect(soldActivity('Window Washing')).toBe(true);
    // Goods: a plural names things, and an "-ing" modifier qualifies the goods noun after it.
    expect(soldActivity('etchings')).toBe(false);
    expect(soldActivity('welding machines')).toBe(false);
    expect(soldActivity('rings')).toBe(false);
    expect(soldActivity('')).toBe(false);
  });

  it('reads the line as the services sales representatives, at most Probable', () => {
    // Read as goods, the line reached the retail salespersons through "salesperson".
    expect(at('Sales snow plowing')?.socCode).toBe('41-3091');
    expect(at('Sales pool cleaning exc chemicals')?.rating).toBe('Probable');
    expect(at('Sales window washing')?.socCode).toBe('41-3091');
    expect(at('Sales pool cleaning exc chemicals')?.socCode).toBe('41-3091');
  });

  it('keeps goods, the industry’s kind of seller, and a sales occupation O*NET lists the line under', () => {
    expect(at('Sales welding machines')?.socCode).toBe('41-2031');
    expect(at('Sales etchings')?.socCode).toBe('41-2031');
    // The industry names the seller: retail trade's sales workers, wholesale trade's representatives.
    expect(at('Sales snow plowing', '4451')?.socCode).toBe('41-2031');
    expect(at('Sales snow plowing', '4231')?.socCode).toBe('41-4012');
    // O*NET lists these under a sales occupation, which the services reading's extra words outscored.
    expect(at('Sales engineering')).toMatchObject({ socCode: '41-9031', rating: 'Confident' });
    expect(at('Sales advertising')?.socCode).toBe('41-3011');
  });
});
