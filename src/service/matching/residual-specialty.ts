import { isAllOther, isPhysicianOrSurgeon } from '../soc-code';
import { inferred, leading, type Ranking } from './ranking';
import type { RoleReadings } from './role-readings';
import { ACADEMIC_WORDS, FACULTY_WORDS, MEDICINE_WORDS } from './title-shape';

/** The SOC's residual physicians' and surgeons' occupations (Physicians, All Other; Surgeons, All Other). */
const PHYSICIANS_ALL_OTHER = '29-1229';
const SURGEONS_ALL_OTHER = '29-1249';

/**
 * A specialty the SOC does not list separately is its residual occupation's (docs/methodology.md §2a,
 * "Readings"). The SOC 2018 names some physicians' specialties as detailed occupations (Cardiologists,
 * Neurologists, General Internal Medicine Physicians, Pediatricians, General, ...) and defines
 * Physicians, All Other as "all physicians not listed separately", likewise Surgeons, All Other; so a
 * nephrologist, a gastroenterologist or a pulmonologist is a physician of the residual code, although
 * O*NET's alternate titles file some of them under General Internal Medicine Physicians too.
 *
 * So a physician or surgeon answer of a named specialty gives way to the residual occupation when the
 * title names a specialty (role-readings.ts specialtyWord) that O*NET also files under the residual
 * occupations and that no named specialty's own SOC title names (role-readings.ts residualSpecialty),
 * and none of the specialties it names is the answer's own (ownTitleCovers): a subspecialty of a named
 * specialty stays with it ("Interventional Cardiologist", "Neuroradiologist", "Orthopedic Spine
 * Surgeon"), and so does a title that names no specialty. The answer is the residual occupation whose
 * own title names the specialty (Hospitalists), else the SOC's residual itself, rated as the match it
 * replaces but at most Probable: the title was read.
 */
export function residualSpecialty(read: Ranking, roles: RoleReadings, socCodes: readonly string[]): Ranking {
  const top = read.list[0];
  if (top === undefined) return read;
  const soc = socCodes[top.o] as string;
  if (!isPhysicianOrSurgeon(soc) || isAllOther(soc)) return read;
  const specialty = read.words.filter(
    (w) =>
      !MEDICINE_WORDS.has(w) && !FACULTY_WORDS.has(w) && !ACADEMIC_WORDS.has(w) && roles.specialtyWord(w),
  );
  if (specialty.some((w) => roles.ownTitleCovers(top.o, w))) return read;
  if (!specialty.some((w) => roles.residualSpecialty(w))) return read;
  const residual = soc.startsWith('29-124') ? SURGEONS_ALL_OTHER : PHYSICIANS_ALL_OTHER;
  const named = read.list.find((e) => socCodes[e.o] === residual && roles.ownTitleNames(e.o, specialty));
  const o = named?.o ?? socCodes.indexOf(residual);
  if (o < 0) return read;
  return leading(read, { o, score: top.score, rating: inferred(top.rating) });
}
