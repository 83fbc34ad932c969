import type { JobSpec } from '../domain/job';
import type { Candidate, JobResult } from '../api/wire';

/**
 * Contracts between the reference service's layers. The HTTP layer parses and authenticates, then
 * calls `PricingEngine.price` once per job; the engine composes matching, location and pricing over
 * the built data index. None of these types know about HTTP.
 */

/** D15: what a client's credentials allow. */
export interface ClientScope {
  /** ISO alpha-3 codes the client may price in. */
  readonly countries: readonly string[];
  /** The finest geography the client may see; a finer request is answered at this level. */
  readonly finestGeography: 'national' | 'state' | 'metro';
  /** 'all', or the 2-digit NAICS sectors the client may scope by (others answer All Industries). */
  readonly industries: 'all' | readonly string[];
  /** Whether Comp* and BonusTarget* figures are included (omitted from the item otherwise). */
  readonly includeCompAndBonus: boolean;
}

export const FULL_SCOPE: ClientScope = Object.freeze({
  countries: ['USA'],
  finestGeography: 'metro',
  industries: 'all',
  includeCompAndBonus: true,
});

/** D3. */
export type MatchRating = 'Confident' | 'Probable' | 'Possible';

/** The matcher's answer for a title (+ description). */
export interface OccupationMatch {
  /** O*NET-SOC code, e.g. "15-1252.00". */
  readonly onetCode: string;
  /** SOC 2018 code, e.g. "15-1252" (the first 7 characters of the O*NET-SOC code). */
  readonly socCode: string;
  readonly occupationTitle: string;
  readonly rating: MatchRating;
  /** Internal score, for tests and diagnostics. */
  readonly score: number;
  /** SOC major group name, e.g. "Computer and Mathematical Occupations". */
  readonly jobFamilyName: string;
  /** e.g. "Senior", "Entry", from seniority words and the Job Zone. */
  readonly jobLevelName: string;
  /**
   * Percentile-window shift from explicit seniority words only: 0 when the title has none, so an
   * unlevelled title prices at the OEWS figures themselves; negative for junior, positive for senior.
   */
  readonly levelShift: number;
}

/** One candidate benchmark for a title (D18), from the same ranking as `Matcher.match`. */
export interface RankedOccupation {
  readonly onetCode: string;
  readonly socCode: string;
  readonly occupationTitle: string;
  readonly jobFamilyName: string;
  /** This candidate's own rating: its score and its lead over the best occupation of another SOC code. */
  readonly rating: MatchRating;
  /** Internal score (not bounded); comparable within one ranking only. */
  readonly score: number;
}

export interface Matcher {
  /**
   * null when nothing matches well enough (D3: "No matching job found"). `industry` is the request's
   * NAICSCode as sent ('' for none): a code naming a level of school settles which teachers a title means.
   */
  match(title: string, description: string, industry?: string): OccupationMatch | null;
  /**
   * D18: up to `limit` candidates, best first. The first is the occupation `match` picks for the same
   * industry, and the list is empty exactly when `match` answers null, so review and pricing never disagree.
   */
  rank(title: string, description: string, limit: number, industry?: string): RankedOccupation[];
  /**
   * D19: the occupation with this O*NET-SOC code (`15-1252.00`, or the SOC code `15-1252` for its main
   * O*NET occupation), rated Confident; the title's seniority words still set the level. null when unknown.
   */
  pinned(code: string, title: string): OccupationMatch | null;
}

/** The outcome of pricing one job: the result item, or the exact business message (D3–D11; docs/api.md lists the messages). */
export type PriceOutcome =
  { readonly ok: true; readonly result: JobResult } | { readonly ok: false; readonly message: string };

/** D18: one candidate as answered, every field present (the wire schema lets other services omit some). */
export type CandidateItem = Required<
  Pick<Candidate, 'MatchedJobCode' | 'MatchedJobTitle' | 'JobFamilyName' | 'MatchRating' | 'MatchScore'>
>;

/** D18: a job's candidate list, best first (empty when the title matches nothing), or the business message. */
export type CandidatesOutcome =
  | { readonly ok: true; readonly candidates: readonly CandidateItem[] }
  | { readonly ok: false; readonly message: string };

/**
 * The matches already made in one batch, by title, description and what the match reads of the
 * industry (its sector and the level of school it names, matching/matcher.ts industryMatchKey): a
 * sheet's rows often repeat a title (the same job in several places), and a match depends on nothing
 * else, so a batch matches each once.
 */
export type MatchMemo = Map<string, OccupationMatch | null>;

export interface PricingEngine {
  /**
   * `spec` has passed `localJobError` already. Pure and synchronous: no I/O per request. The jobs of one
   * batch share one `memo` (a new Map per batch), so each distinct title is matched once.
   */
  price(spec: JobSpec, scope: ClientScope, memo?: MatchMemo): PriceOutcome;
  /**
   * D18: up to `maxCandidates` benchmarks for the job, best first; the first is what `price` would use for
   * the same spec (the pinned code when the spec has one, D19). Location and industry are checked exactly
   * as for `price` but do not change the list. `spec` has passed `localJobError` already.
   */
  candidates(spec: JobSpec, scope: ClientScope, maxCandidates: number): CandidatesOutcome;
}
