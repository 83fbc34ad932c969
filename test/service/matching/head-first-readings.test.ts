import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * Titles written head word first, where the head fixes the kind of occupation, on the real O*NET
 * index (docs/methodology.md §2a, "Readings"). The titles are our own examples of each shape; the
 * figures on real titles are eval:dev's.
 */
let matcher: OnetMatcher;
beforeAll(async () => {
  matcher = await loadRealMatcher();
}, 120_000);

const match = (title: string) => matcher.match(title, '');
const soc = (title: string): string | undefined => match(title)?.socCode;

describe('a sales line ("Sales" and what is sold)', () => {
  it('is a seller of goods, not a maker or repairer of them', () => {
    // Read as written, the goods' own occupations lead: bicycle repairers, assemblers.
    expect(soc('Sales bicycles')).toBe('41-2031');
    expect(soc('Sales mattresses')).toBe('41-2031');
  });

  it('is a sales representative where it names a service, at most Probable', () => {
    expect(match('Sales lawn care services')).toMatchObject({ socCode: '41-3091', rating: 'Probable' });
    // The seller of a service O*NET names is that service's own sales occupation.
    expect(soc('Sales travel services')).toBe('41-3041');
  });

  it('is a wholesale sales representative where the industry is wholesale trade', () => {
    expect(soc('Sales mattresses')).toBe('41-2031');
    expect(matcher.match('Sales mattresses', '', '4231')?.socCode).toBe('41-4012');
  });

  it('keeps the sales occupation O*NET lists for it', () => {
    expect(match('Sales insurance')).toMatchObject({ socCode: '41-3021', rating: 'Confident' });
  });

  it('leaves a line with a person noun, and a title O*NET lists under another kind of job', () => {
    // A department as employers name it: O*NET lists the words under training specialists.
    expect(soc('Sales Training')).toBe('13-1151');
    expect(soc('Sales agent insurance')).toBe('41-3021');
  });
});

describe('"chief" beside a trade', () => {
  it('ranks it like "head": the trade\'s first-line supervisor', () => {
    expect(match('Chief Custodian')).toMatchObject({ socCode: '37-1011', rating: 'Probable' });
    expect(soc('Chief Groundskeeper')).toBe('37-1012');
  });

  it('only as written: a short form expanded to "chief" names no rank', () => {
    // "CMO" also stands for a chief marketing officer.
    expect(soc('Continuous Mining Operator (CMO)')).toBe('47-5041');
  });
});
