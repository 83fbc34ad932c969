import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { atPersonalServiceManager } from '../../../src/service/matching/personal-service-manager';
import type { Ranking } from '../../../src/service/matching/ranking';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A manager of a personal service business is a personal service manager (docs/methodology.md §2a,
 * "Eleventh round: managers2"). Our own example titles.
 */

/**
 * Occupation 0 is the personal service managers, 1 their first-line supervisors, 2 an animal caretaker,
 * 3 a lodging manager, 4 a retail salesperson, 5 a childcare worker, 6 a general manager.
 */
const SOC = ['11-9179', '39-1022', '39-2021', '11-9081', '41-2031', '39-9011', '11-1021'];
const TITLE_WORDS = [
  new Set(['spa', 'manager']),
  new Set(['barber', 'shop', 'manager', 'supervisor']),
  new Set(['pet', 'kennel', 'groomer', 'sitter', 'zoo']),
  new Set(['hotel', 'lodge', 'manager']),
  new Set(['pet', 'store', 'clerk', 'salesperson']),
  new Set(['daycare', 'childcare', 'worker']),
  new Set(['store', 'zoo', 'general', 'manager']),
];
const titleHas = (o: number, w: string): boolean => TITLE_WORDS[o]?.has(w) === true;
const ranking = (words: string[], ...entries: [number, number][]): Ranking => ({
  words,
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: score >= 0.85 ? 'Confident' : 'Probable' })),
});
const read = (r: Ranking, head: string | null = null): Ranking =>
  atPersonalServiceManager(r, () => head, SOC, titleHas, 0);
const order = (r: Ranking): number[] => r.list.map((e) => e.o);

describe('atPersonalServiceManager', () => {
  it('answers a manager of pet care reached as a lodging manager by the personal service managers, at most Probable', () => {
    const out = read(ranking(['pet', 'hotel', 'manager'], [3, 0.9], [2, 0.6]), 'manager');
    expect(order(out)).toEqual([0, 3, 2]);
    expect(out.list[0]).toMatchObject({ score: 0.9, rating: 'Probable' });
  });

  it('reads a manager over the personal service supervisors, or over the workers, the same way', () => {
    expect(order(read(ranking(['manager', 'pet', 'shop'], [1, 0.8], [2, 0.5])))[0]).toBe(0);
    expect(order(read(ranking(['manager', 'kennel'], [2, 0.7])))[0]).toBe(0);
  });

  it('leaves a title whose head is no post, or that names no personal service work', () => {
    const supervisor = ranking(['barber', 'shop', 'supervisor'], [1, 0.8], [2, 0.5]);
    expect(read(supervisor, 'supervisor')).toBe(supervisor);
    const lodging = ranking(['manager', 'hotel'], [3, 0.9], [2, 0.4]);
    expect(read(lodging)).toBe(lodging);
  });

  it('leaves work whose own manager answers: the best personal care worker is no animal or appearance worker', () => {
    const childcare = ranking(['manager', 'pet', 'daycare'], [6, 0.7], [5, 0.6], [2, 0.5]);
    expect(read(childcare)).toBe(childcare);
  });

  it('leaves goods: a seller reached through a word the personal service work does not use', () => {
    const store = ranking(['manager', 'pet', 'store'], [6, 0.7], [4, 0.65], [2, 0.6]);
    expect(read(store)).toBe(store);
  });

  it('leaves a manager reached through a word of the work itself, as a zoo director is', () => {
    const zoo = ranking(['manager', 'zoo', 'kennel'], [6, 0.7], [2, 0.4]);
    expect(read(zoo)).toBe(zoo);
  });
});

describe('on the real O*NET index', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);
  const soc = (title: string): string | undefined => matcher.match(title, '')?.socCode;

  it('answers managers and owners of grooming, boarding and appearance businesses as personal service managers', () => {
    expect(matcher.match('Pet Resort Manager', '')).toMatchObject({ socCode: '11-9179', rating: 'Probable' });
    expect(soc('Waxing Studio Manager')).toBe('11-9179');
    expect(soc('Cat Boarding Manager')).toBe('11-9179');
    expect(soc('Barbershop Owner')).toBe('11-9179');
    expect(soc('Esthetician Business Owner')).toBe('11-9179');
  });

  it('leaves a store selling goods for the same customers, and a zoo', () => {
    expect(soc('Pet Food Store Manager')).toBe('11-1021');
    expect(soc('Pet Supply Manager')).not.toBe('11-9179');
    expect(soc('Zoo Animal Care Manager')).not.toBe('11-9179');
  });
});
