import type { JobScope } from '../../domain/job';
import { MSG } from '../../domain/messages';
import { normaliseCity } from '../data/city-name';
import type { GeographyPart } from '../data/index-types';
import type { ClientScope } from '../contracts';

/**
 * D6-D9 and D15: turns a request's location into the wage area whose figures are applied, capped at the
 * finest geography the client may see.
 *
 * Precedence: a ZipCode alone fixes the area (a State or City beside it is not consulted); else a State,
 * optionally with a City in it; else national. `localJobError` has already refused City-without-State.
 * Unknown places give `Location could not be resolved: <what>` where <what> is `ZIP <zip>`,
 * `state <ST>` or `city <City>, <ST>`, spelled as the caller sent them (trimmed).
 */

export type GeoLevel = 'national' | 'state' | 'metro';

export interface AppliedLocation {
  readonly countryCode: 'USA';
  /** DataScope_Region: "United States", a state name, or the OEWS title of a metropolitan or nonmetropolitan area. */
  readonly region: string;
  /** DataScope_State: USPS code applied, "" at national level. */
  readonly state: string;
  /** DataScope_City: city applied (USPS/Census spelling), "" unless a city-level area was applied. */
  readonly city: string;
  /** The level actually applied. */
  readonly level: GeoLevel;
  /** Key of the OEWS wage area (`m:<CBSA>`, `n:<7-digit code>`), `s:<USPS>` for a state, `us` for national. */
  readonly areaKey: string;
}

export type LocationOutcome =
  | { readonly ok: true; readonly location: AppliedLocation }
  | { readonly ok: false; readonly message: string };

const NATIONAL: AppliedLocation = Object.freeze({
  countryCode: 'USA',
  region: 'United States',
  state: '',
  city: '',
  level: 'national',
  areaKey: 'us',
});

const fail = (message: string): LocationOutcome => ({ ok: false, message });

export function resolveLocation(geo: GeographyPart, scope: JobScope, client: ClientScope): LocationOutcome {
  const country = scope.country.trim();
  const code = country === '' ? 'USA' : country.toUpperCase();
  // D6: only USA has data; D15: a country outside the credentials reads the same as one without data.
  if (code !== 'USA' || !client.countries.some((c) => c.toUpperCase() === 'USA'))
    return fail(MSG.noDataForCountry(country === '' ? 'USA' : country));

  const zip = scope.zip.trim();
  const stateIn = scope.state.trim();
  const cityIn = scope.city.trim();

  let fine: { state: string; city: string; areaKey: string };
  if (zip !== '') {
    // ZIP+4 ("95112-1234") is accepted and read by its 5-digit ZIP; anything else is not a ZIP.
    const z = /^\d{5}(-\d{4})?$/.test(zip) ? geo.zips[zip.slice(0, 5)] : undefined;
    if (z === undefined) return fail(MSG.locationUnresolved(`ZIP ${zip}`));
    fine = { areaKey: z[0], state: z[1], city: z[2] };
  } else if (stateIn !== '') {
    const st = stateIn.toUpperCase();
    if (geo.states[st] === undefined) return fail(MSG.locationUnresolved(`state ${stateIn}`));
    if (cityIn === '') fine = { areaKey: `s:${st}`, state: st, city: '' };
    else {
      const c = findCity(geo, st, cityIn);
      if (c === undefined) return fail(MSG.locationUnresolved(`city ${cityIn}, ${st}`));
      fine = { areaKey: c[0], state: st, city: c[1] };
    }
  } else return { ok: true, location: NATIONAL };

  return { ok: true, location: capped(geo, fine, client.finestGeography) };
}

/** D15: answer at the finest level the credentials allow, and say so in what is reported. */
function capped(
  geo: GeographyPart,
  fine: { state: string; city: string; areaKey: string },
  finest: GeoLevel,
): AppliedLocation {
  if (finest === 'national') return NATIONAL;
  const state = geo.states[fine.state];
  if (state === undefined) return NATIONAL; // unreachable: the index only holds ZIPs of known states
  // A state-only client (D15), a place that is only known to its state, or an area missing from the index.
  const area = finest === 'state' || fine.areaKey.startsWith('s:') ? undefined : geo.areas[fine.areaKey];
  if (area === undefined) return stateLevel(state);
  return {
    countryCode: 'USA',
    region: area.name,
    state: state.usps,
    city: fine.city,
    level: 'metro',
    areaKey: fine.areaKey,
  };
}

function stateLevel(state: { usps: string; name: string }): AppliedLocation {
  return {
    countryCode: 'USA',
    region: state.name,
    state: state.usps,
    city: '',
    level: 'state',
    areaKey: `s:${state.usps}`,
  };
}

/**
 * D9: what was applied when the area's own figures were missing for the occupation and pricing fell back
 * to the state's or the nation's: DataScope names that level, not the place asked for.
 */
export function appliedAt(
  geo: GeographyPart,
  loc: AppliedLocation,
  level: 'area' | 'state' | 'national',
): AppliedLocation {
  if (level === 'national' || loc.level === 'national') return NATIONAL;
  if (level === 'state' && loc.level === 'metro') {
    const state = geo.states[loc.state];
    return state === undefined ? NATIONAL : stateLevel(state);
  }
  return loc;
}

/** USPS/Census spelling first; then without a trailing "City" ("New York City" -> "New York"). */
function findCity(geo: GeographyPart, state: string, city: string): readonly [string, string] | undefined {
  const name = normaliseCity(city);
  const direct = geo.cities[`${state}|${name}`];
  if (direct !== undefined || !name.endsWith(' CITY')) return direct;
  return geo.cities[`${state}|${name.slice(0, -' CITY'.length)}`];
}
