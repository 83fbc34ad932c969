import type { BONUS_FIELDS, COMP_FIELDS, JobResult, SALARY_FIELDS } from '../../api/wire';
import type { JobSpec } from '../../domain/job';
import { MSG } from '../../domain/messages';
import type { PricingIndex } from '../data/load';
import { appliedAt, resolveLocation } from '../location/resolve';
import { industryMatchKey } from '../matching/matcher';
import { ALL_INDUSTRIES, industryAllowed, parseIndustry } from '../pricing/industry';
import { priceOccupation } from '../pricing/price';
import { sizeAdjustment } from '../pricing/size';
import type {
  ClientScope,
  Matcher,
  MatchMemo,
  OccupationMatch,
  PriceOutcome,
  PricingEngine,
} from '../contracts';
import { createCandidateLister, pinnedCode } from './candidates';

export interface EngineOptions {
  /** OEWS national vintage to price on (a year present in the index); default: the newest. */
  readonly wageVintage?: number;
}

/**
 * What every priced item carries, by the wire's own field names (src/api/wire.ts), so the object the
 * engine builds is checked field by field: Comp and Bonus figures only within the client's scope (D15),
 * at most one size range (D11).
 */
type Fields<F extends readonly (keyof JobResult)[]> = F[number];
type CompAndBonus = Required<Pick<JobResult, Fields<typeof COMP_FIELDS> | Fields<typeof BONUS_FIELDS>>>;
type SizeRange = Pick<JobResult, 'DataScope_FTERange' | 'DataScope_RevenueRange'>;
type PricedItem = Required<
  Pick<
    JobResult,
    | Fields<typeof SALARY_FIELDS>
    | 'CurrencyCode'
    | 'MatchRating'
    | 'MatchedJobCode'
    | 'MatchedJobTitle'
    | 'JobFamilyName'
    | 'JobLevelName'
    | 'DataScope_IndustryCode'
    | 'DataScope_IndustryName'
    | 'DataScope_CountryCode'
    | 'DataScope_Region'
    | 'DataScope_State'
    | 'DataScope_City'
    | 'DataEffectiveDate'
  >
> &
  Partial<CompAndBonus> &
  SizeRange;

/**
 * The pricing engine: one synchronous call per job, over data opened once. Order of checks: country
 * and location (D6-D8), industry code (D10), then the title match (D3) or the pinned code (D19); scope
 * errors come first because they are cheap and do not depend on the title. Candidate lists (D18) are
 * in candidates.ts, over the same matcher and checks.
 */
export function createPricingEngine(
  index: PricingIndex,
  matcher: Matcher,
  opts: EngineOptions = {},
): PricingEngine {
  const year = opts.wageVintage ?? index.wages.primaryYear;
  if (!index.wages.nationalYears.includes(year)) {
    throw new Error(
      `No OEWS national file for May ${year} in the index (have: ${index.wages.nationalYears.join(', ')})`,
    );
  }
  const { wages, geography } = index;
  const effectiveDate = `${year}-05-01`;

  /**
   * D3's match, made once per distinct title, description and industry key of a batch (contracts.ts
   * MatchMemo): of the industry, a match reads only its sector and the level of school it names
   * (matching/matcher.ts industryMatchKey).
   */
  function matchOnce(
    title: string,
    description: string,
    industry: string,
    memo: MatchMemo | undefined,
  ): OccupationMatch | null {
    if (memo === undefined) return matcher.match(title, description, industry);
    const key = `${title}\u0000${description}\u0000${industryMatchKey(industry)}`;
    let found = memo.get(key);
    if (found === undefined && !memo.has(key))
      memo.set(key, (found = matcher.match(title, description, industry)));
    return found ?? null;
  }

  function price(spec: JobSpec, client: ClientScope, memo?: MatchMemo): PriceOutcome {
    const loc = resolveLocation(geography, spec.scope, client);
    if (!loc.ok) return loc;
    const industry = parseIndustry(spec.scope.naics);
    if (!industry.ok) return industry;
    // D19: a pinned code replaces the title match; the title's seniority words still set the level.
    const code = pinnedCode(spec);
    const unmatched = code === '' ? MSG.noMatch : MSG.jobCodeNotRecognized(code);
    const match =
      code === ''
        ? matchOnce(spec.title, spec.description, spec.scope.naics, memo)
        : matcher.pinned(code, spec.title);
    if (match === null) return { ok: false, message: unmatched };

    const sector =
      industry.sector !== null && industryAllowed(industry.sector, client) ? industry.sector : null;
    const size = sizeAdjustment(spec.scope.fte, spec.scope.revenue);
    const priced = priceOccupation(wages, {
      soc: match.socCode,
      // The matcher promises -2..+2; clamp so a future matcher cannot push the window off the model.
      levelShift: Math.max(-2, Math.min(2, match.levelShift)),
      location: loc.location,
      sector,
      size,
      year,
    });
    // An occupation OEWS does not estimate at all (e.g. military, SOC 55) cannot be priced.
    if (priced === null) return { ok: false, message: unmatched };

    const [s10, s25, s50, s75, s90] = priced.salary;
    const [c10, c25, c50, c75, c90] = priced.comp;
    const applied = priced.sectorApplied ?? ALL_INDUSTRIES;
    const place = appliedAt(geography, loc.location, priced.geoLevel);
    // Typed parts (see PricedItem): a misspelt or missing field does not compile.
    const compAndBonus: Partial<CompAndBonus> = client.includeCompAndBonus
      ? {
          Comp10: c10,
          Comp25: c25,
          Comp50: c50,
          Comp75: c75,
          Comp90: c90,
          BonusTarget50: priced.bonusTarget50,
          BonusTargetAvg: priced.bonusTargetAvg,
        }
      : {};
    const sizeRange: SizeRange =
      size === null
        ? {}
        : size.by === 'FTE'
          ? { DataScope_FTERange: size.range }
          : { DataScope_RevenueRange: size.range };
    const result: PricedItem = {
      Salary10: s10,
      Salary25: s25,
      Salary50: s50,
      Salary75: s75,
      Salary90: s90,
      ...compAndBonus,
      CurrencyCode: 'USD',
      MatchRating: match.rating,
      // D17/D19: the benchmark priced; a pinned job names the code as it was sent.
      MatchedJobCode: code === '' ? match.onetCode : code,
      MatchedJobTitle: match.occupationTitle,
      JobFamilyName: match.jobFamilyName,
      JobLevelName: match.jobLevelName,
      DataScope_IndustryCode: applied.code,
      DataScope_IndustryName: applied.name,
      ...sizeRange,
      DataScope_CountryCode: place.countryCode,
      DataScope_Region: place.region,
      DataScope_State: place.state,
      DataScope_City: place.city,
      // D20: figures moved to the pricing vintage are dated by it (OEWS reference month: May).
      DataEffectiveDate: effectiveDate,
    };
    return { ok: true, result };
  }

  const candidates = createCandidateLister({ index, matcher, year });

  return { price, candidates };
}
