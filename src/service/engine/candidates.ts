import type { JobSpec } from '../../domain/job';
import { MSG } from '../../domain/messages';
import type { PricingIndex } from '../data/load';
import { resolveLocation } from '../location/resolve';
import type { CandidateItem, CandidatesOutcome, ClientScope, Matcher } from '../contracts';
import { parseIndustry } from '../pricing/industry';
import { occupationWages } from '../pricing/occupation';

/**
 * D18 candidate lists, from the matcher's one ranking, so the first candidate is the benchmark pricing
 * uses for the same request (D19: the pinned code when one is sent).
 *
 * - Location and industry are checked as for pricing (same messages, same order) but do not change the
 *   list: matching reads the title and description only.
 * - Only benchmarks the service can price are offered (an occupation OEWS does not estimate at all, such
 *   as military SOC 55, is left out): whatever an analyst picks from the list can be pinned and priced.
 * - MatchScore maps the matcher's internal score (unbounded, ~0.3 to ~1.4) onto 0..1 by 1 - e^(-2s), a
 *   strictly increasing map, so the order and the gaps of one list are kept; a pinned code scores 1.
 */

/** D19: the code a spec pins, trimmed; "" when it pins nothing. */
export function pinnedCode(spec: JobSpec): string {
  return spec.jobCode?.trim() ?? '';
}

/**
 * Extra ranks asked of the matcher, in the rare second pass, when leaving out unpriceable occupations
 * emptied places in the list (the first pass asks for just the list's length: mapping ranks costs time).
 */
const RANK_SLACK = 20;

export function matchScore(score: number): number {
  return Math.round((1 - Math.exp(-2 * Math.max(0, score))) * 1e4) / 1e4;
}

export function createCandidateLister(deps: {
  readonly index: PricingIndex;
  readonly matcher: Matcher;
  /** The OEWS national vintage pricing uses. */
  readonly year: number;
}): (spec: JobSpec, client: ClientScope, maxCandidates: number) => CandidatesOutcome {
  const { index, matcher, year } = deps;
  const priceableBySoc = new Map<string, boolean>();
  const priceable = (soc: string): boolean => {
    let known = priceableBySoc.get(soc);
    if (known === undefined)
      priceableBySoc.set(soc, (known = occupationWages(index.wages, year, soc) !== null));
    return known;
  };

  return (spec, client, maxCandidates) => {
    const loc = resolveLocation(index.geography, spec.scope, client);
    if (!loc.ok) return loc;
    const industry = parseIndustry(spec.scope.naics);
    if (!industry.ok) return industry;

    const list: CandidateItem[] = [];
    const code = pinnedCode(spec);
    let pinnedOnet: string | null = null;
    if (code !== '') {
      const pin = matcher.pinned(code, spec.title);
      if (pin === null || !priceable(pin.socCode))
        return { ok: false, message: MSG.jobCodeNotRecognized(code) };
      pinnedOnet = pin.onetCode;
      list.push({
        MatchedJobCode: code,
        MatchedJobTitle: pin.occupationTitle,
        JobFamilyName: pin.jobFamilyName,
        MatchRating: 'Confident',
        MatchScore: 1,
      });
    }
    const wanted = maxCandidates - list.length;
    let ranked = matcher.rank(spec.title, spec.description, maxCandidates, spec.scope.naics);
    let kept = ranked.filter((r) => r.onetCode !== pinnedOnet && priceable(r.socCode));
    if (kept.length < wanted && ranked.length === maxCandidates) {
      ranked = matcher.rank(spec.title, spec.description, maxCandidates + RANK_SLACK, spec.scope.naics);
      kept = ranked.filter((r) => r.onetCode !== pinnedOnet && priceable(r.socCode));
    }
    for (const r of kept.slice(0, wanted))
      list.push({
        MatchedJobCode: r.onetCode,
        MatchedJobTitle: r.occupationTitle,
        JobFamilyName: r.jobFamilyName,
        MatchRating: r.rating,
        MatchScore: matchScore(r.score),
      });
    return { ok: true, candidates: list };
  };
}
