import { readGenderedPair } from '../../../src/service/matching/gendered-pair';

/** docs/methodology.md §2a, "Readings": a job written in both its forms is one role. */
describe('readGenderedPair', () => {
  it('reads a job written in both forms in its first', () => {
    expect(readGenderedPair('Poolside Waiter/Waitress')).toBe('Poolside Waiter');
    expect(readGenderedPair('Host / Hostess, Dining Room')).toBe('Host, Dining Room');
    expect(readGenderedPair('Actor/Actress')).toBe('Actor');
    expect(readGenderedPair('Salesman/Saleswoman')).toBe('Salesman');
  });

  it('leaves two roles, and forms that share too little, as written', () => {
    for (const title of [
      'Bartender/Cook',
      'Machine Operator/Tender',
      'Neurology/Neurohospitalist Physician',
      'Cook/Hostess',
      'Hostess',
    ])
      expect(readGenderedPair(title)).toBe(title);
  });
});
