import type { AgingSettings } from '../domain/aging';
import type { PlanProgress } from '../domain/plan-runner';
import type { SelectionBlock } from '../excel/selection-reader';
import type { PriceRunSummary } from '../usecases/pricing-run';

/**
 * Every word the pane's code writes on screen, and the helpers that count things, in one place: the views
 * (src/taskpane/*-view.ts) import their texts from here and keep none inline. The static labels of the
 * cards stay in taskpane.html. Pure, so the texts are unit-tested without a DOM.
 */

/** A number as the pane writes it: 12,345. */
export const num = (x: number): string => x.toLocaleString('en-US');

/** The word for `x` things: `plural(1, 'row', 'rows')` is "row", any other count "rows". */
export const plural = (x: number, one: string, many: string): string => (x === 1 ? one : many);

/** A count and its word: "1 row", "12,345 rows". */
export const count = (x: number, one: string, many: string): string => `${num(x)} ${plural(x, one, many)}`;

export function progressText(p: PlanProgress): string {
  const requests =
    p.requestsTotal > 0
      ? ` · request ${num(Math.min(p.requestsDone, p.requestsTotal))} of ${num(p.requestsTotal)}`
      : '';
  return `${num(p.rowsDone)} / ${num(p.rowsTotal)} rows${requests}`;
}

export function progressPercent(p: PlanProgress): number {
  return p.rowsTotal === 0 ? 100 : Math.round((100 * p.rowsDone) / p.rowsTotal);
}

export interface SummaryLine {
  key: string;
  label: string;
  value: string;
  tone?: 'good' | 'bad';
}

export function summaryTitle(s: PriceRunSummary): string {
  switch (s.status) {
    case 'declined':
      return 'Nothing was changed: you chose to keep your cells.';
    case 'empty':
      return 'No rows to price in the selection.';
    case 'cancelled':
      return 'Cancelled. Rows priced so far were kept; the rest are marked Cancelled.';
    case 'done':
      return s.failed > 0
        ? `Done, with ${count(s.failed, 'row', 'rows')} that could not be priced.`
        : 'Done.';
  }
}

/** After the first failures listed: "and 15 more", or nothing when all are listed. */
export function moreFailuresText(s: PriceRunSummary): string | null {
  const more = s.failed - s.failures.length;
  return more > 0 ? `and ${num(more)} more` : null;
}

export function summaryLines(s: PriceRunSummary): SummaryLine[] {
  const lines: SummaryLine[] = [
    {
      key: 'priced',
      label: 'Priced',
      value: num(s.priced),
      ...(s.priced > 0 ? { tone: 'good' as const } : {}),
    },
    {
      key: 'failed',
      label: 'Failed',
      value: num(s.failed),
      ...(s.failed > 0 ? { tone: 'bad' as const } : {}),
    },
    { key: 'skipped-hidden', label: 'Skipped hidden rows', value: num(s.skippedHidden) },
    { key: 'cancelled', label: 'Cancelled', value: num(s.cancelled) },
    { key: 'requests', label: 'Requests made', value: num(s.requests) },
    { key: 'duplicates', label: 'Duplicates merged', value: num(s.duplicatesMerged) },
  ];
  if (s.skippedBlank > 0)
    lines.splice(3, 0, { key: 'skipped-blank', label: 'Skipped blank rows', value: num(s.skippedBlank) });
  return lines;
}

export const connectionTexts = {
  signedIn: 'Signed in',
  notSignedIn: 'Not signed in',
  signedInTo: (host: string): string => `Signed in to ${host}.`,
  change: 'Change',
  hide: 'Hide',
  tokenHelp: 'The token stays in memory only, unless you tick "Remember me".',
  secretHelp: 'The secret is used once to get a token and is never stored.',
  pasteToken: 'Paste your access token first.',
  enterCredentials: 'Enter the client ID and the client secret.',
  signedInRemembered: 'Signed in. You stay signed in on this computer.',
  signedInForSession: 'Signed in for this session.',
  testing: 'Testing…',
  signedOut: 'Signed out.',
} as const;

