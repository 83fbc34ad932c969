import type { OnetPart } from '../data/onet/part';
import { parseIndustry } from '../pricing/industry';
import { inferred, type RankedEntry, type Ranking } from './ranking';

/**
 * The employer's industry as evidence for the occupation (docs/methodology.md §2a, "Readings").
 *
 * One title names different jobs in different industries ("Shift Supervisor" at a restaurant and at a
 * security firm; "Technician" at a hospital and at a mill), and the request's NAICSCode says which
 * industry. OEWS publishes each occupation's employment per NAICS sector, so the matcher knows how
 * concentrated each candidate is in that sector: its share of the sector's jobs over its share of all
 * jobs (the location quotient of labour economics). With an industry, each candidate's score gains
 * WEIGHT x ln(that ratio), the logarithm kept within -CAP and +CAP_UP: from -0.05 to +0.1, so the
 * industry decides between candidates the title leaves close and never turns a clear answer into a weak
 * one. An occupation the sector file does not list for the sector counts as the least concentrated; one
 * whose figure OEWS withholds is neither favoured nor held back.
 *
 * Candidates are taken in their ranked order with each score capped by those ranked before it, so the
 * ranking's own choices (readings, entry-level exclusions) stand unless the industry outweighs the gap.
 * A reading's answer that the title's words score below another gives way only to a candidate the sector
 * employs at twice its concentration or more (READING_LEAD). A candidate moved to the top by the industry
 * is at most Probable: the title did not settle it. Without an industry, or with one the sector file does
 * not cover (a code no sector matches), the ranking is unchanged.
 */
const WEIGHT = 0.05;
const CAP = 1;
/**
 * A concentration counts up to e^CAP_UP (about 7 times the occupation's share of all jobs): the sector
 * holding most of an occupation's jobs (broadcast technicians in information, helpers of extraction workers
 * in mining) is evidence OEWS measures, while a low or missing figure is partly OEWS's coverage (no
 * self-employed, farms or private households; withheld cells), so the penalty stays at -CAP.
 */
const CAP_UP = 2;
/**
 * A reading before the weighing (matcher.ts: title-readings.ts and the steps after it) may put first a
 * candidate the title's words score below another: "Helper" of a practitioner read as the practitioner's
 * aide, a schooling clause read as the Job Zones it allows, a manager's rank read as a supervisor. The
 * capped scores then tie, and any difference in the sector's figures, however small, undid the reading.
 * Two occupations the sector employs at about the same concentration are both at home there: the sector
 * tells nothing about which one the title means. So a reading's answer gives way only to a candidate the
 * sector employs at twice its concentration or more (ln 2 between the capped logarithms; sector-supervisor.ts
 * and sector-worker.ts likewise ask a concentration of two); a ranking in the title's own score order is
 * weighed as before (docs/methodology.md §2a, "Eleventh round: restricted3").
 */
const READING_LEAD = Math.LN2;

export class SectorPrior {
  /** Per OEWS sector key, each occupation's ln(concentration), capped; NaN where OEWS withholds it. */
  private readonly logRatio = new Map<string, Float64Array>();
  /** Per OEWS sector key, each occupation's concentration (0 where the sector lists none, NaN where withheld). */
  private readonly ratio = new Map<string, Float64Array>();

