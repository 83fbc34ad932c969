import { EN_US, readNumberText, type NumberCulture } from '../../src/domain/number-text';
import { createRowParser } from '../../src/domain/row-parsing';

/** Numbers typed as text, in the workbook's culture; what reads two ways is flagged, never guessed. */
const DE: NumberCulture = { name: 'de-DE', decimal: ',', group: '.' };
const FR: NumberCulture = { name: 'fr-FR', decimal: ',', group: '\u202f' };
const CH: NumberCulture = { name: 'de-CH', decimal: '.', group: '’' };

describe('numbers typed as text follow the workbook culture', () => {
  it.each([
    ['1,5', DE, 1.5],
    ['1.200', DE, 1200],
    ['1.234.567,89', DE, 1234567.89],
    ['1,200', DE, 1.2],
    ['1,200', EN_US, 1200],
    ['1.5', EN_US, 1.5],
    ['1,234,567.89', EN_US, 1234567.89],
    ['  250 ', EN_US, 250],
    ['12 345', EN_US, 12345],
    ['1\u202f234,5', FR, 1234.5],
    ['1 234,5', FR, 1234.5],
    ["1'000", CH, 1000],
    ['-3', DE, -3],
    ['2e6', EN_US, 2_000_000],
  ])('%s in %s is %d', (text, culture, value) => {
    expect(readNumberText(text, culture)).toEqual({ kind: 'number', value });
  });

  it('flags a text that is a number only in the other convention, with what it could mean', () => {
    expect(readNumberText('1,5', EN_US)).toEqual({ kind: 'ambiguous', readings: [1.5] });
    expect(readNumberText('1.234.567', EN_US)).toEqual({ kind: 'ambiguous', readings: [1234567] });
    expect(readNumberText('1,200.50', DE)).toEqual({ kind: 'ambiguous', readings: [1200.5] });
  });

  it('where the culture is unknown, takes only what both conventions read alike, or only one reads', () => {
    expect(readNumberText('1,200', null)).toEqual({ kind: 'ambiguous', readings: [1200, 1.2] });
    expect(readNumberText('1.200', null)).toEqual({ kind: 'ambiguous', readings: [1.2, 1200] });
    expect(readNumberText('1,5', null)).toEqual({ kind: 'number', value: 1.5 });
    expect(readNumberText('1200', null)).toEqual({ kind: 'number', value: 1200 });
    expect(readNumberText('1,234,567', null)).toEqual({ kind: 'number', value: 1234567 });
  });

  it('refuses what is no number in any convention', () => {
    for (const text of ['abc', '12 employees', '$500', '1,2,3', '', '.', '1..2'])
      expect({ text, reading: readNumberText(text, EN_US) }).toEqual({
        text,
        reading: { kind: 'not-a-number' },
      });
  });
});

describe('the pane reads FTE and revenue in the culture the selection came with', () => {
  const mapping = { title: 0, fte: 1, revenue: 2 };
  it('a German workbook: "1.200" employees is 1,200; "1,5" million is read as 1.5', () => {
    const parse = createRowParser(mapping, DE);
    expect(parse(2, ['Nurse', '1.200', ''])).toMatchObject({ spec: { scope: { fte: 1200 } } });
    expect(parse(3, ['Nurse', '', '2,5'])).toMatchObject({ spec: { scope: { revenue: 2.5 } } });
  });

  it('an ambiguous cell fails its row with a sentence that says so and how to fix it', () => {
    const parse = createRowParser(mapping, EN_US);
    expect(parse(4, ['Nurse', '1.200.000', ''])).toEqual({
      row: 4,
      error: 'FTEValue "1.200.000" is ambiguous here (1200000?): type it as a number, without separators.',
    });
  });
});
