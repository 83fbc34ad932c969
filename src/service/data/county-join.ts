import { normaliseCity } from './city-name';

/**
 * Joins counties known by FIPS code (the HUD ZIP file, the Census CBSA list) to the county names of the
 * Labor Department's Geography.csv, which has no codes. Two steps:
 *  1. by name, where the Census list names the county (every county in a metropolitan or micropolitan
 *     area), folding the variants the two files write differently: accents (Doña Ana), Saint/St./Ste.,
 *     the county-equivalent words (County, Parish, Borough, Census Area, City and Borough, Municipality,
 *     Municipio, Planning Region), and keeping an independent city apart from the county of the same
 *     name (Baltimore city / Baltimore County, Fairfax city / Fairfax County);
 *  2. by order, for the rural counties no staged file names: county FIPS codes were assigned in
 *     alphabetical order within each state (independent cities from 510 on), so between two counties
 *     joined by name, the unnamed codes and the unused names pair up in order when their counts agree.
 *     When they do not (a renamed or a newer county), the county gets the area every candidate name
 *     shares, else the one at its relative position, and is listed as not joined by name.
 */

const EQUIVALENT_WORDS =
  /\s+(CITY AND BOROUGH|CENSUS AREA|PLANNING REGION|MUNICIPALITY|MUNICIPIO|BOROUGH|PARISH|COUNTY)$/;

/** True for a county-equivalent that is an independent city ("Radford city", "Carson City"). */
function isIndependentCity(name: string): boolean {
  return /\bcity$/i.test(name.trim()) && !/city and borough$/i.test(name.trim());
}

/** One key for a county name as either file writes it. */
export function countyKey(name: string): string {
  const city = isIndependentCity(name);
  const base = normaliseCity(name.replace(/\s+city$/i, city ? '' : '$&')).replace(EQUIVALENT_WORDS, '');
  return city ? `${base} #CITY` : base;
}

/**
 * Sort order of FIPS assignment: counties alphabetically, then independent cities alphabetically, in
 * the old directory convention that files "Mc" as "Mac" and ignores spaces (McDonald before Mercer,
 * De Kalb with DeKalb).
 */
function orderKey(name: string): string {
  const key = countyKey(name).replace(/^MC/, 'MAC').replace(/ /g, '');
  return `${isIndependentCity(name) ? '1' : '0'}${key}`;
}

export interface NamedArea {
  /** County name as Geography.csv writes it. */
  readonly name: string;
  readonly area: string;
}

export interface CountyJoin {
  /** FIPS -> area key. */
  readonly areas: Map<string, string>;
  /** Counties given an area without a name match or a clean alignment, and why. */
  readonly unjoined: { fips: string; area: string; why: string }[];
}

/**
 * Joins one state's counties. `fipsCodes`: every county code of the state; `knownNames`: FIPS -> name
 * where a file names it; `named`: the state's Geography.csv rows.
 */
export function joinStateCounties(
  fipsCodes: readonly string[],
  knownNames: ReadonlyMap<string, string>,
  named: readonly NamedArea[],
): CountyJoin {
  const byKey = new Map<string, NamedArea>();
  for (const n of named) byKey.set(countyKey(n.name), n);
  const ordered = [...named].sort((a, b) => (orderKey(a.name) < orderKey(b.name) ? -1 : 1));
  const position = new Map(ordered.map((n, i) => [n, i]));

  const areas = new Map<string, string>();
  const unjoined: CountyJoin['unjoined'] = [];
  const codes = [...new Set(fipsCodes)].sort();
  // Step 1: by name. anchor[i] = the Geography row the i-th code joined, if any.
  const anchor: (NamedArea | undefined)[] = codes.map((f) => {
    const name = knownNames.get(f);
    return name === undefined ? undefined : byKey.get(countyKey(name));
  });
  const used = new Set<NamedArea>();
  codes.forEach((f, i) => {
    const a = anchor[i];
    if (a !== undefined) {
      areas.set(f, a.area);
      used.add(a);
    }
  });

  // Step 2: by order, one gap between consecutive anchors at a time.
  let i = 0;
  while (i < codes.length) {
    if (anchor[i] !== undefined) {
      i++;
      continue;
    }
    let j = i;
    while (j < codes.length && anchor[j] === undefined) j++;
    const before = i > 0 ? anchor[i - 1] : undefined;
    const after = j < codes.length ? anchor[j] : undefined;
    const lo = before === undefined ? -1 : (position.get(before) as number);
    const hi = after === undefined ? ordered.length : (position.get(after) as number);
    const free = ordered.slice(lo + 1, Math.max(lo + 1, hi)).filter((n) => !used.has(n));
    const gap = codes.slice(i, j);
    if (free.length === gap.length) {
      gap.forEach((f, k) => {
        areas.set(f, (free[k] as NamedArea).area);
        used.add(free[k] as NamedArea);
      });
    } else if (free.length > 0) {
      const shared = new Set(free.map((n) => n.area));
      gap.forEach((f, k) => {
        const pick = free[Math.min(free.length - 1, Math.floor(((k + 0.5) * free.length) / gap.length))];
        const area = shared.size === 1 ? (free[0] as NamedArea).area : (pick as NamedArea).area;
        areas.set(f, area);
        if (shared.size > 1)
          unjoined.push({
            fips: f,
            area,
            why: `${gap.length} unnamed codes against ${free.length} unused names in ${free.map((n) => n.name).join(', ')}`,
          });
      });
    } else {
      for (const f of gap)
        unjoined.push({ fips: f, area: '', why: 'no unused Geography.csv name in its place' });
    }
    i = j;
  }
  return { areas, unjoined };
}
