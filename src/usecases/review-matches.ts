import { BATCH_LIMIT } from '../domain/messages';
import { mappingProblems, type ColumnMapping } from '../domain/column-mapping';
import { jobKey, type JobSpec } from '../domain/job';
import type { JobOutcome } from '../domain/outcome';
import { createRowParser } from '../domain/row-parsing';
import type { JobMarketClient } from '../api/client';
import { JobPriceApiError } from '../api/errors';
import type { Candidate } from '../api/wire';
import { writeJobCodes, type JobCodeWrite } from '../excel/job-code-column';
import { readSelection, type SelectionBlock } from '../excel/selection-reader';
import { rowForParsing } from '../excel/data-type-cells';
import { protectedSheetMessage } from './pricing-run';

/**
 * "Review matches": for the selected rows, one line per distinct job with the
 * benchmark it is (or would be) priced as, and up to five candidates asked with `/DaaS/batchjobmatch`
 * (D18: the first candidate is the job pricing uses), 200 jobs per call. Applying writes the chosen
 * codes into the Job Code column; the caller then re-prices, and a mapped Job Code is sent as JobCode
 * (D19), so those rows come back Confident with the pinned code.
 */

/** What the review says when the service has no candidate route (D18 is optional for a service). */
export const NO_CANDIDATES_MESSAGE =
  'This service offers no candidate matches (it has no /DaaS/batchjobmatch), so matches cannot be reviewed here. Pricing works as before; a Job Code column you fill by hand is still sent as JobCode.';

export interface ReviewJob {
  readonly key: string;
  readonly spec: JobSpec;
  /** 1-based sheet rows that hold this job. */
  readonly rows: readonly number[];
  /** The code already pinned in the Job Code column, or "". */
  readonly pinned: string;
  /** Best first; empty when nothing matched or the call failed (see `problem`). */
  readonly candidates: readonly Candidate[];
  /** What the job is priced as now: the pinned code, else the first candidate. */
  readonly current: { readonly code: string; readonly title: string; readonly rating: string } | null;
  readonly problem: string | null;
}

export interface ReviewSet {
  readonly block: SelectionBlock;
  readonly mapping: ColumnMapping;
  readonly jobs: readonly ReviewJob[];
  /** Distinct jobs in the selection before the "below Confident" filter. */
  readonly distinct: number;
}

export type CandidateSource = Pick<JobMarketClient, 'matchCandidates'>;

export async function loadReview(opts: {
  client: CandidateSource;
  mappingFor: (block: SelectionBlock) => ColumnMapping;
  onlyBelowConfident: boolean;
  signal?: AbortSignal;
}): Promise<ReviewSet> {
  const block = await readSelection();
  // The chosen codes are written to this sheet: a protected one is said before the service is asked.
  if (block.sheetProtected) throw new Error(protectedSheetMessage(block.sheetName));
  const mapping = opts.mappingFor(block);
  const problems = mappingProblems(mapping, block.width);
  if (problems.length > 0) throw new Error(problems.join(' '));

  const groups = new Map<string, { spec: JobSpec; rows: number[] }>();
  const parse = createRowParser(mapping, block.culture);
  block.rows.forEach((_, i) => {
    if (block.hidden[i]) return;
    const parsed = parse(block.firstDataRow + i + 1, rowForParsing(block.rows, block.dataTypeTexts, i));
    if (parsed === null || !('spec' in parsed)) return;
    const key = jobKey(parsed.spec);
    const g = groups.get(key);
    if (g === undefined) groups.set(key, { spec: parsed.spec, rows: [parsed.row] });
    else g.rows.push(parsed.row);
  });

  const entries = [...groups];
  const answers = new Map<string, JobOutcome<Candidate[]>>();
  for (let i = 0; i < entries.length; i += BATCH_LIMIT) {
    const chunk = entries.slice(i, i + BATCH_LIMIT).map(([key, g]) => ({ id: key, spec: g.spec }));
    let reply: Map<string, JobOutcome<Candidate[]>>;
    try {
      reply = await opts.client.matchCandidates(
        chunk.map((c, k) => ({ id: `j${i + k + 1}`, spec: c.spec })),
        5,
        opts.signal ? { signal: opts.signal } : {},
      );
    } catch (err) {
      // A service without D18's candidate lists (a commercial one) has no such route.
      if (err instanceof JobPriceApiError && (err.status === 404 || err.status === 405))
        throw new Error(NO_CANDIDATES_MESSAGE, { cause: err });
      throw err;
    }
    chunk.forEach((c, k) => {
      const outcome = reply.get(`j${i + k + 1}`);
      if (outcome !== undefined) answers.set(c.id, outcome);
    });
  }

  const jobs: ReviewJob[] = entries.map(([key, g]) => {
    const outcome = answers.get(key);
    const candidates = outcome?.ok === true ? outcome.result : [];
    const pinned = g.spec.jobCode ?? '';
    const first = candidates[0];
    const current =
      pinned !== ''
        ? {
            code: pinned,
            title: candidates.find((c) => c.MatchedJobCode === pinned)?.MatchedJobTitle ?? '',
            rating: 'Confident',
          }
        : first === undefined
          ? null
          : { code: first.MatchedJobCode, title: first.MatchedJobTitle, rating: first.MatchRating ?? '' };
    return {
      key,
      spec: g.spec,
      rows: g.rows,
      pinned,
      candidates,
      current,
      problem: outcome === undefined ? 'No answer.' : outcome.ok ? null : outcome.message,
    };
  });
  const shown = opts.onlyBelowConfident
    ? jobs.filter((j) => j.pinned === '' && j.current?.rating !== 'Confident')
    : jobs;
  return { block, mapping, jobs: shown, distinct: jobs.length };
}

/**
 * Writes the analyst's choices (job key -> code) into the Job Code column: every row of a chosen job gets
 * its code. Nothing is written for a job left as it is.
 */
export async function applyReviewChoices(
  set: ReviewSet,
  choices: ReadonlyMap<string, string>,
): Promise<JobCodeWrite & { rows: number }> {
  const codes = new Map<number, string>();
  for (const job of set.jobs) {
    const code = choices.get(job.key);
    if (code === undefined || code === '' || code === job.current?.code) continue;
    for (const row of job.rows) codes.set(row, code);
  }
  if (codes.size === 0) throw new Error('No new match was chosen: nothing to write.');
  const written = await writeJobCodes(set.block, set.mapping, codes);
  return { ...written, rows: codes.size };
}
