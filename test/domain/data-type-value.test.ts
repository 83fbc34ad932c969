import { isDataTypeValue, readDataTypeValue } from '../../src/domain/data-type-value';
import { parseJobArgs } from '../../src/formulas/args';
import { jobSpec } from '../../src/domain/job';

import { geographyValue } from '../sim-excel/fixtures';

/**
 * Data-type cells as formula arguments. The values below are shaped as Excel's CellValue JSON
 * (`Range.valuesAsJson`, ExcelApi 1.16) documents them: linked entities of the Geography (service id
 * 536870912) and Stocks (268435456) services, an add-in entity, formatted numbers.
 */

const stock = {
  type: 'LinkedEntity',
  text: 'Microsoft Corp (XNAS:MSFT)',
  basicType: 'Error',
  basicValue: '#VALUE!',
  id: { serviceId: 268435456, culture: 'en-US', entityId: 'msft' },
};
const fte250 = { type: 'Double', basicValue: 250, numberFormat: '#,##0' };
const zip02134 = { type: 'Double', basicValue: 2134, numberFormat: '00000' };
const image = { type: 'WebImage', address: 'https://example.com/a.png' };
const jobCard = {
  type: 'Entity',
  text: 'Software Developers',
  basicType: 'Error',
  basicValue: '#VALUE!',
  properties: { Salary50: { type: 'Double', basicValue: 132000 } },
};

describe('data-type values (what a Geography, Stocks or JobPrice cell hands a function)', () => {
  it('reads an entity by its text and any other data type by its basic value', () => {
    expect(readDataTypeValue(geographyValue('Seattle'))).toEqual({ ok: true, value: 'Seattle' });
    expect(readDataTypeValue(stock)).toEqual({ ok: true, value: 'Microsoft Corp (XNAS:MSFT)' });
    expect(readDataTypeValue(jobCard)).toEqual({ ok: true, value: 'Software Developers' });
    expect(readDataTypeValue({ type: 'Double', basicValue: 250, numberFormat: '#,##0' })).toEqual({
      ok: true,
      value: 250,
    });
    expect(readDataTypeValue({ type: 'FormattedNumber', basicValue: 1200, numberFormat: '0' })).toEqual({
      ok: true,
      value: 1200,
    });
    expect(readDataTypeValue({ type: 'String', basicValue: 'CA' })).toEqual({ ok: true, value: 'CA' });
    expect(readDataTypeValue({ type: 'Empty', basicValue: '' })).toEqual({ ok: true, value: null });
  });

  it('says what a value is when it has no text or number: images, arrays, errors, empty entities', () => {
    expect(readDataTypeValue({ type: 'WebImage', address: 'https://example.com/a.png' })).toEqual({
      ok: false,
      problem: 'an image',
    });
    expect(readDataTypeValue({ type: 'Array', elements: [[1]], basicValue: '#VALUE!' })).toEqual({
      ok: false,
      problem: 'an array',
    });
    expect(readDataTypeValue({ type: 'Error', basicValue: '#N/A', errorType: 'NotAvailable' })).toEqual({
      ok: false,
      problem: 'an error (#N/A)',
    });
    expect(readDataTypeValue({ type: 'Entity', text: ' ', basicValue: '#VALUE!' })).toEqual({
      ok: false,
      problem: 'a data type without text',
    });
  });

  it('tells data-type objects from scalars and arrays', () => {
    expect(isDataTypeValue(geographyValue('Ohio'))).toBe(true);
    for (const v of ['Seattle', 12, true, null, undefined, [['a']], {}, { type: 3 }])
      expect(isDataTypeValue(v)).toBe(false);
  });
});

describe('data-type cells as JOBPRICE arguments (parseJobArgs)', () => {
  it('takes a Geography city and state, a formatted FTE and a JobPrice card as the title', () => {
    const parsed = parseJobArgs({
      title: jobCard,
      country: 'USA',
      state: geographyValue('Washington'),
      city: geographyValue('Seattle'),
      fte: fte250,
    });
    expect(parsed).toEqual({
      ok: true,
      spec: jobSpec({
        title: 'Software Developers',
        scope: { country: 'USA', state: 'WA', city: 'Seattle', fte: 250 },
      }),
    });
  });

  it('reads a ZIP held as a formatted number with its leading zero, and a Stocks value as text', () => {
    const parsed = parseJobArgs({
      title: stock,
      zip: zip02134,
    });
    expect(parsed.ok && parsed.spec.title).toBe('Microsoft Corp (XNAS:MSFT)');
    expect(parsed.ok && parsed.spec.scope.zip).toBe('02134');
  });

  it('refuses an image or an error with what it is, and still refuses a real range', () => {
    expect(parseJobArgs({ title: 'Nurse', city: image })).toEqual({
      ok: false,
      message: 'city is a cell holding an image; give text or a number.',
    });
    expect(parseJobArgs({ title: 'Nurse', state: [['CA'], ['NY']] as never })).toEqual({
      ok: false,
      message: 'state must be a single value (text or a number), not a range or an array.',
    });
  });
});
