import { cellText, parseCsv, readText, readXlsx, requireRaw, type Row } from './raw-files';
import { displayCity, normaliseCity } from './city-name';
import { joinStateCounties, type NamedArea } from './county-join';
import { STATE_BY_FIPS } from './states';
import type { GeographyPart, StateInfo, WageArea, ZipEntry } from './index-types';

/**
 * Builds the geography part: ZIP -> county -> OEWS wage area, City+State -> wage area. The wage areas
 * are the 530 OEWS areas of the Labor Department's Geography.csv: 393 metropolitan areas (`m:<CBSA>`,
 * July 2023 delineations) and 137 nonmetropolitan areas (`n:<7-digit OEWS code>`). A county in a
 * metropolitan CBSA joins its MSA by code; every other county joins by state and county name
 * (county-join.ts), since Geography.csv carries names, not FIPS codes.
 */

export const GEO_SOURCES = {
  zipCounty: 'geo/ZIP_COUNTY_092024.xlsx',
  list1: 'geo/list1_2023.xlsx',
  list2: 'geo/list2_2023.xlsx',
  oewsAreas: 'oews-area/oflc-2025-26/Geography.csv',
} as const;

interface CountyCbsa {
  cbsa: string;
  title: string;
  metro: boolean;
  name: string;
}

/** Census list files: the header row is the one whose first cell is "CBSA Code" (row 3 in list1, row 2 in the edited list2). */
function tableFrom(rows: Row[], what: string): { cols: Record<string, number>; data: Row[] } {
  const h = rows.findIndex((r) => cellText(r[0]) === 'CBSA Code');
  if (h < 0) throw new Error(`${what}: no "CBSA Code" header row`);
  const cols: Record<string, number> = {};
  (rows[h] as Row).forEach((c, i) => {
    const t = cellText(c);
    if (t !== '' && cols[t] === undefined) cols[t] = i;
  });
  // Data rows carry a 5-digit CBSA code; the blank row and the Note/Source footers do not.
  const data = rows.slice(h + 1).filter((r) => /^\d{5}$/.test(cellText(r[0])));
  return { cols, data };
}

function col(cols: Record<string, number>, name: string, what: string): number {
  const i = cols[name];
  if (i === undefined) throw new Error(`${what}: no column "${name}"`);
  return i;
}

async function readList1(path: string): Promise<Map<string, CountyCbsa>> {
  const { cols, data } = tableFrom(await readXlsx(path), 'list1');
  const cCbsa = col(cols, 'CBSA Code', 'list1');
  const cTitle = col(cols, 'CBSA Title', 'list1');
  const cType = col(cols, 'Metropolitan/Micropolitan Statistical Area', 'list1');
  const cSt = col(cols, 'FIPS State Code', 'list1');
  const cCo = col(cols, 'FIPS County Code', 'list1');
  const cName = col(cols, 'County/County Equivalent', 'list1');
  const out = new Map<string, CountyCbsa>();
  for (const r of data) {
    const county = cellText(r[cSt]).padStart(2, '0') + cellText(r[cCo]).padStart(3, '0');
    out.set(county, {
      cbsa: cellText(r[cCbsa]),
      title: cellText(r[cTitle]),
      metro: cellText(r[cType]).startsWith('Metropolitan'),
      name: cellText(r[cName]),
    });
  }
  return out;
}

interface PrincipalCity {
  cbsa: string;
  title: string;
  metro: boolean;
  stateFips: string;
  name: string;
}

async function readList2(path: string): Promise<PrincipalCity[]> {
  const { cols, data } = tableFrom(await readXlsx(path), 'list2');
  const cCbsa = col(cols, 'CBSA Code', 'list2');
  const cTitle = col(cols, 'CBSA Title', 'list2');
  const cType = col(cols, 'Metropolitan/Micropolitan Statistical Area', 'list2');
  const cName = col(cols, 'Principal City Name', 'list2');
  const cSt = col(cols, 'FIPS State Code', 'list2');
  return data.map((r) => ({
    cbsa: cellText(r[cCbsa]),
    title: cellText(r[cTitle]),
    metro: cellText(r[cType]).startsWith('Metropolitan'),
    stateFips: cellText(r[cSt]).padStart(2, '0'),
    name: cellText(r[cName]),
  }));
}

