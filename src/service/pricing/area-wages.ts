import type { AreaCell, AreaTable, Percentiles } from '../data/index-types';
import type { AreaTableInfo, WageIndex } from '../data/wage-index';

/**
 * Local pay from measured OEWS figures (docs/methodology.md, "Local pay"): for each percentile, the
 * finest area that publishes it (metropolitan or nonmetropolitan area, then the state), else the
 * national figure. Before cells are compared, each is
 *  - completed where the vintage top-codes: a blank above a published percentile in a May 2024 file is
 *    a wage of at least $239,200 (BLS "#"); it is priced as the coarser level's figure for that
 *    percentile, and never below the top-code;
 *  - moved to the pricing vintage: by the occupation's median ratio between the two vintages in its
 *    state, else nationally (May 2024 MSA figures to May 2025, say). D20 then dates them by the newer
 *    vintage.
 * A blank with nothing published above it is a suppressed cell: the coarser level fills it.
 */

export type AppliedLevel = 'area' | 'state' | 'national';

export interface LocalWages {
  readonly p: Percentiles;
  /** The level whose figure is the median: it names the area in DataScope_Region (D9). */
  readonly level: AppliedLevel;
  /** Vintage of the median's source cell before it was moved (for the methodology trail). */
  readonly fromYear: number;
}

type Maybe = number | null;

const kindOf = (areaKey: string): AreaTable['kind'] | null =>
  areaKey.startsWith('m:')
    ? 'msa'
    : areaKey.startsWith('n:')
      ? 'nonmetro'
      : areaKey.startsWith('s:')
        ? 'state'
        : null;

/** The table of this kind to read for `key` and `code`: the pricing vintage, else the newest older, else the newest. */
function pickCell(
  wages: WageIndex,
  key: string,
  code: string,
  year: number,
): { cell: AreaCell; table: AreaTableInfo } | null {
  const kind = kindOf(key);
  let best: { cell: AreaCell; table: AreaTableInfo } | null = null;
  const rank = (y: number): number => (y === year ? 0 : y < year ? year - y : 1000 + y - year);
  for (let t = 0; t < wages.areaTables.length; t++) {
    const table = wages.areaTables[t] as AreaTableInfo;
    if (table.kind !== kind) continue;
    const cell = wages.areaCell(t, key, code);
    if (cell === undefined) continue;
    if (best === null || rank(table.year) < rank(best.table.year)) best = { cell, table };
  }
  return best;
}

function medianOf(wages: WageIndex, key: string, code: string, year: number): number | null {
  if (key === 'us') {
    const e = wages.national(year, code);
    return e === undefined || e.topCoded & 0b100 ? null : e.p[2];
  }
  for (let t = 0; t < wages.areaTables.length; t++) {
    const table = wages.areaTables[t] as AreaTableInfo;
    if (table.year !== year || table.kind !== kindOf(key)) continue;
    const v = wages.areaMedian(t, key, code);
    if (v !== null) return v;
  }
  return null;
}

/** Ratio that moves a figure of `from` to `to` for this occupation: its state's median ratio, else the nation's. */
export function vintageRatio(
  wages: WageIndex,
  state: string,
  code: string,
  from: number,
  to: number,
): number {
  if (from === to) return 1;
  for (const key of state === '' ? ['us'] : [`s:${state}`, 'us']) {
    const a = medianOf(wages, key, code, from);
    const b = medianOf(wages, key, code, to);
    if (a !== null && b !== null && a > 0) return b / a;
  }
  return 1;
}

/**
 * A cell with its top-coded blanks completed (see above): each is the coarser level's own figure for that
 * percentile (`reference`, complete), and never below the top-code. Suppressed blanks stay null.
 *
 * The area's last published figure carried up by the coarser level's shape was tried first and
 * overshoots where a distribution is not smooth: physicians' lower percentiles are residents, so a
 * metro's published P25 times its state's P50/P25 priced Charlotte's Physicians, All Other at a $746,000
 * median (the state's is $260,000).
 */
export function completeTopCoded(cell: AreaCell, topCode: number | null, reference: Percentiles): Maybe[] {
  const out: Maybe[] = [...cell];
  if (topCode === null) return out;
  let last = -1;
  for (let i = 0; i < 5; i++) if (out[i] !== null) last = i;
  if (last < 0 || last === 4) return out;
  for (let i = last + 1; i < 5; i++) out[i] = Math.max(topCode, reference[i] as number);
  return out;
}

/**
 * Local percentiles for an occupation (`code`, as priced nationally) at `areaKey` (`m:`/`n:` area,
 * `s:` state or `us`), in vintage `year`. `national` is the occupation's national percentiles of that
 * vintage, the last fallback and the shape reference for top-coded cells.
 */
export function localWages(
  wages: WageIndex,
  areaKey: string,
  state: string,
  code: string,
  year: number,
  national: Percentiles,
): LocalWages {
  const chain: { key: string; level: AppliedLevel }[] = [];
  if (areaKey.startsWith('m:') || areaKey.startsWith('n:')) chain.push({ key: areaKey, level: 'area' });
  if (state !== '') chain.push({ key: `s:${state}`, level: 'state' });

  // Coarsest first, so each finer level can take its top-code shape from the one above it.
  let reference = national;
  const layers: { values: Maybe[]; level: AppliedLevel; fromYear: number }[] = [];
  for (const link of [...chain].reverse()) {
    const found = pickCell(wages, link.key, code, year);
    if (found === null) continue;
    const moved = vintageRatio(wages, state, code, found.table.year, year);
    const completed = completeTopCoded(found.cell, found.table.topCode, reference);
    const values = completed.map((v, i) =>
      v === null
        ? null
        : found.cell[i] === null && found.table.topCode !== null
          ? Math.max(found.table.topCode, v * moved) // a top-coded figure is never below the top-code
          : v * moved,
    );
    layers.unshift({ values, level: link.level, fromYear: found.table.year });
    reference = values.map((v, i) => v ?? (reference[i] as number)) as unknown as Percentiles;
  }

  const p = national.map((v, i) => {
    for (const l of layers) if (l.values[i] !== null) return l.values[i] as number;
    return v;
  });
  for (let i = 1; i < 5; i++) if ((p[i] as number) < (p[i - 1] as number)) p[i] = p[i - 1] as number;
  const medianLayer = layers.find((l) => l.values[2] !== null);
  return {
    p: p as unknown as Percentiles,
    level: medianLayer?.level ?? 'national',
    fromYear: medianLayer?.fromYear ?? year,
  };
}
