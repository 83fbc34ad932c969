import { censusIndustrySector } from '../../bench/matching-dev';

/**
 * How eval:dev asks a Census index line restricted to an industry (bench/matching-dev.ts): with the
 * NAICS code of the first industry the line lists, since the line's code holds in each industry listed.
 */
describe('censusIndustrySector', () => {
  it('asks a listed industry with its NAICS sector, a school with its NAICS industry', () => {
    expect(censusIndustrySector('(1880)')).toBe('31');
    expect(censusIndustrySector('2170-2280')).toBe('31');
    expect(censusIndustrySector('Marina 8580')).toBe('71');
    expect(censusIndustrySector('7860, 8270')).toBe('6111');
  });

  it('asks a list across sectors with its first industry, where the line holds too', () => {
    expect(censusIndustrySector('3080, 6070-6080, 9090')).toBe('31');
    expect(censusIndustrySector('4990, 8370')).toBe('44');
  });

  it('reads the industries listed before an exclusion, and none for an exclusion alone', () => {
    expect(censusIndustrySector('8680 exc. drive-ins')).toBe('72');
    expect(censusIndustrySector('1070-3990 exc. 2070, 6470')).toBe('31');
    expect(censusIndustrySector('Exc. 9480')).toBeNull();
    expect(censusIndustrySector('\\ Any not listed')).toBeNull();
    expect(censusIndustrySector('')).toBeNull();
  });

  it('reads the restrictions written in words: retail, manufacturing, government as the class of worker', () => {
    expect(censusIndustrySector('Retail')).toBe('44');
    expect(censusIndustrySector('Mfg. not listed above')).toBe('31');
    expect(censusIndustrySector('FGOV')).toBe('92');
    expect(censusIndustrySector('LGOV')).toBe('92');
    expect(censusIndustrySector('GOV or PR')).toBe('92');
    expect(censusIndustrySector('PR')).toBeNull();
    expect(censusIndustrySector('OWN')).toBeNull();
    expect(censusIndustrySector('Preschool')).toBeNull();
  });
});
