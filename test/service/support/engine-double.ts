import type { JobSpec } from '../../../src/domain/job';
import { MSG } from '../../../src/domain/messages';
import type {
  CandidatesOutcome,
  ClientScope,
  PriceOutcome,
  PricingEngine,
} from '../../../src/service/contracts';

/**
 * A small PricingEngine for HTTP-layer tests: deterministic figures from the title, a few business
 * failures, and a record of every call so tests can see what the HTTP layer passed down.
 * Titles: "zzqx…" → No matching job found (candidates: an empty list); "explode" → throws (a server
 * fault); anything else prices, and has two candidates.
 */
export class EngineDouble implements PricingEngine {
  readonly calls: { spec: JobSpec; scope: ClientScope }[] = [];
  readonly candidateCalls: { spec: JobSpec; scope: ClientScope; maxCandidates: number }[] = [];

  candidates(spec: JobSpec, scope: ClientScope, maxCandidates: number): CandidatesOutcome {
    this.candidateCalls.push({ spec, scope, maxCandidates });
    if (spec.title === 'explode') throw new Error('engine fault with internal detail /srv/secret/path');
    if (spec.title.startsWith('zzqx')) return { ok: true, candidates: [] };
    const country = spec.scope.country || 'USA';
    if (!scope.countries.includes(country)) return { ok: false, message: MSG.noDataForCountry(country) };
    const candidates = [
      { MatchedJobCode: '99-0001.00', MatchedJobTitle: `${spec.title} A`, MatchScore: 0.9 },
      { MatchedJobCode: '99-0002.00', MatchedJobTitle: `${spec.title} B`, MatchScore: 0.5 },
    ].map((c) => ({ ...c, JobFamilyName: 'Test Family', MatchRating: 'Probable' as const }));
    return { ok: true, candidates: candidates.slice(0, maxCandidates) };
  }

  price(spec: JobSpec, scope: ClientScope): PriceOutcome {
    this.calls.push({ spec, scope });
    if (spec.title === 'explode') throw new Error('engine fault with internal detail /srv/secret/path');
    if (spec.title.startsWith('zzqx')) return { ok: false, message: MSG.noMatch };
    const country = spec.scope.country || 'USA';
    if (!scope.countries.includes(country)) return { ok: false, message: MSG.noDataForCountry(country) };
    const base = 40000 + spec.title.length * 1000;
    const result: Record<string, number | string> = {
      MatchRating: 'Confident',
      Salary10: base,
      Salary25: base * 1.1,
      Salary50: base * 1.2,
      Salary75: base * 1.3,
      Salary90: base * 1.4,
    };
    if (scope.includeCompAndBonus) {
      Object.assign(result, {
        Comp10: base * 1.05,
        Comp25: base * 1.15,
        Comp50: base * 1.25,
        Comp75: base * 1.35,
        Comp90: base * 1.45,
        BonusTarget50: 5,
        BonusTargetAvg: 6,
      });
    }
    Object.assign(result, {
      CurrencyCode: 'USD',
      DataScope_CountryCode: country,
      DataScope_Region:
        scope.finestGeography === 'national' || !spec.scope.state ? 'United States' : spec.scope.state,
      DataScope_State: scope.finestGeography === 'national' ? '' : spec.scope.state,
      DataScope_City: scope.finestGeography === 'metro' ? spec.scope.city : '',
      DataScope_IndustryCode: '',
      DataScope_IndustryName: 'All Industries',
      JobFamilyName: 'Test Family',
      JobLevelName: 'Mid',
    });
    return { ok: true, result };
  }
}
