import { sortByScore } from '../../../src/service/matching/score-order';

/**
 * The candidates' sort (score-order.ts) must put them in the order the matcher had when it sorted
 * { o, score } objects with Array.prototype.sort: best score first, and among equal scores the order in
 * which the scorer met them (that order settles exact ties, docs/methodology.md §2a "Speed").
 */
describe('sortByScore (the candidates best first, ties in the order met)', () => {
  /** A small deterministic generator, so that a failure can be replayed. */
  function scores(n: number, seed: number, distinct: number): number[] {
    let x = seed;
    return Array.from({ length: n }, () => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return 0.3 + (x % distinct) / distinct;
    });
  }

  function sorted(list: readonly number[]): { occ: number[]; score: number[] } {
    const n = list.length;
    const occ = Int32Array.from(list, (_, i) => 1000 + i);
    const score = Float64Array.from(list);
    sortByScore(occ, score, n, new Int32Array(n), new Float64Array(n));
    return { occ: [...occ], score: [...score] };
  }

  function expected(list: readonly number[]): { occ: number[]; score: number[] } {
    const objects = list.map((score, i) => ({ o: 1000 + i, score }));
    objects.sort((a, b) => b.score - a.score);
    return { occ: objects.map((e) => e.o), score: objects.map((e) => e.score) };
  }

  it.each([0, 1, 2, 5, 31, 32, 33, 64, 65, 100, 257, 1016])(
    'gives the stable order for %i candidates, with and without ties',
    (n) => {
      for (const distinct of [3, 17, 1_000_000])
        for (const seed of [1, 7, 42]) {
          const list = scores(n, seed, distinct);
          expect(sorted(list)).toEqual(expected(list));
        }
    },
  );

  it('keeps the order met among equal scores, and sorts only the first n entries', () => {
    const occ = Int32Array.from([10, 11, 12, 13, 14, 99]);
    const score = Float64Array.from([0.5, 0.9, 0.5, 0.9, 0.7, 5]);
    sortByScore(occ, score, 5, new Int32Array(6), new Float64Array(6));
    expect([...occ]).toEqual([11, 13, 14, 10, 12, 99]);
    expect([...score]).toEqual([0.9, 0.9, 0.7, 0.5, 0.5, 5]);
  });
});