/** Geography.csv rows: OEWS area code (nonmetro codes padded back to 7 digits), title, state, county. */
interface AreaRow {
  key: string;
  title: string;
  state: string;
  county: string;
}

export function readOewsAreaRows(text: string): AreaRow[] {
  const rows = parseCsv(text);
  const header = (rows[0] ?? []).map((h) => h.trim());
  const at = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`Geography.csv: no column "${name}"`);
    return i;
  };
  const [iArea, iName, iState, iCounty] = [at('Area'), at('AreaName'), at('StateAb'), at('CountyTownName')];
  const out: AreaRow[] = [];
  for (const r of rows.slice(1)) {
    const code = (r[iArea] ?? '').trim();
    if (!/^\d{5,7}$/.test(code)) continue;
    // MSAs are 5-digit CBSA codes; nonmetro codes are SS000NN with the leading zero dropped for FIPS 01-09.
    const key = code.length === 5 ? `m:${code}` : `n:${code.padStart(7, '0')}`;
    out.push({
      key,
      title: (r[iName] ?? '').trim(),
      state: (r[iState] ?? '').trim().toUpperCase(),
      county: (r[iCounty] ?? '').trim(),
    });
  }
  return out;
}

export async function buildGeographyPart(rawDir: string): Promise<GeographyPart> {
  const [counties, principal, zipRows] = await Promise.all([
    readList1(requireRaw(rawDir, GEO_SOURCES.list1)),
    readList2(requireRaw(rawDir, GEO_SOURCES.list2)),
    readXlsx(requireRaw(rawDir, GEO_SOURCES.zipCounty), 'Export Worksheet'),
  ]);
  const areaRows = readOewsAreaRows(readText(requireRaw(rawDir, GEO_SOURCES.oewsAreas)));

  // ---- the OEWS areas ----
  const areas: Record<string, WageArea> = {};
  const namedByState = new Map<string, NamedArea[]>();
  for (const r of areaRows) {
    areas[r.key] ??= { name: r.title, kind: r.key.startsWith('m:') ? 'metro' : 'nonmetro', state: r.state };
    let list = namedByState.get(r.state);
    if (list === undefined) namedByState.set(r.state, (list = []));
    list.push({ name: r.county, area: r.key });
  }

  // ---- ZIP rows ----
  const zh = zipRows.findIndex((r) => cellText(r[0]).toUpperCase() === 'ZIP');
  if (zh < 0) throw new Error('ZIP crosswalk: no ZIP header');
  const zcols: Record<string, number> = {};
  (zipRows[zh] as Row).forEach((c, i) => (zcols[cellText(c).toUpperCase()] = i));
  const zi = (n: string): number => col(zcols, n, 'ZIP crosswalk');
  const [iZip, iCounty, iCity, iState, iRatio] = [
    zi('ZIP'),
    zi('COUNTY'),
    zi('USPS_ZIP_PREF_CITY'),
    zi('USPS_ZIP_PREF_STATE'),
    zi('TOT_RATIO'),
  ];
  const zipData = zipRows
    .slice(zh + 1)
    .map((r) => ({
      zip: cellText(r[iZip]).padStart(5, '0'),
      county: cellText(r[iCounty]).padStart(5, '0'),
      state: cellText(r[iState]).toUpperCase(),
      city: cellText(r[iCity]),
      ratio: Number(r[iRatio] ?? 0) || 0,
    }))
    .filter((z) => /^\d{5}$/.test(z.zip) && STATE_BY_FIPS.has(z.county.slice(0, 2)));

  // ---- counties -> areas: metropolitan counties by CBSA code, the others by name (county-join.ts) ----
  const countyArea = new Map<string, string>();
  const unjoined: { fips: string; area: string; why: string }[] = [];
  const codesByState = new Map<string, Set<string>>();
  for (const f of [...zipData.map((z) => z.county), ...counties.keys()]) {
    const st = STATE_BY_FIPS.get(f.slice(0, 2));
    if (st === undefined) continue;
    let set = codesByState.get(st.usps);
    if (set === undefined) codesByState.set(st.usps, (set = new Set()));
    set.add(f);
  }
  const knownNames = new Map([...counties].map(([f, c]) => [f, c.name]));
  for (const [usps, codes] of codesByState) {
    const joined = joinStateCounties([...codes], knownNames, namedByState.get(usps) ?? []);
    const joinedByCode = new Set<string>();
    for (const f of codes) {
      const c = counties.get(f);
      const byCode =
        c !== undefined && c.metro && areas[`m:${c.cbsa}`] !== undefined ? `m:${c.cbsa}` : undefined;
      if (byCode !== undefined) joinedByCode.add(f);
      const area = byCode ?? joined.areas.get(f);
      if (area !== undefined && area !== '') countyArea.set(f, area);
    }
    // A metropolitan county joined by its CBSA code is certain whatever its name did.
    unjoined.push(...joined.unjoined.filter((u) => !joinedByCode.has(u.fips)));
  }

  // ---- ZIPs: the wage area holding the largest share (TOT_RATIO) of the ZIP's addresses ----
  const zipWeights = new Map<string, { state: string; city: string; w: Map<string, number> }>();
  const cityWeights = new Map<string, { display: string; w: Map<string, number> }>();
  for (const z of zipData) {
    const area = countyArea.get(z.county);
    if (area === undefined || !STATE_BY_FIPS.has(z.county.slice(0, 2))) continue;
    let zw = zipWeights.get(z.zip);
    if (zw === undefined) zipWeights.set(z.zip, (zw = { state: z.state, city: z.city, w: new Map() }));
    zw.w.set(area, (zw.w.get(area) ?? 0) + z.ratio);
    const ck = `${z.state}|${normaliseCity(z.city)}`;
    let cw = cityWeights.get(ck);
    if (cw === undefined) cityWeights.set(ck, (cw = { display: displayCity(z.city), w: new Map() }));
    // Every ZIP of a city counts with its address share, so a city spread over areas goes to the
    // area with most of its ZIP weight.
    cw.w.set(area, (cw.w.get(area) ?? 0) + z.ratio);
  }
  const argmax = (w: Map<string, number>): string => {
    let best = '';
    let bw = -1;
    for (const [k, v] of [...w].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (v > bw) [best, bw] = [k, v];
    return best;
  };

  const zips: Record<string, ZipEntry> = {};
  for (const [zip, z] of [...zipWeights].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
    zips[zip] = [argmax(z.w), z.state, displayCity(z.city)];

  const cities: Record<string, readonly [string, string]> = {};
  for (const [k, c] of [...cityWeights].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
    cities[k] = [argmax(c.w), c.display];
  // Census principal cities fill names USPS does not use as a preferred city name: a metropolitan
  // one joins its MSA; a micropolitan one the area most of its CBSA's counties joined.
  const cbsaArea = new Map<string, Map<string, number>>();
  for (const [f, c] of counties) {
    const area = countyArea.get(f);
    if (area === undefined) continue;
    let w = cbsaArea.get(c.cbsa);
    if (w === undefined) cbsaArea.set(c.cbsa, (w = new Map()));
    w.set(area, (w.get(area) ?? 0) + 1);
  }
  for (const p of principal) {
    const st = STATE_BY_FIPS.get(p.stateFips);
    if (st === undefined) continue;
    const k = `${st.usps}|${normaliseCity(p.name)}`;
    if (cities[k] !== undefined) continue;
    const w = cbsaArea.get(p.cbsa);
    const area =
      p.metro && areas[`m:${p.cbsa}`] !== undefined ? `m:${p.cbsa}` : w === undefined ? '' : argmax(w);
    if (area !== '') cities[k] = [area, p.name.replace(/\s*\(.*\)\s*$/, '')];
  }

  const states: Record<string, StateInfo> = {};
  for (const [fips, st] of STATE_BY_FIPS) states[st.usps] = { usps: st.usps, fips, name: st.name };

  return {
    areaDefinitions: 'OFLC Geography.csv 2025-26 (May 2024 OEWS areas)',
    states,
    areas,
    zips,
    cities,
    counties: Object.fromEntries([...countyArea].sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    unjoined: unjoined.sort((a, b) => (a.fips < b.fips ? -1 : 1)),
  };
}
