import type { PlanProgress } from '../domain/planner';
import type { PriceRunSummary } from '../usecases/pricing-run';

/** The words and numbers the pane shows for progress and results. Pure, so they are unit-tested. */

const n = (x: number): string => x.toLocaleString('en-US');

export function progressText(p: PlanProgress): string {
  const requests =
    p.requestsTotal > 0
      ? ` · request ${n(Math.min(p.requestsDone, p.requestsTotal))} of ${n(p.requestsTotal)}`
      : '';
  return `${n(p.rowsDone)} / ${n(p.rowsTotal)} rows${requests}`;
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
    default:
      return s.failed > 0
        ? `Done, with ${n(s.failed)} ${s.failed === 1 ? 'row' : 'rows'} that could not be priced.`
        : 'Done.';
  }
}

/** After the first failures listed: "and 15 more", or nothing when all are listed. */
export function moreFailuresText(s: PriceRunSummary): string | null {
  const more = s.failed - s.failures.length;
  return more > 0 ? `and ${n(more)} more` : null;
}

export function summaryLines(s: PriceRunSummary): SummaryLine[] {
  const lines: SummaryLine[] = [
    {
      key: 'priced',
      label: 'Priced',
      value: n(s.priced),
      ...(s.priced > 0 ? { tone: 'good' as const } : {}),
    },
    { key: 'failed', label: 'Failed', value: n(s.failed), ...(s.failed > 0 ? { tone: 'bad' as const } : {}) },
    { key: 'skipped-hidden', label: 'Skipped hidden rows', value: n(s.skippedHidden) },
    { key: 'cancelled', label: 'Cancelled', value: n(s.cancelled) },
    { key: 'requests', label: 'Requests made', value: n(s.requests) },
    { key: 'duplicates', label: 'Duplicates merged', value: n(s.duplicatesMerged) },
  ];
  if (s.skippedBlank > 0)
    lines.splice(3, 0, { key: 'skipped-blank', label: 'Skipped blank rows', value: n(s.skippedBlank) });
  return lines;
}
