/**
 * Sorts a query's candidates, kept as two parallel typed arrays (occupation, score), best score first,
 * in place and without allocating: a match sorts its candidates once per ranking, and sorting objects
 * made an object and a comparator call for each. The sort is stable, as Array.prototype.sort is: among
 * equal scores the first-touched occupation stays first (that order settles exact ties, scorer.ts), so
 * the order is the same as sorting { o, score } objects by `b.score - a.score`.
 *
 * Short lists (most titles reach a few dozen candidates) by insertion; longer ones by runs of
 * insertion merged bottom-up through the scratch arrays (each at least `n` long).
 */
export function sortByScore(
  occ: Int32Array,
  score: Float64Array,
  n: number,
  scratchOcc: Int32Array,
  scratchScore: Float64Array,
): void {
  if (n <= RUN) {
    insertionSort(occ, score, 0, n);
    return;
  }
  for (let lo = 0; lo < n; lo += RUN) insertionSort(occ, score, lo, Math.min(lo + RUN, n));
  let fromOcc = occ;
  let fromScore = score;
  let toOcc = scratchOcc;
  let toScore = scratchScore;
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width)
      merge(fromOcc, fromScore, toOcc, toScore, lo, Math.min(lo + width, n), Math.min(lo + 2 * width, n));
    const mergedOcc = toOcc;
    const mergedScore = toScore;
    toOcc = fromOcc;
    toScore = fromScore;
    fromOcc = mergedOcc;
    fromScore = mergedScore;
  }
  if (fromOcc !== occ) {
    for (let k = 0; k < n; k++) {
      occ[k] = fromOcc[k] as number;
      score[k] = fromScore[k] as number;
    }
  }
}

/** Lists up to this long are sorted by insertion alone; longer ones in runs of this length. */
const RUN = 32;

/** Insertion sort of [lo, hi): an entry moves only before entries of a strictly lower score. */
function insertionSort(occ: Int32Array, score: Float64Array, lo: number, hi: number): void {
  for (let i = lo + 1; i < hi; i++) {
    const o = occ[i] as number;
    const s = score[i] as number;
    let j = i - 1;
    while (j >= lo && (score[j] as number) < s) {
      occ[j + 1] = occ[j] as number;
      score[j + 1] = score[j] as number;
      j--;
    }
    occ[j + 1] = o;
    score[j + 1] = s;
  }
}

/** Merges the sorted runs [lo, mid) and [mid, hi) into `to`: on equal scores the left run's entry first. */
function merge(
  fromOcc: Int32Array,
  fromScore: Float64Array,
  toOcc: Int32Array,
  toScore: Float64Array,
  lo: number,
  mid: number,
  hi: number,
): void {
  let i = lo;
  let j = mid;
  for (let k = lo; k < hi; k++) {
    const takeRight = i >= mid || (j < hi && (fromScore[j] as number) > (fromScore[i] as number));
    const from = takeRight ? j++ : i++;
    toOcc[k] = fromOcc[from] as number;
    toScore[k] = fromScore[from] as number;
  }
}
