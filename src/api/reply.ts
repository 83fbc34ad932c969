import type { z } from 'zod';
import { errorMessage } from '../domain/error-message';
import { NO_RESULT_MESSAGE } from '../domain/messages';
import { failure, success, type JobOutcome } from '../domain/outcome';
import { apiErrors, type JobPriceApiError } from './errors';
import { redact } from './redaction';
import {
  BatchErrorItemSchema,
  EnvelopeSchema,
  JobMatchResultSchema,
  SingleDataSchema,
  toJobResult,
  type Envelope,
  type JobResult,
} from './wire';

/**
 * Reading what the service answered (docs/api.md, D12–D14), with no I/O: a status, headers and a body
 * text in, a validated value or a JobPriceApiError out. Everything is checked with the zod schemas of
 * wire.ts; nothing unchecked reaches the caller.
 */

/** One HTTP answer as the transport read it. */
export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** Which kind of call an answer belongs to: the token endpoint words its refusals differently. */
export type Endpoint = 'match' | 'token';

export interface BatchReply {
  /** One outcome for every distinct id that was sent. */
  byId: Map<string, JobOutcome<JobResult>>;
  /** Items that could not be attributed to a sent id (no SubRequestID), as readable sentences. */
  unattributed: string[];
}

/** The JSON of a 2xx answer; an HTML page, an empty body or broken JSON is a protocol error that says so. */
export function parseJsonBody(answer: RawAnswer): unknown {
  const contentType = answer.headers.get('content-type') ?? '';
  const text = answer.text;
  if (/html/i.test(contentType) || /^\s*</.test(text)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
    throw apiErrors.protocol(
      `an HTML page${title ? ` ("${title.slice(0, 80)}")` : ''} instead of JSON (HTTP ${answer.status}). Check the service address under Connection in the JobPrice pane.`,
      answer.status,
    );
  }
  if (text.trim() === '')
    throw apiErrors.protocol(`an empty body (HTTP ${answer.status}) instead of JSON.`, answer.status);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw apiErrors.protocol(`the body is not valid JSON (${errorMessage(err)}).`, answer.status);
  }
}

export function parseEnvelope(json: unknown): Envelope {
  const parsed = EnvelopeSchema.safeParse(json);
  if (!parsed.success) throw apiErrors.protocol(summarizeIssues(parsed.error));
  return parsed.data;
}

/**
 * A single job's answer: Code 1 → success(Data); Code -1 → failure('service', Message); malformed Data →
 * protocol error.
 */
export function interpretSingle(envelope: Envelope): JobOutcome<JobResult> {
  if (envelope.Code !== 1) return failure('service', serviceMessage(envelope));
  const data = SingleDataSchema.safeParse(envelope.Data);
  if (!data.success) throw apiErrors.protocol(summarizeIssues(data.error, 'Data'));
  return success(toJobResult(data.data));
}

/**
 * A batch's answer: an outcome for EVERY id sent, matched by SubRequestID only (D13). Whole-batch Code -1
 * (duplicates → per-id items; over limit / empty → Message) gives failure('service', …) for each id concerned
 * (ids not named get the whole-batch message). Items without SubRequestID (docs/api.md "Batches") are
 * reported in `unattributed`. An id missing from the reply → failure('transport', NO_RESULT_MESSAGE). An id
 * answered twice with different contents fails as a protocol error: neither answer can be trusted.
 */
