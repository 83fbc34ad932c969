import type { Percentiles } from '../data/index-types';

/**
 * Level window (levelShift from the matcher, -2..+2). The OEWS distribution of one occupation is read
 * as a curve of log wage against the standard-normal score of the percentile (the five published points,
 * joined by straight lines, extended beyond P10/P90 with the end segments' slopes). A level step moves
 * every reported percentile half a standard deviation along that curve: +1 prices the median at about the
 * 69th percentile, +2 at about the 84th; -1 at about the 31st. 0 returns the five figures unchanged.
 * Straight pieces with non-negative slopes keep the result non-decreasing.
 */
export const Z_PER_LEVEL = 0.5;
/** Standard-normal scores of the 10th, 25th, 50th, 75th, 90th percentiles. */
export const Z_POINTS = [
  -1.2815515655446004, -0.6744897501960817, 0, 0.6744897501960817, 1.2815515655446004,
] as const;

export function shiftWindow(p: Percentiles, levelShift: number): Percentiles {
  if (levelShift === 0) return p;
  const logs = p.map((v) => Math.log(Math.max(v, 1)));
  const at = (z: number): number => {
    let i = 0;
    if (z >= (Z_POINTS[3] as number)) i = 3;
    else if (z >= (Z_POINTS[2] as number)) i = 2;
    else if (z >= (Z_POINTS[1] as number)) i = 1;
    const z0 = Z_POINTS[i] as number;
    const z1 = Z_POINTS[i + 1] as number;
    const y0 = logs[i] as number;
    const y1 = logs[i + 1] as number;
    return Math.exp(y0 + ((y1 - y0) * (z - z0)) / (z1 - z0));
  };
  const shift = levelShift * Z_PER_LEVEL;
  const out = Z_POINTS.map((z) => at(z + shift));
  for (let i = 1; i < out.length; i++) out[i] = Math.max(out[i] as number, out[i - 1] as number);
  return out as unknown as Percentiles;
}
