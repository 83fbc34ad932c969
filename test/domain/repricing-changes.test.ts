import { changedRows, rowChange, type PricedRow } from '../../src/domain/repricing-changes';

/** The re-price change list: which rows moved by more than 5 %, and why where the two rows tell. */

const row = (over: Partial<PricedRow> = {}): PricedRow => ({
  figure: 100_000,
  match: '15-1252.00',
  dataDate: '2024-05-01',
  scope: [
    ['DataScope_Region', 'San Jose-Sunnyvale-Santa Clara, CA'],
    ['DataScope_State', 'CA'],
  ],
  aging: '',
  ...over,
});

describe('rows that moved since they were last priced', () => {
  it('lists a move of more than 5 % either way, and not one of 5 % or less', () => {
    expect(rowChange(2, row(), row({ figure: 105_000 }))).toBeNull();
    expect(rowChange(2, row(), row({ figure: 95_000 }))).toBeNull();
    expect(rowChange(2, row(), row({ figure: 105_001 }))).toMatchObject({ before: 100_000, after: 105_001 });
    expect(rowChange(3, row(), row({ figure: 88_000 }))).toEqual({
      row: 3,
      before: 100_000,
      after: 88_000,
      percent: -12,
      reasons: [],
    });
  });

  it('says why: a new match, a new data date, a new scope, other aging', () => {
    const after = row({
      figure: 121_500,
      match: '15-1254.00',
      dataDate: '2025-05-01',
      scope: [
        ['DataScope_Region', 'California'],
        ['DataScope_State', 'CA'],
      ],
      aging: '2026-05-01 at 3%',
    });
    expect(rowChange(7, row(), after)?.reasons).toEqual([
      { kind: 'match', from: '15-1252.00', to: '15-1254.00' },
      { kind: 'date', from: '2024-05-01', to: '2025-05-01' },
      {
        kind: 'scope',
        name: 'DataScope_Region',
        from: 'San Jose-Sunnyvale-Santa Clara, CA',
        to: 'California',
      },
      { kind: 'aging', from: '', to: '2026-05-01 at 3%' },
    ]);
    expect(rowChange(7, row(), after)?.percent).toBe(21.5);
  });

  it('claims no reason it cannot see: a service that names no benchmark or date', () => {
    const bare = { match: '', dataDate: '' };
    expect(rowChange(2, row(bare), row({ ...bare, figure: 130_000 }))?.reasons).toEqual([]);
  });

  it('skips rows with nothing to compare, and gives the rest in sheet order', () => {
    const pairs = [
      { row: 9, before: row(), after: row({ figure: 200_000 }) },
      { row: 4, before: row({ figure: null }), after: row({ figure: 200_000 }) },
      { row: 5, before: row(), after: row({ figure: null }) },
      { row: 2, before: row(), after: row({ figure: 50_000 }) },
    ];
    expect(changedRows(pairs).map((c) => c.row)).toEqual([2, 9]);
  });
});
