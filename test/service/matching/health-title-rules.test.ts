import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * The rules docs/methodology.md §2a adds for health employers' titles (supervisors of professional
 * services, physicians named with a specialist, specialties the SOC files under its residual
 * physicians' occupation), on the real O*NET index. The titles are our own examples of each shape;
 * the figures on real titles are eval:dev's.
 */
let matcher: OnetMatcher;
beforeAll(async () => {
  matcher = await loadRealMatcher();
}, 120_000);

const match = (title: string) => matcher.match(title, '');

describe('a supervisor of a professional or technical service', () => {
  it('answered as a first-line supervisor of production or service workers is at most Probable', () => {
    // "Lab Services" alone is laboratory technicians' work (major group 29): the SOC files their
    // supervisors with them, and has no first-line supervisor code for them.
    expect(match('Supervisor Lab Services')).toMatchObject({ socCode: '51-1011', rating: 'Probable' });
  });

  it('keeps a Confident first-line supervisor of service workers', () => {
    expect(match('Supervisor Dietary')).toMatchObject({ socCode: '35-1012', rating: 'Confident' });
  });
});

describe('a title whose head noun is "physician"', () => {
  it('names a physician even where a nurse’s title shares its specialty word', () => {
    // O*NET's "Dialysis Nurse" pulled the title to registered nurses.
    expect(match('Physician, Dialysis')?.socCode).toMatch(/^29-12/);
  });

  it('keeps a physician of another practice that the answer’s own title names, and a doctor of another practice', () => {
    expect(match('Naturopathic Physician')?.socCode).toBe('29-1299');
    expect(match('Chinese Medical Doctor')?.socCode).toBe('29-1291');
  });
});
