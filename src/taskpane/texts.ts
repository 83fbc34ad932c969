import type { AgingSettings } from '../domain/aging';
import { HOURS_PER_YEAR } from '../domain/current-pay';
import type { MarketPercentile } from '../domain/market-position';
import type { RangeTarget } from '../domain/pay-range';
import type { PlanProgress } from '../domain/plan-runner';
import type { ChangeReason, RowChange } from '../domain/repricing-changes';
import type { SelectionBlock } from '../excel/selection-reader';
import type { CompositeSummary } from '../usecases/composite';
import type { MarketBand } from '../usecases/market-band';
import type { ChartSummary } from '../usecases/market-chart';
import type { PayRangeSummary } from '../usecases/pay-ranges';
import type { PriceRunSummary } from '../usecases/pricing-run';

/**
 * Every word the pane's code writes on screen, and the helpers that count things, in one place: the views
 * (src/taskpane/*-view.ts) import their texts from here and keep none inline. The static labels of the
 * cards stay in taskpane.html. Pure, so the texts are unit-tested without a DOM.
 */

/** The locale figures are written in: the user's (setLocale at start), en-US until then and in tests. */
let locale = 'en-US';

/** Writes figures in `tag`'s way from now on ("de-DE": 12.345); an unknown tag keeps the current one. */
export function setLocale(tag: string | null | undefined): void {
  if (!tag) return;
  try {
    locale = Intl.getCanonicalLocales(tag)[0] ?? locale;
  } catch {
    // Not a BCP 47 tag: keep what we have.
  }
}

/** A number as the pane writes it, in the user's locale: 12,345 (en-US), 12.345 (de-DE). */
export const num = (x: number): string => x.toLocaleString(locale);

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
  if (s.currentPay) lines.push(...currentPayLines(s.currentPay));
  return lines;
}

