import type { JobResult } from '../../api/wire';
import type { JobSpec } from '../../domain/job';
import { MSG } from '../../domain/messages';
import type { PricingIndex } from '../data/load';
import { resolveLocation } from '../location/resolve';
import { ALL_INDUSTRIES, industryAllowed, parseIndustry } from '../pricing/industry';
import { priceOccupation } from '../pricing/price';
import { sizeAdjustment } from '../pricing/size';
import type { ClientScope, Matcher, PriceOutcome, PricingEngine } from '../model';

export interface EngineOptions {
  /** OEWS national vintage to price on (a year present in the index); default: the newest. */
  readonly wageVintage?: number;
}

/**
 * The pricing engine: one synchronous call per job, over data opened once. Order of checks: country
 * and location (D6-D8), industry code (D10), then the title match (D3); scope errors come first because
 * they are cheap and do not depend on the title.
 */
export function createPricingEngine(
  index: PricingIndex,
  matcher: Matcher,
  opts: EngineOptions = {},
): PricingEngine {
  const year = opts.wageVintage ?? index.wages.primaryYear;
  if (index.wages.national[String(year)] === undefined) {
    throw new Error(
      `No OEWS national file for May ${year} in the index (have: ${Object.keys(index.wages.national).join(', ')})`,
    );
  }
  const { wages, geography } = index;

  function price(spec: JobSpec, client: ClientScope): PriceOutcome {
    const loc = resolveLocation(geography, spec.scope, client);
    if (!loc.ok) return loc;
    const industry = parseIndustry(spec.scope.naics);
    if (!industry.ok) return industry;
    const match = matcher.match(spec.title, spec.description);
    if (match === null) return { ok: false, message: MSG.noMatch };

    const sector =
      industry.sector !== null && industryAllowed(industry.sector, client) ? industry.sector : null;
    const size = sizeAdjustment(spec.scope.fte, spec.scope.revenue);
    const priced = priceOccupation(wages, geography, {
      soc: match.socCode,
      // The matcher promises -2..+2; clamp so a future matcher cannot push the window off the model.
      levelShift: Math.max(-2, Math.min(2, match.levelShift)),
      location: loc.location,
      sector,
      size,
      year,
    });
    // An occupation OEWS does not estimate at all (e.g. military, SOC 55) cannot be priced.
    if (priced === null) return { ok: false, message: MSG.noMatch };

    const [s10, s25, s50, s75, s90] = priced.salary;
    const [c10, c25, c50, c75, c90] = priced.comp;
    const applied = priced.sectorApplied ?? ALL_INDUSTRIES;
    const result: Record<string, number | string> = {
      Salary10: s10,
      Salary25: s25,
      Salary50: s50,
      Salary75: s75,
      Salary90: s90,
    };
    if (client.includeCompAndBonus) {
      Object.assign(result, {
        Comp10: c10,
        Comp25: c25,
        Comp50: c50,
        Comp75: c75,
        Comp90: c90,
        BonusTarget50: priced.bonusTarget50,
        BonusTargetAvg: priced.bonusTargetAvg,
      });
    }
    Object.assign(result, {
      CurrencyCode: 'USD',
      MatchRating: match.rating,
      JobFamilyName: match.jobFamilyName,
      JobLevelName: match.jobLevelName,
      DataScope_IndustryCode: applied.code,
      DataScope_IndustryName: applied.name,
    });
    if (size !== null)
      result[size.by === 'FTE' ? 'DataScope_FTERange' : 'DataScope_RevenueRange'] = size.range;
    Object.assign(result, {
      DataScope_CountryCode: loc.location.countryCode,
      DataScope_Region: loc.location.region,
      DataScope_State: loc.location.state,
      DataScope_City: loc.location.city,
    });
    return { ok: true, result: result as JobResult };
  }

  return { price };
}
