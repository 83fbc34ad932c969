import { CandidateRequestSchema, JobMatchRequestSchema, type JobMatchRequest } from '../../api/wire';
import type { JobSpec } from '../../domain/job';
import { BATCH_LIMIT, MSG } from '../../domain/messages';
import { localJobError, textLimitError } from '../../domain/validation';

/**
 * Request bodies (already parsed JSON) → JobSpec, or the exact business message (docs/api.md "Envelope and
 * errors" and "Batches", D4/D5/D7/D12/D21). The same rules serve pricing (`parseJob`) and candidate lists
 * (`parseCandidateQuery`, D18).
 *
 * Types are checked strictly (D4): a field of the wrong JSON type, `null` included, gives
 * `Get the service failed.`; a missing optional field means "" or 0. Unknown fields are ignored.
 * Text is trimmed here so the engine sees clean values (" CA " and "CA" are the same state).
 */

export interface ParseFailure {
  readonly ok: false;
  readonly message: string;
}
export type JobParse = { readonly ok: true; readonly spec: JobSpec } | ParseFailure;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toSpec(req: JobMatchRequest): JobSpec {
  const s = req.DataScope ?? {};
  return {
    title: req.JobTitle.trim(),
    description: (req.JobDesc ?? '').trim(),
    company: (req.CompanyName ?? '').trim(),
    scope: {
      country: (s.CountryCode ?? '').trim(),
      state: (s.State ?? '').trim(),
      city: (s.City ?? '').trim(),
      zip: (s.ZipCode ?? '').trim(),
      naics: (s.NAICSCode ?? '').trim(),
      fte: s.FTEValue ?? 0,
      revenue: s.Revenue ?? 0,
    },
    // D19: kept only when sent, so a request without it reads exactly as before.
    ...(req.JobCode === undefined ? {} : { jobCode: req.JobCode.trim() }),
  };
}

/** One job (single body, or one sub-request without its SubRequestID). */
export function parseJob(body: unknown): JobParse {
  if (!isPlainObject(body)) return { ok: false, message: MSG.serviceFailed };
  const parsed = JobMatchRequestSchema.safeParse(body);
  if (!parsed.success) return { ok: false, message: MSG.serviceFailed };
  const spec = toSpec(parsed.data);
  const error = localJobError(spec);
  return error === null ? { ok: true, spec } : { ok: false, message: error };
}

/** D18: how many candidates a list may hold, and how many when MaxCandidates is not sent. */
export const MAX_CANDIDATES = 10;
export const DEFAULT_MAX_CANDIDATES = 5;

export type CandidateQueryParse =
  { readonly ok: true; readonly spec: JobSpec; readonly maxCandidates: number } | ParseFailure;

/**
 * D18: one candidate request (single body, or one sub-request): the job's rules exactly as for pricing,
 * then MaxCandidates, a whole number from 1 to 10 (default 5). A MaxCandidates of the wrong JSON type
 * (null included) is a wrong type like any other (D4).
 */
export function parseCandidateQuery(body: unknown): CandidateQueryParse {
  if (!isPlainObject(body)) return { ok: false, message: MSG.serviceFailed };
  const parsed = CandidateRequestSchema.safeParse(body);
  if (!parsed.success) return { ok: false, message: MSG.serviceFailed };
  const spec = toSpec(parsed.data);
  const error = localJobError(spec);
  if (error !== null) return { ok: false, message: error };
  const max = parsed.data.MaxCandidates ?? DEFAULT_MAX_CANDIDATES;
  if (!Number.isInteger(max) || max < 1 || max > MAX_CANDIDATES)
    return { ok: false, message: MSG.maxCandidatesOutOfRange };
  return { ok: true, spec, maxCandidates: max };
}

/** One sub-request of a batch: its SubRequestID (undefined when lacking) and what to do with it. */
export interface BatchEntry<P = JobParse> {
  readonly subRequestId: string | undefined;
  readonly job: P | ParseFailure;
}

export type BatchPlan<P = JobParse> =
  /** The whole call fails with Code -1 and Message (not an array, over 200, empty). */
  | { readonly kind: 'reject'; readonly message: string }
  /** Code -1, one error item per sub-request whose SubRequestID is not unique (docs/api.md "Batches"). */
  | { readonly kind: 'duplicates'; readonly items: readonly { SubRequestID: string; ErrorMessage: string }[] }
  /** Answer each entry; the answer is Code 1 with one item per entry (D12). */
  | { readonly kind: 'price'; readonly entries: readonly BatchEntry<P>[] };

type IdField =
  | { readonly kind: 'id'; readonly id: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'wrong-type' };

/**
 * Missing, null or blank: "required" (docs/api.md "Batches"). Present but not a string: a wrong JSON type
 * (D4).
 */
function subRequestId(item: unknown): IdField {
  if (!isPlainObject(item)) return { kind: 'wrong-type' };
  const raw = item['SubRequestID'];
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
    return { kind: 'missing' };
  return typeof raw === 'string' ? { kind: 'id', id: raw } : { kind: 'wrong-type' };
}

/**
 * The batch rules, in the order they are decided:
 * 1. not a JSON array → `Get the service failed.` (D4's "not a JSON object" read for the batch body);
 * 2. more than 200 → the limit message (docs/api.md "Batches"), before looking at any item;
 * 3. empty → D12's message;
 * 4. duplicate SubRequestIDs → Code -1 with an item for *every* occurrence of a repeated id, in request
 *    order (each of them breaks "unique within one batch call", so each is an offending sub-request);
 * 5. otherwise each entry on its own: lacking SubRequestID → "The SubRequestID field is required." (an
 *    item without SubRequestID); a SubRequestID that is not a string, or an entry that is not an object →
 *    `Get the service failed.` without SubRequestID (it cannot be echoed as a string); a SubRequestID over
 *    D21's limit → its `is too long` message (echoed, so the caller can place the item); else the
 *    single-job rules.
 */
export function planBatch(body: unknown): BatchPlan {
  return planItems(body, parseJob);
}

/** The batch rules above, with `parse` for each sub-request (pricing's or the candidate lists'). */
export function planItems<P>(body: unknown, parse: (item: unknown) => P | ParseFailure): BatchPlan<P> {
  if (!Array.isArray(body)) return { kind: 'reject', message: MSG.serviceFailed };
  if (body.length > BATCH_LIMIT) return { kind: 'reject', message: MSG.batchLimitExceeded };
  if (body.length === 0) return { kind: 'reject', message: MSG.batchEmpty };

  const ids = body.map(subRequestId);
  const counts = new Map<string, number>();
  for (const f of ids) if (f.kind === 'id') counts.set(f.id, (counts.get(f.id) ?? 0) + 1);
  const duplicates = ids.flatMap((f) =>
    f.kind === 'id' && (counts.get(f.id) ?? 0) > 1
      ? [{ SubRequestID: f.id, ErrorMessage: MSG.duplicateSubRequestId(f.id) }]
      : [],
  );
  if (duplicates.length > 0) return { kind: 'duplicates', items: duplicates };

  const entries = body.map((item: unknown, i): BatchEntry<P> => {
    const f = ids[i] as IdField;
    switch (f.kind) {
      case 'missing':
        return { subRequestId: undefined, job: { ok: false, message: MSG.subRequestIdRequired } };
      case 'wrong-type':
        return { subRequestId: undefined, job: { ok: false, message: MSG.serviceFailed } };
      case 'id': {
        const tooLong = textLimitError('SubRequestID', f.id);
        return { subRequestId: f.id, job: tooLong === null ? parse(item) : { ok: false, message: tooLong } };
      }
    }
  });
  return { kind: 'price', entries };
}
