import { createRowParser, parseRow } from '../../src/domain/row-parsing';
import { stateCode, unknownStateMessage } from '../../src/domain/us-states';
import { parseJobArgs } from '../../src/formulas/args';
import { HEADERS } from '../excel/helpers';
import { detectMapping } from '../../src/domain/column-mapping';
import { US_AREAS } from '../support/us-states-list';

/**
 * "California" used to be sent as is and the service answered "Location could not be
 * resolved: state California". States as people write them become USPS codes, in the pane (row parser)
 * and in formulas (argument parser) alike; a state that cannot be read names the text.
 */

describe('US states as people write them', () => {
  it.each([
    ['California', 'CA'],
    ['Calif.', 'CA'],
    ['calif', 'CA'],
    ['N.Y.', 'NY'],
    ['new york', 'NY'],
    ['NEW YORK', 'NY'],
    ['State of New York', 'NY'],
    ['Dist. of Columbia', 'DC'],
    ['District of Columbia', 'DC'],
    ['Washington, D.C.', 'DC'],
    ['D.C.', 'DC'],
    ['Washington', 'WA'],
    ['W. Va.', 'WV'],
    ['West Virginia', 'WV'],
    ['Mass.', 'MA'],
    ['Penn.', 'PA'],
    ['Tex.', 'TX'],
    ['N.Dak.', 'ND'],
    ['ma', 'MA'],
    [' TX ', 'TX'],
    ['Puerto Rico', 'PR'],
  ])('%s → %s', (written, code) => {
    expect(stateCode(written)).toBe(code);
  });

  it('keeps a blank state blank and refuses text that names no state', () => {
    expect(stateCode('')).toBe('');
    expect(stateCode('   ')).toBe('');
    for (const bad of ['Californa', 'XX', 'Ontario', 'N.', 'New', '12']) expect(stateCode(bad)).toBeNull();
  });

  const M = detectMapping(HEADERS);
  const row = (state: string, country = ''): unknown[] => {
    const r: unknown[] = ['Accountant', '', '', country, state, '', '', '', '', ''];
    return r;
  };

  it('the pane sends the USPS code and gives an unreadable state a row error naming the text', () => {
    const parse = createRowParser(M);
    const ok = parse(2, row('Calif.'));
    expect(ok && 'spec' in ok && ok.spec.scope.state).toBe('CA');
    expect(parseRow(3, row('Californa'), M)).toEqual({ row: 3, error: unknownStateMessage('Californa') });
    expect(unknownStateMessage('Californa')).toBe(
      'State "Californa" is not a US state: write its name (California) or its 2-letter code (CA).',
    );
    // Outside the US a state is a 2-letter code, passed on as written.
    const abroad = parse(4, row('on', 'CAN'));
    expect(abroad && 'spec' in abroad && abroad.spec.scope.state).toBe('ON');
  });

  it('formulas read states the same way and give the same message', () => {
    const read = parseJobArgs({ title: 'Accountant', state: 'new york' });
    expect(read.ok && read.spec.scope.state).toBe('NY');
    const dc = parseJobArgs({ title: 'Accountant', state: 'Dist. of Columbia', country: 'USA' });
    expect(dc.ok && dc.spec.scope.state).toBe('DC');
    expect(parseJobArgs({ title: 'Accountant', state: 'Californa' })).toEqual({
      ok: false,
      message: unknownStateMessage('Californa'),
    });
  });
});

describe('the whole USPS table against the public list (test/support/us-states-list.ts)', () => {
  // Guards every code of the table: one state's code changed (NE written NB, say) prices the wrong place.
  it('the list itself: 50 states, DC and 5 territories, each code and name once', () => {
    expect(US_AREAS.filter((a) => a.kind === 'state')).toHaveLength(50);
    expect(new Set(US_AREAS.map((a) => a.usps)).size).toBe(US_AREAS.length);
    expect(new Set(US_AREAS.map((a) => a.name)).size).toBe(US_AREAS.length);
  });

  it.each(US_AREAS.map((a) => [a.name, a.usps]))(
    '%s is %s, by name and by code in any case',
    (name, usps) => {
      expect(stateCode(name)).toBe(usps);
      expect(stateCode(name.toUpperCase())).toBe(usps);
      expect(stateCode(usps)).toBe(usps);
      expect(stateCode(usps.toLowerCase())).toBe(usps);
    },
  );

  it('no two-letter text reads as a code outside the list', () => {
    const codes = new Set(US_AREAS.map((a) => a.usps));
    const strays: string[] = [];
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const text = String.fromCharCode(a, b);
        const code = stateCode(text);
        if (code !== null && !codes.has(code)) strays.push(`${text} → ${code}`);
      }
    expect(strays).toEqual([]);
  });
});
