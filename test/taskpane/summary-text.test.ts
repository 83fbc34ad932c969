import {
  moreFailuresText,
  progressPercent,
  progressText,
  summaryLines,
  summaryTitle,
} from '../../src/taskpane/summary-text';
import type { PriceRunSummary } from '../../src/usecases/pricing-run';

const summary = (over: Partial<PriceRunSummary> = {}): PriceRunSummary => ({
  status: 'done',
  rows: 500,
  priced: 480,
  failed: 20,
  cancelled: 0,
  skippedHidden: 3,
  skippedBlank: 0,
  requests: 2,
  uniqueJobs: 390,
  duplicatesMerged: 90,
  writeSyncs: 3,
  failures: [],
  failedRows: [],
  where: null,
  ...over,
});

describe('pane texts', () => {
  it('says how many failures are not listed (issue 12 item 9)', () => {
    const five = Array.from({ length: 5 }, (_, i) => ({ row: i + 2, message: 'x' }));
    expect(moreFailuresText(summary({ failed: 20, failures: five }))).toBe('and 15 more');
    expect(moreFailuresText(summary({ failed: 5, failures: five }))).toBeNull();
    expect(moreFailuresText(summary({ failed: 1005, failures: five }))).toBe('and 1,000 more');
  });

  it('progress reads "rows done / total" and the request count', () => {
    expect(progressText({ rowsDone: 1200, rowsTotal: 10000, requestsDone: 6, requestsTotal: 50 })).toBe(
      '1,200 / 10,000 rows · request 6 of 50',
    );
    expect(progressPercent({ rowsDone: 1, rowsTotal: 3, requestsDone: 0, requestsTotal: 1 })).toBe(33);
    expect(progressPercent({ rowsDone: 0, rowsTotal: 0, requestsDone: 0, requestsTotal: 0 })).toBe(100);
  });

  it('summary lists priced, failed, skipped hidden, cancelled, requests, duplicates', () => {
    const lines = summaryLines(summary());
    expect(lines.map((l) => [l.label, l.value])).toEqual([
      ['Priced', '480'],
      ['Failed', '20'],
      ['Skipped hidden rows', '3'],
      ['Cancelled', '0'],
      ['Requests made', '2'],
      ['Duplicates merged', '90'],
    ]);
    expect(lines.find((l) => l.key === 'failed')?.tone).toBe('bad');
    expect(summaryLines(summary({ skippedBlank: 2 })).map((l) => l.key)).toContain('skipped-blank');
  });

  it('titles say what happened in plain words', () => {
    expect(summaryTitle(summary())).toBe('Done, with 20 rows that could not be priced.');
    expect(summaryTitle(summary({ failed: 0 }))).toBe('Done.');
    expect(summaryTitle(summary({ status: 'cancelled' }))).toMatch(/^Cancelled\./);
    expect(summaryTitle(summary({ status: 'declined' }))).toMatch(/keep your cells/);
  });
});
