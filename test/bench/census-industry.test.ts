import { censusIndustrySector } from '../../bench/matching-dev';

/**
 * How eval:dev asks a Census index line restricted to an industry (bench/matching-dev.ts): with the
 * NAICS code of the first industry the line lists, since the line's code holds in each industry listed.
 */
describe('censusIndustrySector', () => {
  it('asks a listed industry with its NAICS sector, a school with its NAICS industry', () => {
    expect(censusIndustrySector('(1770)')).toBe('31');
    expect(censusIndustrySector('1470-1670')).toBe('31');
    expect(censusIndustrySector('Bowling alley 8580')).toBe('71');
    expect(censusIndustrySector('7860, 8470')).toBe('6111');
  });

  it('asks a list across sectors with its first industry, where the line holds too', () => {
    expect(censusIndustrySector('2370, 2670-3690, 6080, 8870')).toBe('31');
    expect(censusIndustrySector('5491, 8390')).toBe('44');
  });

  it('reads the industries listed before an exclusion, and none for an exclusion alone', () => {
    expect(censusIndustrySector('8680 exc fast food')).toBe('72');
    expect(censusIndustrySector('1070-3990 exc. 1190, 6471, 6481')).toBe('31');
    expect(censusIndustrySector('Exc. 9470')).toBeNull();
    expect(censusIndustrySector('\\ Any not listed')).toBeNull();
    expect(censusIndustrySector('')).toBeNull();
  });
});
