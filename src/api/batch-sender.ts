import type { JobOutcome } from '../domain/outcome';
import type { SendBatch } from '../domain/plan-runner';
import type { JobMarketClient } from './client';
import type { JobResult } from './wire';

/**
 * Adapts the client to the plan runner's `SendBatch`: the plan runner stays free of HTTP, and the client
 * stays free of rows. Items the reply could not attribute (`unattributed`) need no handling here: every id
 * sent already has an outcome in `byId`, and the plan runner fans those out to rows by SubRequestID.
 */
export function batchSender(client: JobMarketClient): SendBatch<JobResult> {
  return async (items, signal): Promise<Map<string, JobOutcome<JobResult>>> => {
    const reply = await client.matchBatch(items, { signal });
    return reply.byId;
  };
}
