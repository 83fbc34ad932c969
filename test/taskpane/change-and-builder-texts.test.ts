import { builderTexts, changeTexts } from '../../src/taskpane/texts';

/** The words of the change list and the formula builder, counted right. */

describe('change list texts', () => {
  it('says how many rows moved and words each row, scope changes together', () => {
    expect(changeTexts.heading(1)).toBe('1 row moved more than 5 % since it was last priced');
    expect(changeTexts.heading(1200)).toBe('1,200 rows moved more than 5 % since they were last priced');
    expect(
      changeTexts.row({
        row: 12,
        before: 120000.4,
        after: 131500,
        percent: 9.6,
        reasons: [
          { kind: 'scope', name: 'DataScope_Region', from: 'Boston, MA', to: 'Massachusetts' },
          { kind: 'match', from: '15-1252.00', to: '15-1254.00' },
          { kind: 'scope', name: 'DataScope_City', from: 'Boston', to: '' },
          { kind: 'date', from: '2024-05-01', to: '2025-05-01' },
          { kind: 'aging', from: '', to: '2026-05-01 at 3%' },
        ],
      }),
    ).toBe(
      'Row 12: Salary50 120,000 → 131,500 (+9.6 %): new match (15-1252.00 → 15-1254.00); new data date (2024-05-01 → 2025-05-01); other aging (not aged → 2026-05-01 at 3%); new scope (Region: Boston, MA → Massachusetts; City: Boston → none)',
    );
    expect(changeTexts.row({ row: 3, before: 100, after: 80, percent: -20, reasons: [] })).toBe(
      'Row 3: Salary50 100 → 80 (-20.0 %)',
    );
    expect(changeTexts.select(1)).toBe('Select the 1 row that moved');
    expect(changeTexts.selected(3)).toBe('Selected 3 rows that moved.');
  });
});

describe('formula builder texts', () => {
  it('counts matches, formulas and the cells it would replace', () => {
    expect(builderTexts.shown(4, 4)).toBe('4 matches.');
    expect(builderTexts.shown(8, 47)).toBe('8 of 47 matches shown; type more to narrow them.');
    expect(builderTexts.target('K2', 1, 0)).toBe('Insert writes 1 formula into K2, one per selected row.');
    expect(builderTexts.target('K2:K41', 38, 2)).toBe(
      'Insert writes 38 formulas into K2:K41, one per selected row; 2 hidden rows are left alone.',
    );
    expect(builderTexts.replaceCells(1)).toBe(
      '1 cell where the formulas go already holds something. Replace it?',
    );
    expect(builderTexts.inserted(40, 'K2:K41', 3)).toBe(
      'Inserted 40 formulas into K2:K41, replacing 3 cells.',
    );
    expect(builderTexts.argument({ param: 'state', address: 'E7', header: 'State', value: 'CA' })).toBe(
      'state ← E7 (State): CA',
    );
  });
});