  constructor(part: OnetPart, socCodes: readonly string[]) {
    const sectors = Object.entries(part.occupations.sectorEmployment);
    // Each SOC code once (several O*NET codes share one), across all sectors: the all-industry shares.
    const national = new Map<string, number>();
    let nationalTotal = 0;
    for (const [, { total, byOccupation }] of sectors) {
      nationalTotal += total;
      const seen = new Set<string>();
      byOccupation.forEach((jobs, o) => {
        const soc = socCodes[o] as string;
        if (jobs <= 0 || seen.has(soc)) return;
        seen.add(soc);
        national.set(soc, (national.get(soc) ?? 0) + jobs);
      });
    }
    for (const [key, { total, byOccupation }] of sectors) {
      const ratio = Float64Array.from(byOccupation, (jobs, o) => {
        const all = national.get(socCodes[o] as string) ?? 0;
        if (jobs < 0) return Number.NaN;
        return jobs === 0 || all === 0 ? 0 : jobs / total / (all / nationalTotal);
      });
      this.ratio.set(key, ratio);
      this.logRatio.set(
        key,
        ratio.map((r) =>
          Number.isNaN(r) ? r : r === 0 ? -CAP : Math.max(-CAP, Math.min(CAP_UP, Math.log(r))),
        ),
      );
    }
  }

  /**
   * Each occupation's concentration in the industry's sector (its share of the sector's jobs over its
   * share of all jobs; 0 where the sector file lists none, NaN where OEWS withholds it), or undefined
   * without a sector the file covers.
   */
  concentration(naics: string): Float64Array | undefined {
    const key = oewsSector(naics);
    return key === null ? undefined : this.ratio.get(key);
  }

  /** The ranking reordered by the industry's evidence (see above); unchanged without a known sector. */
  apply(ranking: Ranking, naics: string): Ranking {
    const logRatio = this.sectorOf(naics);
    if (logRatio === undefined || ranking.list.length < 2) return ranking;
    let cap = Number.POSITIVE_INFINITY;
    const keyed = ranking.list.map((entry, i) => {
      cap = Math.min(cap, entry.score);
      const raw = logRatio[entry.o] as number;
      const lr = Number.isNaN(raw) ? 0 : raw;
      return { entry, i, lr, key: cap + WEIGHT * lr };
    });
    keyed.sort((a, b) => b.key - a.key || a.i - b.i);
    if (keyed[0]?.i === 0) return ranking;
    // A reading's answer (the ranking's first, scored below a candidate after it) gives way only to a
    // candidate the sector sets apart from it (READING_LEAD, above).
    const first = ranking.list[0] as RankedEntry;
    const firstLr = (keyed.find((k) => k.i === 0) as { lr: number }).lr;
    const lead = ranking.list.some((e) => e.score > first.score)
      ? keyed.findIndex((k) => k.i === 0 || k.lr - firstLr >= READING_LEAD)
      : 0;
    if (keyed[lead]?.i === 0) return ranking;
    const [moved] = keyed.splice(lead, 1);
    const list: RankedEntry[] = [moved, ...keyed].map((k) => (k as { entry: RankedEntry }).entry);
    const top = list[0] as RankedEntry;
    list[0] = { ...top, rating: inferred(top.rating) };
    return { ...ranking, list };
  }

  private sectorOf(naics: string): Float64Array | undefined {
    const key = oewsSector(naics);
    return key === null ? undefined : this.logRatio.get(key);
  }
}

/** The OEWS sector key of an industry code ("44" for 4411 and 45, "99" for 92), or null for none. */
export function oewsSector(naics: string): string | null {
  const industry = parseIndustry(naics);
  return industry.ok && industry.sector !== null ? industry.sector.oewsKey : null;
}

/**
 * The entry whose occupation the sector employs most concentrated among those `accept` takes (given each
 * entry's concentration), the first of equals; undefined when it takes none. A figure OEWS withholds (NaN)
 * fails every comparison, so `accept` written as `c >= x` never takes one.
 */
export function mostConcentrated(
  entries: readonly RankedEntry[],
  concentration: Float64Array,
  accept: (entry: RankedEntry, concentration: number) => boolean,
): RankedEntry | undefined {
  let best: RankedEntry | undefined;
  let bestConcentration = 0;
  for (const e of entries) {
    const c = concentration[e.o] as number;
    if (!accept(e, c)) continue;
    if (best === undefined || c > bestConcentration) {
      best = e;
      bestConcentration = c;
    }
  }
  return best;
}
