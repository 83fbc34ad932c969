import { failure, success, type JobOutcome } from '../domain/outcome';
import { NO_RESULT_MESSAGE } from '../domain/messages';
import { apiErrors } from './errors';
import { summarizeIssues } from './reply';
import { BatchErrorItemSchema, CandidateListSchema, type Candidate, type Envelope } from './wire';

/**
 * Reading a D18 `/DaaS/batchjobmatch` answer: a candidate list, or the item's error, for every id sent,
 * matched by SubRequestID only (D13), each item checked with zod on its own so a bad item fails only its
 * job. A Code -1 answer without items fails every id with the service's Message.
 */
export function interpretCandidateBatch(
  envelope: Envelope,
  sentIds: readonly string[],
): Map<string, JobOutcome<Candidate[]>> {
  const wanted = new Set(sentIds);
  const byId = new Map<string, JobOutcome<Candidate[]>>();
  if (envelope.Code === 1 && !Array.isArray(envelope.Data))
    throw apiErrors.protocol('Data: expected an array of candidate lists.');
  const items: unknown[] = Array.isArray(envelope.Data) ? envelope.Data : [];
  items.forEach((raw, index) => {
    const where = `Data[${index}]`;
    const isError = typeof raw === 'object' && raw !== null && 'ErrorMessage' in raw;
    const parsed = isError ? BatchErrorItemSchema.safeParse(raw) : CandidateListSchema.safeParse(raw);
    if (!parsed.success) {
      const id = (raw as { SubRequestID?: unknown } | null)?.SubRequestID;
      if (typeof id === 'string' && wanted.has(id) && !byId.has(id))
        byId.set(id, failure('transport', apiErrors.protocol(summarizeIssues(parsed.error, where)).message));
      return;
    }
    const id = parsed.data.SubRequestID;
    if (typeof id !== 'string' || !wanted.has(id) || byId.has(id)) return;
    byId.set(
      id,
      'ErrorMessage' in parsed.data
        ? failure('service', String(parsed.data.ErrorMessage))
        : success((parsed.data as { Candidates: Candidate[] }).Candidates),
    );
  });
  const rest: JobOutcome<Candidate[]> =
    envelope.Code === 1
      ? failure('transport', NO_RESULT_MESSAGE)
      : failure('service', envelope.Message?.trim() || 'The service refused the candidate request.');
  for (const id of wanted) if (!byId.has(id)) byId.set(id, rest);
  return byId;
}