/** With a current-pay column: how many pays were compared, and that hourly rates were annualised. */
function currentPayLines(p: NonNullable<PriceRunSummary['currentPay']>): SummaryLine[] {
  const lines: SummaryLine[] = [
    { key: 'pay-compared', label: 'Compared with current pay', value: num(p.compared) },
  ];
  if (p.hourly > 0)
    lines.push({
      key: 'pay-hourly',
      label: `Hourly pay annualised (× ${num(HOURS_PER_YEAR)} hours)`,
      value: num(p.hourly),
    });
  if (p.without > 0)
    lines.push({
      key: 'pay-without',
      label: 'No usable current pay (see Market Note)',
      value: num(p.without),
    });
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
  /** First run of a hosted pane that was built without a service address (README: Deploying). */
  firstRunEnterService:
    'First time here? Enter the https address of your pricing service under Service URL (whoever set up JobPrice for you has it, with your client ID and secret or an access token), then sign in.',
  /** First run of a pane built with its service address. */
  firstRunSignIn: (host: string): string =>
    `First time here? Sign in to ${host} with the client ID and secret or the access token you were given.`,
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

/** Money as the pane writes it: $92,000 for US dollars, 92,000 EUR otherwise. */
export function money(x: number, currency = ''): string {
  const whole = num(Math.round(x));
  const code = currency.toUpperCase();
  return code === '' || code === 'USD' ? `$${whole}` : `${whole} ${code}`;
}

/** "42nd percentile", "below the 10th percentile", "above the 90th percentile". */
export function percentileText(p: MarketPercentile): string {
  const ordinal = (n: number): string => {
    const teen = n % 100 >= 11 && n % 100 <= 13;
    const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
    return `${n}${suffix}`;
  };
  if (typeof p === 'number') return `${ordinal(p)} percentile`;
  const at = Number(p.slice(1));
  return p.startsWith('<') ? `below the ${ordinal(at)} percentile` : `above the ${ordinal(at)} percentile`;
}

export const bandTexts = {
  /** The picture's text equivalent: every figure it draws, in words. */
  describe: (b: MarketBand): string => {
    const m = (x: number): string => money(x, b.currency);
    const f = b.figures;
    const published = ([10, 25, 50, 75, 90] as const)
      .filter((p) => f[p] !== undefined)
      .map((p) => `P${p} ${m(f[p] as number)}`)
      .join(', ');
    const who = `Row ${b.row}${b.title === '' ? '' : `, ${b.title}`}`;
    const asOf = b.asOf === '' ? '' : ` (as of ${b.asOf})`;
    const parts = [`${who}: market ${published}${asOf}.`];
    parts.push(payText(b));
    if (b.rangeMin !== null && b.rangeMax !== null)
      parts.push(`Pay range ${m(b.rangeMin)} to ${m(b.rangeMax)}.`);
    return parts.join(' ');
  },
  none: 'Select a priced row (one with Salary figures beside it) to see where it sits in its market.',
  couldNotRead: (error: string): string => `Could not read the active row: ${error}`,
  replaceChart:
    'The workbook already has a "JobPrice Chart" sheet. Replace it (its table and chart) with a chart of these jobs?',
  charted: (s: ChartSummary): string => {
    if (s.status === 'declined') return 'Nothing was changed: you kept the JobPrice Chart sheet.';
    const left = [
      s.unpriced > 0 ? `${count(s.unpriced, 'row was', 'rows were')} left out (not priced)` : '',
      s.beyondLimit > 0
        ? `${count(s.beyondLimit, 'more job', 'more jobs')} beyond the first 50 ${plural(s.beyondLimit, 'was', 'were')} left out`
        : '',
    ].filter((t) => t !== '');
    return `Charted ${count(s.jobs, 'job', 'jobs')} on the "JobPrice Chart" sheet.${left.length > 0 ? ` ${left.join('; ')}.` : ''}`;
  },
} as const;

function payText(b: MarketBand): string {
  const pay = b.pay;
  if (pay.kind === 'none') return 'No current pay.';
  if (pay.kind === 'invalid') return `${pay.note}.`;
  const annual = money(pay.annual, b.currency);
  const hourly =
    pay.hourly === null ? '' : ` (${money(pay.hourly, b.currency)} an hour × ${num(HOURS_PER_YEAR)})`;
  if (b.position === null) return `Current pay ${annual}${hourly}.`;
  const { percentile, position, ratio } = b.position;
  const where =
    typeof percentile === 'number' ? `at the ${percentileText(percentile)}` : percentileText(percentile);
  return `Current pay ${annual}${hourly} is ${where} (${position}), ${ratio.toFixed(2)} of the median.`;
}

/** The pay-range card's choices, as the selects show them. */
export const RANGE_TARGET_LABELS: Readonly<Record<RangeTarget, string>> = {
  Salary25: 'Base salary P25',
  Salary50: 'Base salary P50',
  Salary75: 'Base salary P75',
  Comp25: 'Total cash P25',
  Comp50: 'Total cash P50',
  Comp75: 'Total cash P75',
  'Composite P50': 'Composite P50 (your surveys)',
};

export const rangesTexts = {
  replaceCells: (cells: number): string =>
    `${count(cells, 'cell', 'cells')} where the ranges go already ${plural(cells, 'holds', 'hold')} data. Replace ${plural(cells, 'it', 'them')}?`,
  wrote: (s: PayRangeSummary, spreadPercent: number, rounding: number): string =>
    s.status === 'declined'
      ? 'Nothing was changed: you chose to keep your cells.'
      : `Wrote ranges for ${count(s.rows, 'row', 'rows')} around ${s.target}${s.withPay ? ', with Compa-Ratio and Range Penetration' : ''}: spread ${spreadPercent} %, ${rounding === 0 ? 'not rounded' : `rounded to ${num(rounding)}`}. They are formulas: change the spread or rounding cell on the "JobPrice Settings" sheet and every range follows.`,
  fromCells: (spreadPercent: number, rounding: number): string =>
    `The workbook's range cells hold spread ${spreadPercent} % and rounding ${rounding === 0 ? 'none' : num(rounding)}.`,
  notSaved: (error: string): string => `Not saved: ${error}`,
} as const;

export const compositeTexts = {
  found: (surveys: number): string =>
    surveys === 0
      ? 'No survey columns beside these rows. Head them like "Mercer P50" (P25 and P75 columns beside them are used too).'
      : `${count(surveys, 'survey column', 'survey columns')} found. Tick the sources, give each a weight and its effective date.`,
  /** A survey and the percentiles its columns give. */
  source: (survey: string, percentiles: readonly number[]): string =>
    `${survey} (${percentiles.map((p) => `P${p}`).join(', ')})`,
  jobPrice: 'JobPrice (Salary P25–P75, dated per row)',
  share: (share: number): string => `${Math.round(share * 100)} %`,
  replaceCells: (cells: number): string =>
    `${count(cells, 'cell', 'cells')} where the composite goes already ${plural(cells, 'holds', 'hold')} data. Replace ${plural(cells, 'it', 'them')}?`,
  wrote: (s: CompositeSummary, agedTo: string): string =>
    s.status === 'declined'
      ? 'Nothing was changed: you chose to keep your cells.'
      : `Wrote the composite of ${s.sources.join(', ')} for ${count(s.rows, 'row', 'rows')}${agedTo === '' ? '' : `, aged to ${agedTo}`}.${s.empty > 0 ? ` ${count(s.empty, 'row has', 'rows have')} no source figure.` : ''}`,
} as const;

/** The re-price change list under a run's summary (src/taskpane/changes-view.ts). */
export const changeTexts = {
  heading: (rows: number): string =>
    `${count(rows, 'row', 'rows')} moved more than 5 % since ${plural(rows, 'it was', 'they were')} last priced`,
  listLabel: 'Rows whose Salary50 moved',
  /** The reasons of one row; scope changes are said together: "new scope (Region: A → B; State: WA → MS)". */
  reasons: (reasons: readonly ChangeReason[]): string => {
    const was = (v: string, none: string): string => (v === '' ? none : v);
    const scope = reasons.flatMap((r) =>
      r.kind === 'scope'
        ? [`${r.name.replace(/^DataScope_/, '')}: ${was(r.from, 'none')} → ${was(r.to, 'none')}`]
        : [],
    );
    const parts = reasons.flatMap((r) => {
      if (r.kind === 'match') return [`new match (${r.from} → ${r.to})`];
      if (r.kind === 'date') return [`new data date (${r.from} → ${r.to})`];
      if (r.kind === 'aging') return [`other aging (${was(r.from, 'not aged')} → ${was(r.to, 'not aged')})`];
      return [];
    });
    if (scope.length > 0) parts.push(`new scope (${scope.join('; ')})`);
    return parts.join('; ');
  },
  row: (c: RowChange): string => {
    const sign = c.percent > 0 ? '+' : '';
    const why = c.reasons.length > 0 ? `: ${changeTexts.reasons(c.reasons)}` : '';
    return `Row ${c.row}: Salary50 ${num(Math.round(c.before))} → ${num(Math.round(c.after))} (${sign}${c.percent.toFixed(1)} %)${why}`;
  },
  more: (rows: number): string => `and ${num(rows)} more`,
  select: (rows: number): string => `Select the ${count(rows, 'row that moved', 'rows that moved')}`,
  selected: (rows: number): string => `Selected ${count(rows, 'row that moved', 'rows that moved')}.`,
  selectedFirst: (rows: number, areas: number): string =>
    `Selected the first ${num(rows)} rows that moved (${areas} groups; Excel takes no more at once).`,
} as const;

/** The formula builder card (src/taskpane/builder-view.ts). */
export const builderTexts = {
  shown: (shown: number, total: number): string =>
    shown === total
      ? `${count(total, 'match', 'matches')}.`
      : `${num(shown)} of ${count(total, 'match', 'matches')} shown; type more to narrow them.`,
  none: 'Nothing matches. Try one word, such as "salary", "region" or "bonus".',
  kind: (kind: 'function' | 'field'): string => (kind === 'function' ? 'function' : 'field'),
  reading: 'Reading the sheet…',
  forRow: (row: number): string => `The formula for row ${num(row)}:`,
  argument: (a: { param: string; address: string; header: string; value: string }): string =>
    `${a.param} ← ${a.address}${a.header !== '' ? ` (${a.header})` : ''}${a.value !== '' ? `: ${a.value}` : ''}`,
  optional: (param: string): string => `${param} (optional)`,
  target: (span: string, rows: number, hidden: number): string =>
    `Insert writes ${count(rows, 'formula', 'formulas')} into ${span}, one per selected row${
      hidden > 0 ? `; ${count(hidden, 'hidden row is', 'hidden rows are')} left alone` : ''
    }.`,
  replaceCells: (cells: number): string =>
    `${count(cells, 'cell', 'cells')} where the formulas go already ${plural(cells, 'holds', 'hold')} something. Replace ${plural(cells, 'it', 'them')}?`,
  inserted: (written: number, span: string, replaced: number): string =>
    `Inserted ${count(written, 'formula', 'formulas')} into ${span}${replaced > 0 ? `, replacing ${count(replaced, 'cell', 'cells')}` : ''}.`,
  declined: 'Nothing was inserted: you chose to keep your cells.',
} as const;
