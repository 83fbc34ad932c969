import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A sales line that O*NET lists under another kind of job is left as it is; one that reaches another
 * job's title only through what it sells is a seller's (docs/methodology.md §2a, tenth round). Our own
 * example titles.
 */
let matcher: OnetMatcher;
beforeAll(async () => {
  matcher = await loadRealMatcher();
}, 120_000);

const match = (title: string) => matcher.match(title, '');

describe('a sales line near another job’s title', () => {
  it('is a seller where the other job’s titles never name selling', () => {
    // The treatment plant operators' own title matched the goods, near-exact and Confident.
    expect(match('Sales water treatment plants')?.socCode?.startsWith('41-')).toBe(true);
    expect(match('Sales water treatment plants')?.rating).not.toBe('Confident');
  });

  it('is left to a job whose titles name selling, as O*NET lists departments', () => {
    expect(match('Sales training')?.socCode).toBe('13-1151');
  });
});