export function interpretBatch(envelope: Envelope, sentIds: readonly string[]): BatchReply {
  const wanted = new Set(sentIds);
  const byId = new Map<string, JobOutcome<JobResult>>();
  const contradicted = new Set<string>();
  const unattributed: string[] = [];

  if (envelope.Code === 1 && !Array.isArray(envelope.Data)) {
    throw apiErrors.protocol(`Data: expected an array of results, received ${describeType(envelope.Data)}.`);
  }
  const items: unknown[] = Array.isArray(envelope.Data) ? envelope.Data : [];

  items.forEach((raw, index) => {
    const where = `Data[${index}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      unattributed.push(
        apiErrors.protocol(`${where}: expected an object, received ${describeType(raw)}.`).message,
      );
      return;
    }
    const record = raw as Record<string, unknown>;
    const rawId = record.SubRequestID;
    const id = typeof rawId === 'string' ? rawId : undefined;
    // Decide the item's kind by the presence of ErrorMessage, so zod reports the precise problem.
    const isError = 'ErrorMessage' in record;
    const parsed = isError ? BatchErrorItemSchema.safeParse(raw) : JobMatchResultSchema.safeParse(raw);

    let outcome: JobOutcome<JobResult>;
    if (!parsed.success) {
      outcome = failure('transport', apiErrors.protocol(summarizeIssues(parsed.error, where)).message);
    } else if (isError) {
      outcome = failure('service', (parsed.data as { ErrorMessage: string }).ErrorMessage);
    } else {
      outcome = success(toJobResult(parsed.data));
    }

    if (id === undefined) {
      unattributed.push(
        outcome.ok
          ? `The service returned a result without SubRequestID (${where}); it was ignored.`
          : outcome.message,
      );
    } else if (!wanted.has(id)) {
      unattributed.push(
        `The service returned an item for SubRequestID "${id}", which was not sent; it was ignored.`,
      );
    } else {
      const before = byId.get(id);
      if (before === undefined) byId.set(id, outcome);
      else if (!sameOutcome(before, outcome)) contradicted.add(id);
    }
  });

  for (const id of contradicted) {
    byId.set(
      id,
      failure(
        'transport',
        apiErrors.protocol(
          `SubRequestID "${id}" came back more than once with different contents, so none of them was used.`,
        ).message,
      ),
    );
  }
  const rest: JobOutcome<JobResult> =
    envelope.Code === 1
      ? failure('transport', NO_RESULT_MESSAGE)
      : failure('service', wholeBatchMessage(envelope, items));
  for (const id of wanted) if (!byId.has(id)) byId.set(id, rest);
  return { byId, unattributed };
}

/** Two readings of one id agree when they say the same thing field by field (a plain repeat is harmless). */
function sameOutcome(a: JobOutcome<JobResult>, b: JobOutcome<JobResult>): boolean {
  if (a.ok !== b.ok) return false;
  if (!a.ok || !b.ok) return !a.ok && !b.ok && a.kind === b.kind && a.message === b.message;
  const fields = new Set([...Object.keys(a.result), ...Object.keys(b.result)]);
  for (const f of fields)
    if (!Object.is(a.result[f as keyof JobResult], b.result[f as keyof JobResult])) return false;
  return true;
}

/** A Code -1 batch: the envelope's Message, else what its error items say, else a plain sentence. */
function wholeBatchMessage(envelope: Envelope, items: unknown[]): string {
  if (envelope.Message?.trim()) return envelope.Message;
  const first = items.find(
    (it): it is { ErrorMessage: string } =>
      typeof it === 'object' &&
      it !== null &&
      typeof (it as { ErrorMessage?: unknown }).ErrorMessage === 'string',
  );
  if (first) return `The service refused the whole batch: ${first.ErrorMessage}`;
  return `The service refused the whole batch (Code ${envelope.Code}) without saying why.`;
}

function serviceMessage(envelope: Envelope): string {
  if (envelope.Message?.trim()) return envelope.Message;
  return `The service returned no data for this job (Code ${envelope.Code}).`;
}

/** Maps a non-retryable, non-2xx answer to its error (D14: 400/401/403/413 are final). */
export function refusalError(
  answer: RawAnswer,
  endpoint: Endpoint,
  url: string,
  bodyBytes: number,
  secrets: readonly string[],
): JobPriceApiError {
  const { status } = answer;
  // A service that echoes the credentials back in its error text must not put them on screen.
  const detail = redact(errorDetail(answer.text), secrets);
  if (endpoint === 'token' && (status === 400 || status === 401))
    return apiErrors.badClientCredentials(status, detail);
  if (status === 401) return apiErrors.unauthorized(detail);
  if (status === 403) return apiErrors.forbidden(detail);
  if (status === 413) return apiErrors.payloadTooLarge(bodyBytes);
  if (status === 404 || status === 405) return apiErrors.notFound(status, url);
  if (status >= 400) return apiErrors.badRequest(status, detail);
  return apiErrors.protocol(`an unexpected HTTP status ${status}.`, status);
}

/** The service's explanation in an error answer: the envelope's Message, or OAuth's error_description / error. */
export function errorDetail(text: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const o = json as Record<string, unknown>;
  for (const key of ['Message', 'error_description', 'error', 'message']) {
    const v = o[key];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return undefined;
}

/** A zod error in one short line: "Data.Salary50: expected number, received string; …". */
export function summarizeIssues(error: z.ZodError, prefix = ''): string {
  const shown = error.issues.slice(0, 3).map((issue) => {
    const path = [prefix, ...issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))]
      .filter((p) => p !== '')
      .join('.')
      .replace(/\.\[/g, '[');
    return `${path || 'the body'}: ${issue.message}`;
  });
  const more = error.issues.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}.`;
}

function describeType(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}
