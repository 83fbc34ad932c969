import type { CandidateItem, ClientScope, PricingEngine } from '../contracts';
import { parseCandidateQuery, planItems } from '../validation/job-request';
import { mapInSlices, type SliceOptions } from './slices';

/**
 * D18's two candidate operations as pure functions: parsed JSON body + the caller's scope → envelope,
 * all HTTP 200. They follow the pricing operations' rules exactly (docs/api.md "Batches", D4-D12, D19, D21);
 * only the answer item differs: `{SubRequestID (batch only), Candidates}` in place of the pay figures.
 */

export interface CandidateListItem {
  readonly Candidates: readonly CandidateItem[];
}

export type MatchSingleEnvelope =
  { readonly Code: 1; readonly Data: CandidateListItem } | { readonly Code: -1; readonly Message: string };

export type MatchBatchItem =
  ({ SubRequestID?: string } & CandidateListItem) | { SubRequestID?: string; ErrorMessage: string };
export type MatchBatchEnvelope =
  | { readonly Code: 1 | -1; readonly Data: readonly MatchBatchItem[] }
  | { readonly Code: -1; readonly Message: string };

/** `POST /DaaS/jobmatch`: a title matching nothing is Code 1 with an empty list (D18), not D3's failure. */
export function matchSingle(body: unknown, scope: ClientScope, engine: PricingEngine): MatchSingleEnvelope {
  const query = parseCandidateQuery(body);
  if (!query.ok) return { Code: -1, Message: query.message };
  const outcome = engine.candidates(query.spec, scope, query.maxCandidates);
  return outcome.ok
    ? { Code: 1, Data: { Candidates: outcome.candidates } }
    : { Code: -1, Message: outcome.message };
}

/**
 * `POST /DaaS/batchjobmatch`: the batch rules of pricing, one candidate list or error item per sub-request,
 * listed in time slices (slices.ts) like a pricing batch.
 */
export async function matchBatch(
  body: unknown,
  scope: ClientScope,
  engine: PricingEngine,
  slices: SliceOptions = {},
): Promise<MatchBatchEnvelope> {
  const plan = planItems(body, parseCandidateQuery);
  switch (plan.kind) {
    case 'reject':
      return { Code: -1, Message: plan.message };
    case 'duplicates':
      return { Code: -1, Data: plan.items };
    case 'price':
      return {
        Code: 1,
        Data: await mapInSlices(
          plan.entries,
          (entry): MatchBatchItem => {
            const id = entry.subRequestId === undefined ? {} : { SubRequestID: entry.subRequestId };
            if (!entry.job.ok) return { ...id, ErrorMessage: entry.job.message };
            const outcome = engine.candidates(entry.job.spec, scope, entry.job.maxCandidates);
            return outcome.ok
              ? { ...id, Candidates: outcome.candidates }
              : { ...id, ErrorMessage: outcome.message };
          },
          slices,
        ),
      };
  }
}
