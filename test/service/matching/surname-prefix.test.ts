import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { joinedSurnamePrefix } from '../../../src/service/matching/surname-prefix';
import { loadRealMatcher } from './onet-part-fixture';

/** A surname's "Mc" written apart is one word with the name (docs/methodology.md §2a, "Eleventh round: fixes3"). */
describe('joinedSurnamePrefix', () => {
  it('joins "Mc" written as a name before a capitalised word', () => {
    expect(joinedSurnamePrefix("Mc Donald's crew member")).toBe("McDonald's crew member");
    expect(joinedSurnamePrefix('Mc  Gregor press operator, Mc Intyre plant')).toBe(
      'McGregor press operator, McIntyre plant',
    );
  });

  it('leaves "MC" in capitals, a title in one case, and a word that only begins with "Mc"', () => {
    expect(joinedSurnamePrefix('MC Host')).toBe('MC Host');
    expect(joinedSurnamePrefix('MC GREGOR OPERATOR')).toBe('MC GREGOR OPERATOR');
    expect(joinedSurnamePrefix('mc gregor operator')).toBe('mc gregor operator');
    expect(joinedSurnamePrefix('Mc operator')).toBe('Mc operator');
    expect(joinedSurnamePrefix('Mechanic')).toBe('Mechanic');
  });
});

describe('a surname in a title on the real index', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('reads the title by its other words, not as the master of ceremonies', () => {
    expect(matcher.match("Mc Donald's crew member", '')?.socCode).toBe('35-3023');
    expect(matcher.match('Mc Gregor shoe stitcher', '')?.socCode.startsWith('51-604')).toBe(true);
    expect(matcher.match('MC', '')?.socCode).toBe('27-2091');
  });
});
