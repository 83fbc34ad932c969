import type { Percentiles, WageEntry } from '../data/index-types';
import type { WageIndex } from '../data/wage-index';
import type { AppliedLocation } from '../location/resolve';
import { localWages, type AppliedLevel } from './area-wages';
import { bonusShares } from './bonus';
import type { Sector } from './industry';
import { shiftWindow } from './level-window';
import { occupationWages, type SocLevel } from './occupation';
import { CHIEF_EXECUTIVES_SOC } from '../soc-code';
import type { SizeApplied } from './size';

/**
 * Composes one priced occupation from the index (docs/methodology.md walks through the same steps):
 *  1. national OEWS annual percentiles of the chosen vintage for the SOC code (hierarchy fallback);
 *  2. industry: the NAICS-sector percentiles of the same code (newest sector file, then the older),
 *     aged to the vintage by the occupation's national median ratio; none -> all industries;
 *  3. geography: the measured OEWS percentiles of the area, then the state, then the nation, per
 *     percentile (area-wages.ts), moved to the vintage; the industry effect rides on them as the
 *     sector/national median ratio of the occupation;
 *  4. company size factor; 5. level window, capped at the chief executives' figures of the same scope
 *     where the shift lifted it above them; 6. whole dollars; 7. bonus shares -> Comp and targets.
 */
export interface PriceRequest {
  readonly soc: string;
  readonly levelShift: number;
  readonly location: AppliedLocation;
  /** Already filtered by the client's industries; null = all industries. */
  readonly sector: Sector | null;
  readonly size: SizeApplied | null;
  /** OEWS national vintage (year) to price on. */
  readonly year: number;
}

export interface PricedOccupation {
  readonly salary: Percentiles;
  readonly comp: Percentiles;
  /** Percent of base (D2), 2 decimals. */
  readonly bonusTarget50: number;
  readonly bonusTargetAvg: number;
  /** The OEWS code whose figures were used and its SOC level (fallback trail). */
  readonly oewsCode: string;
  readonly socLevel: SocLevel;
  /** The sector actually applied: null when none was asked or the sector file has no estimate. */
  readonly sectorApplied: Sector | null;
  /** The level whose measured median was used (area, state or national): what DataScope names (D9). */
  readonly geoLevel: AppliedLevel;
}

const scale = (p: Percentiles, f: number): Percentiles => p.map((v) => v * f) as unknown as Percentiles;
const median = (e: WageEntry): number => e.p[2];

/** Ratio that carries a figure of `fromYear` to `year` for this code (1 when either year lacks it). */
function agingFactor(wages: WageIndex, code: string, fromYear: number, year: number): number {
  if (fromYear === year) return 1;
  const to = wages.national(year, code);
  const from = wages.national(fromYear, code);
  return to !== undefined && from !== undefined && median(from) > 0 ? median(to) / median(from) : 1;
}

function sectorPercentiles(wages: WageIndex, sector: Sector, code: string, year: number): Percentiles | null {
  for (let t = 0; t < wages.sectorTables.length; t++) {
    const e = wages.sector(t, sector.oewsKey, code);
    if (e !== undefined)
      return scale(e.p, agingFactor(wages, code, wages.sectorTables[t]?.year ?? year, year));
  }
  return null;
}

/** Steps 1-4 for one code: national, industry, geography and size, before the level window. */
function scopedPercentiles(
  wages: WageIndex,
  req: PriceRequest,
  soc: string,
): {
  p: Percentiles;
  occ: NonNullable<ReturnType<typeof occupationWages>>;
  sectorP: Percentiles | null;
  level: AppliedLevel;
} | null {
  const occ = occupationWages(wages, req.year, soc);
  if (occ === null) return null;

  const sectorP = req.sector === null ? null : sectorPercentiles(wages, req.sector, occ.code, req.year);

  const local = localWages(wages, req.location.areaKey, req.location.state, occ.code, req.year, occ.entry.p);
  // Area data are all-industry: carry the industry effect over as the sector/national median ratio.
  const located = sectorP === null ? local.p : scale(local.p, sectorP[2] / occ.entry.p[2]);

  const sized = req.size === null ? located : scale(located, req.size.factor);
  return { p: sized, occ, sectorP, level: local.level };
}

export function priceOccupation(wages: WageIndex, req: PriceRequest): PricedOccupation | null {
  const scoped = scopedPercentiles(wages, req, req.soc);
  if (scoped === null) return null;
  const { p: sized, occ, sectorP } = scoped;
  const shifted = shiftWindow(sized, req.levelShift);
  // A seniority word moves the window up ("VP of Sales" prices Sales Managers near their 90th
  // percentile), but never above the chief executives of the same place, industry and size: a VP is not
  // paid more than the CEO. An occupation whose own market is above that (surgeons) keeps its own
  // figures: the ceiling caps what the level shift added, never the measured pay itself.
  const ceiling =
    req.levelShift > 0 && occ.code !== CHIEF_EXECUTIVES_SOC
      ? scopedPercentiles(wages, req, CHIEF_EXECUTIVES_SOC)?.p
      : undefined;
  const levelled =
    ceiling === undefined
      ? shifted
      : (shifted.map((v, i) =>
          Math.min(v, Math.max(ceiling[i] as number, sized[i] as number)),
        ) as unknown as Percentiles);
  const salary = levelled.map((v) => Math.round(v)) as unknown as Percentiles;
  for (let i = 1; i < 5; i++)
    if ((salary[i] as number) < (salary[i - 1] as number))
      (salary as unknown as number[])[i] = salary[i - 1] as number;

  const bonus = bonusShares(occ.code, req.levelShift);
  const comp = salary.map((s, i) =>
    Math.round(s * (1 + (bonus.byPercentile[i] as number))),
  ) as unknown as Percentiles;
  for (let i = 1; i < 5; i++)
    if ((comp[i] as number) < (comp[i - 1] as number))
      (comp as unknown as number[])[i] = comp[i - 1] as number;

  return {
    salary,
    comp,
    bonusTarget50: Math.round(bonus.median * 10000) / 100,
    bonusTargetAvg: Math.round(bonus.average * 10000) / 100,
    oewsCode: occ.code,
    socLevel: occ.level,
    sectorApplied: sectorP === null ? null : req.sector,
    geoLevel: scoped.level,
  };
}
