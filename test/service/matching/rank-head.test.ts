import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * Rank-head titles (docs/methodology.md §2a, the ninth round, rank-head titles): what the rank word
 * governs and which kind of occupation the title names, on the real O*NET index. The titles are our
 * own examples of each shape; the figures on real titles are eval:dev's.
 */
let matcher: OnetMatcher;
beforeAll(async () => {
  matcher = await loadRealMatcher();
}, 120_000);

const match = (title: string) => matcher.match(title, '');
const soc = (title: string): string | undefined => match(title)?.socCode;

describe('"Head" written before a production worker', () => {
  it('is the lead hand, the worker, as O*NET files "Head Sawyer" and "Head Trimmer"', () => {
    expect(match('Head Grinder')).toMatchObject({ socCode: '51-9021', rating: 'Probable' });
    expect(soc('Head Dyer')).toBe('51-6061');
    expect(soc('Head Molder')).toBe('51-9195');
  });

  it('written after the worker, is the head of those workers: their first-line supervisor', () => {
    expect(soc('Molder Head')).toBe('51-1011');
    expect(soc('Dyer Head')).toBe('51-1011');
  });

  it('leaves a head of other workers their supervisor', () => {
    expect(soc('Head Janitor')).toBe('37-1011');
    expect(soc('Head Groundskeeper')).toBe('37-1012');
  });
});

describe("a manager's rank as the head", () => {
  it('names a manager or supervisor of the work, not its workers, at most Probable', () => {
    // Matched as written, the rarer words of the work outweighed the rank: quarry rock splitters, mail clerks.
    expect(match('Superintendent Quarry')).toMatchObject({ socCode: '47-1011', rating: 'Possible' });
    expect(soc('Manager Mail Room')).toBe('43-1011');
    expect(soc('Mail Room Manager')).toBe('43-1011');
  });

  it('written first, is the head even before a person noun, as an index writes the title', () => {
    expect(soc('Superintendent Housekeeper')).toBe('37-1011');
    expect(soc('Superintendent Groundskeeper')).toBe('37-1012');
  });

  it('leaves a worker O*NET files under the rank title, and a professional answer', () => {
    // O*NET lists "Parking Manager" under parking enforcement workers.
    expect(soc('Parking Manager')).toBe('33-3041');
    // The SOC classifies supervisors of professionals with the workers they supervise.
    expect(soc('Manager Systems Analysis')).toBe('15-1211');
    expect(soc('Director of Counseling')).toBe('19-3033');
  });
});

describe("a manager's post joined to another role", () => {
  it('is a duty added to that job: the other role is the job, at most Probable', () => {
    expect(match('Store Manager/Pharmacist')).toMatchObject({ socCode: '29-1051', rating: 'Probable' });
    expect(soc('Registered Nurse/Unit Manager')).toBe('29-1141');
  });

  it("is a post where the part's head is a manager's rank, however weakly the part reads alone", () => {
    // "Program Director" alone reads as media programming directors, no manager of a therapy service.
    expect(soc('Program Director/Occupational Therapist')).toBe('29-1122');
  });
});

describe('the chief or director of a clinical service', () => {
  it("is the physician of the service's specialty, at most Probable", () => {
    // Read as written: education administrators and laboratory technicians, Possible.
    expect(match('Director, Division of Pediatric Surgery')).toMatchObject({
      socCode: '29-1243',
      rating: 'Probable',
    });
    expect(soc('Chief of Vascular Surgery')).toBe('29-1249');
  });

  it('leaves a title that names no specialty, or does not say medicine or surgery', () => {
    expect(soc('Medical Director')).toBe('11-9111');
    expect(soc('Senior Adults Director')).toBe('21-2021');
  });
});
