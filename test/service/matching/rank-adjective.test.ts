import { readRankAdjective } from '../../../src/service/matching/rank-adjective';

/** docs/methodology.md §2a, "Readings": a rank written as an adjective is the rank word. */
describe('readRankAdjective', () => {
  it('reads "Supervisory" as "Supervisor"', () => {
    expect(readRankAdjective('Supervisory Custodian')).toBe('Supervisor Custodian');
    expect(readRankAdjective('supervisory budget analyst')).toBe('Supervisor budget analyst');
  });

  it('leaves "supervisory control", an exclusion clause and other titles as written', () => {
    for (const title of [
      'Supervisory Control and Data Acquisition Engineer',
      'Office manager exc supervisory duties',
      'Supervisor Custodian',
      'Custodian',
    ])
      expect(readRankAdjective(title)).toBe(title);
  });
});
