import type { JobResult } from '../../api/wire';
import type { ClientScope, MatchMemo, PricingEngine } from '../contracts';
import { parseJob, planBatch } from '../validation/job-request';
import { mapInSlices, type SliceOptions } from './slices';

/**
 * The two priced operations as pure functions: parsed JSON body + the caller's scope → envelope.
 * Transport concerns (auth, body bytes, status codes) live in the handler; everything here is HTTP 200.
 */

export type SingleEnvelope =
  { readonly Code: 1; readonly Data: JobResult } | { readonly Code: -1; readonly Message: string };

export type BatchItem =
  ({ SubRequestID?: string } & JobResult) | { SubRequestID?: string; ErrorMessage: string };
export type BatchEnvelope =
  | { readonly Code: 1 | -1; readonly Data: readonly BatchItem[] }
  | { readonly Code: -1; readonly Message: string };

/** /DaaS/jobpricing: validate (D4/D5/D7), then price (D3, D8–D11, D15). */
export function priceSingle(body: unknown, scope: ClientScope, engine: PricingEngine): SingleEnvelope {
  const job = parseJob(body);
  if (!job.ok) return { Code: -1, Message: job.message };
  const outcome = engine.price(job.spec, scope);
  return outcome.ok ? { Code: 1, Data: outcome.result } : { Code: -1, Message: outcome.message };
}

/**
 * D12 (docs/api.md "Batches"): whole-batch errors are Code -1; otherwise Code 1 with one item per
 * sub-request, in request order, each a result (SubRequestID first) or an error item
 * `{SubRequestID?, ErrorMessage}`. Priced in time slices (slices.ts) so a batch does not hold the event
 * loop while others wait.
 */
export async function priceBatch(
  body: unknown,
  scope: ClientScope,
  engine: PricingEngine,
  slices: SliceOptions = {},
): Promise<BatchEnvelope> {
  const plan = planBatch(body);
  switch (plan.kind) {
    case 'reject':
      return { Code: -1, Message: plan.message };
    case 'duplicates':
      return { Code: -1, Data: plan.items };
    case 'price': {
      const memo: MatchMemo = new Map();
      return {
        Code: 1,
        Data: await mapInSlices(
          plan.entries,
          (entry): BatchItem => {
            const id = entry.subRequestId === undefined ? {} : { SubRequestID: entry.subRequestId };
            if (!entry.job.ok) return { ...id, ErrorMessage: entry.job.message };
            const outcome = engine.price(entry.job.spec, scope, memo);
            if (!outcome.ok) return { ...id, ErrorMessage: outcome.message };
            // One literal field, then one spread: V8 copies the ~30 fields on its fast path. Two spreads
            // (`{ ...id, ...result }`) build each item field by field, ~50x slower: a quarter of a batch's time.
            return entry.subRequestId === undefined
              ? { ...outcome.result }
              : { SubRequestID: entry.subRequestId, ...outcome.result };
          },
          slices,
        ),
      };
    }
  }
}
