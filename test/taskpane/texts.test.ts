import {
  agingTexts,
  count,
  formulasTexts,
  mappingTexts,
  moreFailuresText,
  plural,
  progressPercent,
  num,
  progressText,
  setLocale,
  reviewTexts,
  runTexts,
  summaryLines,
  summaryTitle,
} from '../../src/taskpane/texts';
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
  changes: [],
  where: null,
  ...over,
});

describe('pane texts', () => {
  it('says how many failures are not listed', () => {
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

describe('counting words', () => {
  it('writes one thing in the singular and every other count, zero included, in the plural', () => {
    expect(plural(1, 'row', 'rows')).toBe('row');
    expect(plural(0, 'row', 'rows')).toBe('rows');
    expect(plural(2, 'row', 'rows')).toBe('rows');
    expect(count(1, 'cell', 'cells')).toBe('1 cell');
    expect(count(0, 'cell', 'cells')).toBe('0 cells');
    expect(count(12345, 'cell', 'cells')).toBe('12,345 cells');
  });

  it('agrees the verb and pronoun with the count when asking to replace cells', () => {
    expect(runTexts.replaceCells(1)).toBe('1 cell where the results go already holds data. Replace it?');
    expect(runTexts.replaceCells(2500)).toBe(
      '2,500 cells where the results go already hold data. Replace them?',
    );
  });

  it('names the failed rows a summary button selects', () => {
    expect(runTexts.selectFailed(1)).toBe('Select the 1 failed row');
    expect(runTexts.selectedFailed(3)).toBe('Selected 3 failed rows.');
    expect(runTexts.selectedFirstFailed(1000, 2000)).toBe(
      'Selected the first 1,000 failed rows (2000 groups; Excel takes no more at once).',
    );
  });

  it('says what the formula buttons did, and what they left', () => {
    expect(formulasTexts.recalculated(1)).toBe('Recalculated 1 JOBPRICE formula in the selection.');
    expect(formulasTexts.converted(3, 0)).toBe('Converted 3 formulas to values.');
    expect(formulasTexts.converted(1, 1)).toBe(
      'Converted 1 formula to values. 1 cell was left as formulas (error or still calculating).',
    );
  });
});

describe('card texts', () => {
  it('aging says whether the next run ages, and to what', () => {
    expect(agingTexts.status({ enabled: false, effectiveDate: '2026-01-01', ratePercent: 3 })).toMatch(
      /^Off/,
    );
    expect(agingTexts.status({ enabled: true, effectiveDate: '', ratePercent: 3 })).toBe(
      'Choose the effective date to age to.',
    );
    expect(agingTexts.status({ enabled: true, effectiveDate: '2026-01-01', ratePercent: 3.5 })).toBe(
      'On: the next run writes Salary and Comp figures aged to 2026-01-01 at 3.5% a year.',
    );
  });

  it('the mapping says where its headers came from, with the sheet row counted from 1', () => {
    expect(mappingTexts.source({ headerSource: 'table', headerRow: 0, table: 'Jobs' })).toBe(
      'Headers of table Jobs (row 1).',
    );
    expect(mappingTexts.source({ headerSource: 'above', headerRow: 4, table: null })).toBe(
      'Headers from the row above the selection (row 5).',
    );
    expect(mappingTexts.source({ headerSource: 'none', headerRow: null, table: null })).toMatch(
      /^No header row found/,
    );
    expect(mappingTexts.example('')).toBe('e.g. empty');
  });

  it('review names a job by its rows and its current match', () => {
    expect(reviewTexts.rows([7])).toBe('row 7');
    expect(reviewTexts.rows([7, 9, 12])).toBe('3 rows');
    expect(reviewTexts.pricedAs('', '15-1252.00', '', true)).toBe(
      'Priced as 15-1252.00 (15-1252.00), no rating, pinned.',
    );
    expect(reviewTexts.candidate('Software Developers', '15-1252.00', undefined)).toBe(
      'Software Developers (15-1252.00)',
    );
    expect(reviewTexts.shown(1, 1)).toBe('1 of 1 distinct job shown.');
    expect(reviewTexts.allConfident(2)).toMatch(/^All 2 distinct jobs are matched/);
  });
});

describe("the pane writes figures in the user's locale", () => {
  afterEach(() => setLocale('en-US'));

  it('follows the locale it is given, and keeps the last good one for a tag that is none', () => {
    setLocale('de-DE');
    expect(num(12345)).toBe('12.345');
    expect(progressText({ rowsDone: 1200, rowsTotal: 10000, requestsDone: 6, requestsTotal: 50 })).toBe(
      '1.200 / 10.000 rows · request 6 of 50',
    );
    setLocale('not a locale!');
    expect(num(12345)).toBe('12.345');
    setLocale(undefined);
    expect(num(12345)).toBe('12.345');
  });
});
