import { evaluate } from '../sim-excel/formula-eval';
import { SimWorkbook } from '../sim-excel/model';
import { r1c1ToA1 } from '../sim-excel/office-api';

/**
 * The simulated host's formula support, which the pay-range tests rely on to check what formulas compute:
 * R1C1 text is stored as Excel stores it (A1, relative to each cell), and the evaluator follows Excel's
 * coercions. Checked here against results worked out by hand.
 */

describe('R1C1 formulas become A1 formulas of their cell', () => {
  test.each([
    ['=RC11*2', 4, 0, '=$K5*2'],
    ['=R[-1]C[2]+R1C1', 4, 1, '=D4+$A$1'],
    [
      '=IF(ISNUMBER(RC3),ROUND(RC3/JobPrice_RangeRounding,0),"RC3")',
      0,
      5,
      '=IF(ISNUMBER($C1),ROUND($C1/JobPrice_RangeRounding,0),"RC3")',
    ],
  ])('%s in row %d, column %d is %s', (r1c1, row, col, a1) => expect(r1c1ToA1(r1c1, row, col)).toBe(a1));
});

describe('the formula evaluator', () => {
  const book = new SimWorkbook({
    sheets: [{ name: 'S', rows: [[10, '$85,000', '', 'abc']] }, { name: 'Settings' }],
  });
  const sheet = book.sheet('S');
  if (!sheet) throw new Error('no sheet');
  const at = { sheet, row: 5, col: 5 };
  const run = (f: string) => evaluate(book, f, at);
  test('arithmetic, precedence, comparison and text', () => {
    expect(run('=1+2*3^2')).toBe(19);
    expect(run('=-2^2')).toBe(4); // Excel: unary minus before ^
    expect(run('=A1&"x"')).toBe('10x');
    expect(run('=A1>5')).toBe(true);
    expect(run('="b">1')).toBe(true); // text sorts after numbers
  });
  test("Excel's coercions: numeric text counts, an empty cell is 0 or empty text, other text is #VALUE!", () => {
    expect(run('=--B1')).toBe(85_000);
    expect(run('=C1+1')).toBe(1);
    expect(run('=LEN(C1)')).toBe(0);
    expect(run('=D1*2')).toBe('#VALUE!');
    expect(run('=IFERROR(D1*2,"")')).toBe('');
    expect(run('=1/0')).toBe('#DIV/0!');
    expect(run('=ROUND(2.5,0)+ROUND(-2.5,0)')).toBe(0);
  });
  test('names resolve through the workbook; a deleted one is #REF!, an unknown #NAME?', () => {
    book.sheet('Settings')?.set(1, 1, { value: 0.5 });
    book.names.set('spread', {
      name: 'Spread',
      sheet: 'Settings',
      rect: { r0: 1, c0: 1, r1: 1, c1: 1 },
      comment: '',
    });
    expect(run('=1+Spread/2')).toBe(1.25);
    const named = book.names.get('spread');
    if (named) named.rect = null;
    expect(run('=Spread')).toBe('#REF!');
    expect(run('=Nowhere')).toBe('#NAME?');
    expect(run('=VLOOKUP(1,A1:B2,2)')).toBe('#NAME?');
  });
});