export const runTexts = {
  signInFirst: 'Sign in first: enter your access token or client credentials under Connection.',
  reading: 'Reading the selection…',
  checkingOutput: 'Checking where the results go…',
  pricing: 'Pricing…',
  cancelling: 'Cancelling: no new requests are sent…',
  stopped: (finished: number, rows: number): string => `Stopped: ${num(finished)} of ${num(rows)} rows done`,
  replaceCells: (cells: number): string =>
    `${count(cells, 'cell', 'cells')} where the results go already ${plural(cells, 'holds', 'hold')} data. Replace ${plural(cells, 'it', 'them')}?`,
  firstFailures: 'First rows that failed',
  failedRow: (row: number, message: string): string => `Row ${row}: ${message}`,
  selectFailed: (rows: number): string => `Select the ${count(rows, 'failed row', 'failed rows')}`,
  selectedFailed: (rows: number): string => `Selected ${count(rows, 'failed row', 'failed rows')}.`,
  selectedFirstFailed: (rows: number, areas: number): string =>
    `Selected the first ${num(rows)} failed rows (${areas} groups; Excel takes no more at once).`,
  reviewRun: 'Review the matches of these rows',
  couldNotSelect: (error: string): string => `Could not select the rows: ${error}`,
  couldNotStart: (error: string): string => `The pane could not start: ${error}`,
} as const;

export const formulasTexts = {
  working: 'Working…',
  recalculated: (formulas: number): string =>
    `Recalculated ${count(formulas, 'JOBPRICE formula', 'JOBPRICE formulas')} in the selection.`,
  dropped: (results: number): string =>
    `Dropped ${count(results, 'saved result', 'saved results')}; the workbook is recalculating.`,
  converted: (converted: number, skipped: number): string => {
    const left =
      skipped > 0
        ? ` ${count(skipped, 'cell was', 'cells were')} left as formulas (error or still calculating).`
        : '';
    return `Converted ${count(converted, 'formula', 'formulas')} to values.${left}`;
  },
} as const;

export const settingsTexts = {
  keptFor: (hours: number): string => `Results are kept for ${count(hours, 'hour', 'hours')}.`,
} as const;

export const agingTexts = {
  status: (a: AgingSettings): string =>
    !a.enabled
      ? 'Off: figures are written as priced.'
      : a.effectiveDate === ''
        ? 'Choose the effective date to age to.'
        : `On: the next run writes Salary and Comp figures aged to ${a.effectiveDate} at ${a.ratePercent}% a year.`,
  notSaved: (error: string): string => `Not saved: ${error}`,
} as const;

export const mappingTexts = {
  /** Where the headers came from. */
  source: (block: Pick<SelectionBlock, 'headerSource' | 'headerRow' | 'table'>): string => {
    const row = block.headerRow === null ? '' : ` (row ${block.headerRow + 1})`;
    switch (block.headerSource) {
      case 'table':
        return `Headers of table ${block.table ?? ''}${row}.`;
      case 'selection':
        return `Headers from the first selected row${row}.`;
      case 'above':
        return `Headers from the row above the selection${row}.`;
      case 'top':
        return `Headers from the top of the sheet${row}.`;
      case 'none':
        return 'No header row found: columns are taken in the order JobTitle, JobDesc, CompanyName, … Fix them below if needed.';
    }
  },
  saved: ' Your choices are saved with this workbook.',
  notSaved: (error: string): string => `Could not save the column choices: ${error}`,
  notUsed: '(not used)',
  /** A column without a header is named by its first value. */
  example: (sample: string): string => `e.g. ${sample || 'empty'}`,
} as const;

export const reviewTexts = {
  asking: 'Asking the service for candidates…',
  rows: (rows: readonly number[]): string => (rows.length === 1 ? `row ${rows[0]}` : `${rows.length} rows`),
  notAvailable: (problem: string): string => `Not available: ${problem}`,
  noMatch: 'No benchmark job matches this title.',
  pricedAs: (title: string, code: string, rating: string, pinned: boolean): string =>
    `Priced as ${title || code} (${code}), ${rating || 'no rating'}${pinned ? ', pinned' : ''}.`,
  keep: 'Keep as it is',
  candidate: (title: string, code: string, rating: string | undefined): string =>
    `${title} (${code})${rating ? `, ${rating}` : ''}`,
  allConfident: (distinct: number): string =>
    `All ${distinct} distinct ${plural(distinct, 'job is', 'jobs are')} matched Confident or pinned. Untick the box to see them all.`,
  shown: (shown: number, distinct: number): string =>
    `${shown} of ${distinct} distinct ${plural(distinct, 'job', 'jobs')} shown.`,
  wrote: (rows: number, created: boolean): string =>
    `Wrote ${rows} job ${plural(rows, 'code', 'codes')} into the Job Code column${created ? ' (added right of the inputs)' : ''}; re-pricing…`,
  repriced: (rows: number): string =>
    `Wrote ${rows} job ${plural(rows, 'code', 'codes')} and re-priced: those rows are pinned to the chosen jobs.`,
} as const;
