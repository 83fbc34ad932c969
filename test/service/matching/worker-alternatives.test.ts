import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { readWorkerAlternatives } from '../../../src/service/matching/worker-alternatives';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A machine worker named by several of the SOC's worker nouns is one job, read with the first noun
 * (docs/methodology.md §2a, "Eleventh round: operators2"). Our own example titles.
 */
describe('readWorkerAlternatives', () => {
  it("reads a list of the machine workers' nouns as its first", () => {
    expect(readWorkerAlternatives('Labeling machine operator/tender')).toBe('Labeling machine operator');
    expect(readWorkerAlternatives('Folding machine setter / operator / tender')).toBe(
      'Folding machine setter',
    );
    expect(readWorkerAlternatives('Corrugator feeder or offbearer')).toBe('Corrugator feeder');
    expect(readWorkerAlternatives('Kiln operator and/or tender')).toBe('Kiln operator');
    expect(readWorkerAlternatives('Riveting machine setter and set-up operator')).toBe(
      'Riveting machine setter',
    );
    expect(readWorkerAlternatives('Kiln operators/tenders, night shift')).toBe('Kiln operators, night shift');
  });

  it('leaves other lists and single workers as written', () => {
    for (const title of [
      'Machine operator',
      'Operator/Owner',
      'Tool setter and grinder',
      'Waiter/Waitress',
      'Cook and operator of food trucks',
      'Bartender/Operator',
    ])
      expect(readWorkerAlternatives(title)).toBe(title);
  });
});

describe('a machine worker named by several nouns in the real matcher', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('answers by the machine, not by the occupations whose titles list the extra nouns', () => {
    // Read with "tender" as well, adhesive bonding machine operators ("… Operators and Tenders") led.
    expect(matcher.match('Book bindery machine operator/tender', '')?.socCode).toBe('51-5113');
    expect(matcher.match('Book bindery machine operator/tender', '')?.socCode).toBe(
      matcher.match('Book bindery machine operator', '')?.socCode,
    );
  });
});
