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

describe('a specialty the SOC does not list separately', () => {
  it('is Physicians, All Other, although O*NET also files it under a named specialty', () => {
    // O*NET lists "Gastroenterologist" and "Rheumatology Physician" under General Internal Medicine
    // Physicians too; the SOC's General Internal Medicine Physicians are the general internists.
    expect(match('Gastroenterologist')?.socCode).toBe('29-1229');
    expect(match('Pulmonologist')?.socCode).toBe('29-1229');
    expect(match('Physician, Rheumatology')).toMatchObject({ socCode: '29-1229', rating: 'Probable' });
  });

  it('answers the residual occupation whose own title names the specialty, else the SOC’s residual itself', () => {
    expect(match('Hospitalist Physician')?.occupationTitle).toBe('Hospitalists');
    expect(match('Pulmonologist')?.onetCode).toBe('29-1229.00');
  });

  it('leaves a subspecialty of a named specialty, and a named specialty, with it', () => {
    expect(match('Interventional Cardiologist')?.socCode).toBe('29-1212');
    expect(match('Neuroradiologist')?.socCode).toBe('29-1224');
    expect(match('Orthopedic Spine Surgeon')?.socCode).toBe('29-1242');
    expect(match('Pediatric Emergency Physician')?.socCode).toBe('29-1214');
    expect(match('Internist')?.socCode).toBe('29-1216');
  });
});

describe('two roles joined, the second a kind of the first', () => {
  it('is the second: a first role that O*NET leaves open between occupations names no one job', () => {
    // "Physician" alone is any of a dozen physicians' occupations, Radiologists among them.
    expect(match('Staff Physician/Radiologist')).toMatchObject({ socCode: '29-1224', rating: 'Probable' });
  });

  it('keeps the first of two roles that name different jobs', () => {
    expect(match('Firefighter/Paramedic')?.socCode).toBe('33-2011');
    expect(match('Receptionist/Switchboard Operator')?.socCode).toBe('43-4171');
  });
});

describe('two roles joined, answered Confidently', () => {
  it('are at most Probable where the answer’s titles never use the other role’s noun', () => {
    expect(match('Bartender/Cook')).toMatchObject({ socCode: '35-3011', rating: 'Probable' });
    expect(match('Respiratory Therapist/Technologist')).toMatchObject({
      socCode: '29-1126',
      rating: 'Probable',
    });
  });

  it('stay Confident where the answer’s titles name both roles, or the second is a rank', () => {
    expect(match('Firefighter/EMT')).toMatchObject({ socCode: '33-2011', rating: 'Confident' });
    expect(match('Radiologist/Medical Director')).toMatchObject({ socCode: '29-1224', rating: 'Confident' });
  });
});
