import { JobPriceApiError } from '../../src/api/errors';
import type { Candidate } from '../../src/api/wire';
import { detectMapping, type ColumnMapping } from '../../src/domain/column-mapping';
import type { JobOutcome } from '../../src/domain/outcome';
import type { SelectionBlock } from '../../src/excel/selection-reader';
import {
  applyReviewChoices,
  loadReview,
  NO_CANDIDATES_MESSAGE,
  type CandidateSource,
} from '../../src/usecases/review-matches';
import { installSimHost, type SimHost } from '../sim-excel/host';

/**
 * "Review matches" (D18, D19) through the real Excel modules on the simulated host: the
 * review state (one line per distinct job, candidates asked once per job, the "below Confident" filter),
 * the Job Code column (found, or created right of the inputs in a range and in a table) and a service
 * without D18.
 */

const cand = (code: string, title: string, rating = 'Probable'): Candidate => ({
  MatchedJobCode: code,
  MatchedJobTitle: title,
  MatchRating: rating,
});
const LISTS: Record<string, Candidate[]> = {
  'Data Analyst': [cand('15-2051.00', 'Data Scientists'), cand('15-2041.00', 'Statisticians')],
  Accountant: [
    cand('13-2011.00', 'Accountants and Auditors', 'Confident'),
    cand('13-2031.00', 'Budget Analysts'),
  ],
};

/** A candidate source answering from LISTS by title, recording what it was asked. */
function source(): CandidateSource & { asked: string[][] } {
  const asked: string[][] = [];
  return {
    asked,
    matchCandidates: async (items) => {
      asked.push(items.map((i) => i.spec.title));
      return new Map<string, JobOutcome<Candidate[]>>(
        items.map((i) => [i.id, { ok: true, result: LISTS[i.spec.title] ?? [] }]),
      );
    },
  };
}
const headerMapping = (block: SelectionBlock): ColumnMapping =>
  detectMapping((block.headerCells ?? []).slice(0, block.width));

let sim: SimHost;
const ROWS = [
  ['Job Title', 'State', 'Salary50'],
  ['Data Analyst', 'MA', 1],
  ['Accountant', 'MA', 2],
  ['Data Analyst', 'MA', 3],
];

describe('review state and the Job Code column in a plain range', () => {
  beforeEach(() => {
    sim = installSimHost({
      sheets: [{ name: 'Jobs', rows: ROWS }],
      selection: { sheet: 'Jobs', rect: { r0: 0, c0: 0, r1: 3, c1: 1 } },
    });
  });

  test('one line per distinct job, candidates asked once per job; the filter keeps jobs below Confident', async () => {
    const src = source();
    const all = await loadReview({ client: src, mappingFor: headerMapping, onlyBelowConfident: false });
    expect(src.asked).toEqual([['Data Analyst', 'Accountant']]);
    expect(all.jobs.map((j) => [j.spec.title, j.rows, j.current?.code])).toEqual([
      ['Data Analyst', [2, 4], '15-2051.00'],
      ['Accountant', [3], '13-2011.00'],
    ]);
    const weak = await loadReview({ client: source(), mappingFor: headerMapping, onlyBelowConfident: true });
    expect(weak.jobs.map((j) => j.spec.title)).toEqual(['Data Analyst']);
    expect(weak.distinct).toBe(2);
  });

  test('applying writes the code into every row of the job, in a Job Code column created right of the inputs; outputs move right', async () => {
    const set = await loadReview({ client: source(), mappingFor: headerMapping, onlyBelowConfident: false });
    const key = set.jobs[0]?.key as string;
    const written = await applyReviewChoices(set, new Map([[key, '15-2041.00']]));
    expect(written).toMatchObject({ column: 2, created: true, rows: 2 });
    const sheet = sim.workbook.sheet('Jobs');
    expect([0, 1, 2, 3].map((r) => sheet?.value(r, 2))).toEqual(['Job Code', '15-2041.00', '', '15-2041.00']);
    // The old column C (Salary50) is now D, aligned on every row.
    expect([0, 1, 2, 3].map((r) => sheet?.value(r, 3))).toEqual(['Salary50', 1, 2, 3]);
    // The next run reads the new column: the selection now includes it.
    expect(sim.workbook.selection.rect).toEqual({ r0: 0, c0: 0, r1: 3, c1: 2 });
  });

  test('nothing is written when no new match was chosen', async () => {
    const set = await loadReview({ client: source(), mappingFor: headerMapping, onlyBelowConfident: false });
    await expect(applyReviewChoices(set, new Map())).rejects.toThrow(/No new match was chosen/);
    expect(sim.workbook.sheet('Jobs')?.value(0, 2)).toBe('Salary50');
  });

  test('an existing Job Code column is filled in place and its pin is the current match', async () => {
    sim = installSimHost({
      sheets: [
        {
          name: 'Jobs',
          rows: [
            ['Job Title', 'State', 'Job Code'],
            ['Data Analyst', 'MA', ''],
            ['Accountant', 'MA', '13-2031.00'],
          ],
        },
      ],
      selection: { sheet: 'Jobs', rect: { r0: 0, c0: 0, r1: 2, c1: 2 } },
    });
    const set = await loadReview({ client: source(), mappingFor: headerMapping, onlyBelowConfident: false });
    expect(set.jobs[1]).toMatchObject({
      pinned: '13-2031.00',
      current: { code: '13-2031.00', rating: 'Confident' },
    });
    const written = await applyReviewChoices(set, new Map([[set.jobs[0]?.key as string, '15-2041.00']]));
    expect(written).toMatchObject({ column: 2, created: false });
    expect([1, 2].map((r) => sim.workbook.sheet('Jobs')?.value(r, 2))).toEqual(['15-2041.00', '13-2031.00']);
  });
});

test('in a table, the Job Code column is a new table column right of the inputs', async () => {
  sim = installSimHost({
    sheets: [{ name: 'Jobs', rows: ROWS }],
    tables: [{ name: 'JobsTable', sheet: 'Jobs', rect: { r0: 0, c0: 0, r1: 3, c1: 2 } }],
    selection: { sheet: 'Jobs', rect: { r0: 1, c0: 0, r1: 3, c1: 1 } },
  });
  const mapping = (b: SelectionBlock): ColumnMapping => {
    const m = headerMapping(b);
    delete m.jobCode;
    return { title: m.title, state: m.state };
  };
  const set = await loadReview({ client: source(), mappingFor: mapping, onlyBelowConfident: false });
  await applyReviewChoices(set, new Map([[set.jobs[1]?.key as string, '13-2031.00']]));
  const sheet = sim.workbook.sheet('Jobs');
  expect([0, 1, 2, 3].map((r) => sheet?.value(r, 2))).toEqual(['Job Code', '', '13-2031.00', '']);
  expect(sheet?.value(0, 3)).toBe('Salary50');
  expect(sim.workbook.tables[0]?.rect).toEqual({ r0: 0, c0: 0, r1: 3, c1: 3 });
});

test('a service without D18 (404 on /DaaS/batchjobmatch): the review says it offers no candidates', async () => {
  sim = installSimHost({
    sheets: [{ name: 'Jobs', rows: ROWS }],
    selection: { sheet: 'Jobs', rect: { r0: 0, c0: 0, r1: 3, c1: 1 } },
  });
  const none: CandidateSource = {
    matchCandidates: async () => {
      throw new JobPriceApiError('protocol', 'Not found (404).', { status: 404 });
    },
  };
  await expect(
    loadReview({ client: none, mappingFor: headerMapping, onlyBelowConfident: true }),
  ).rejects.toThrow(NO_CANDIDATES_MESSAGE);
});
