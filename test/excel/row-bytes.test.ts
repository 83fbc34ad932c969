import fc from 'fast-check';
import { estimateRowBytes } from '../../src/excel/write-chunks';

/**
 * The writer sizes each sync by these estimates to stay under Excel on the web's 5 MB request limit,
 * so the estimate must never fall below the real UTF-8 size of the JSON it stands for.
 */
describe('estimateRowBytes', () => {
  const utf8 = (v: unknown): number => Buffer.byteLength(JSON.stringify(v), 'utf8');
  const cell = fc.oneof(
    fc.double({ noNaN: false }),
    fc.integer(),
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: 'binary' }),
    fc.boolean(),
    fc.constant(null),
  );

  it('is an upper bound of the row values and formats as UTF-8 JSON (property)', () => {
    fc.assert(
      fc.property(
        fc.array(cell, { maxLength: 30 }),
        fc.array(fc.string(), { maxLength: 30 }),
        (values, formats) => {
          expect(estimateRowBytes(values, formats)).toBeGreaterThanOrEqual(utf8(values) + utf8(formats));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('stays close for plain ASCII rows, so chunks are not needlessly small', () => {
    const values = [
      'Registered Nurse',
      'USD',
      'Confident',
      107718,
      113463.5,
      5.33,
      'San Jose-Sunnyvale-Santa Clara, CA',
    ];
    const formats = ['@', '@', '@', '[$$-409]#,##0', '[$$-409]#,##0', '0.0"%"', '@'];
    const exact = utf8(values) + utf8(formats);
    expect(estimateRowBytes(values, formats)).toBeLessThanOrEqual(exact + 16);
  });
});
