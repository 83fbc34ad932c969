import { cellText, parseCsv, readText, readXlsx, requireRaw, type Row } from './raw-files';
import { displayCity, normaliseCity } from './city-name';
import { STATES } from './states';
import type { GeographyPart, StateInfo, WageArea, ZipEntry } from './index-types';

/**
 * Builds the geography part: ZIP -> wage area, City+State -> wage area, and each area's BEA regional
 * price parity. A wage area follows the OEWS area types: a metropolitan CBSA (`m:<CBSA>`) or a
 * state's nonmetropolitan remainder (`n:<USPS>`, micropolitan and rural counties together, as OEWS's
 * nonmetropolitan areas also include micropolitan counties).
 */

export const GEO_SOURCES = {
  zipCounty: 'geo/ZIP_COUNTY_092024.xlsx',
  list1: 'geo/list1_2023.xlsx',
  list2: 'geo/list2_2023.xlsx',
  marpp: 'bea/MARPP_MSA_2008_2024.csv',
  parpp: 'bea/PARPP_PORT_2008_2024.csv',
} as const;

interface CountyCbsa {
  cbsa: string;
  title: string;
  metro: boolean;
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
  const out = new Map<string, CountyCbsa>();
  for (const r of data) {
    const county = cellText(r[cSt]).padStart(2, '0') + cellText(r[cCo]).padStart(3, '0');
    out.set(county, {
      cbsa: cellText(r[cCbsa]),
      title: cellText(r[cTitle]),
      metro: cellText(r[cType]).startsWith('Metropolitan'),
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

/**
 * A BEA RPP table: GeoFIPS -> "All items" (LineCode 1) in the latest year column that has a value.
 * BEA quirks: leading space before quoted GeoFIPS, "(NA)" cells, 4 footer lines (no GeoFIPS).
 */
export function parseRppCsv(text: string): { year: number; allItems: Map<string, number> } {
  const rows = parseCsv(text, { trimLeadingSpace: true });
  const header = rows[0] ?? [];
  const iFips = header.indexOf('GeoFIPS');
  const iLine = header.indexOf('LineCode');
  const yearCols = header
    .map((h, i) => ({ year: Number(h.trim()), i }))
    .filter((y) => Number.isInteger(y.year) && y.year > 1900)
    .sort((a, b) => b.year - a.year);
  if (iFips < 0 || iLine < 0 || yearCols.length === 0) throw new Error('RPP file: unexpected header');
  const latest = yearCols[0] as { year: number; i: number };
  const allItems = new Map<string, number>();
  for (const r of rows.slice(1)) {
    const fips = (r[iFips] ?? '').trim();
    if (!/^\d{5}$/.test(fips) || (r[iLine] ?? '').trim() !== '1') continue;
    const v = Number((r[latest.i] ?? '').trim());
    if (Number.isFinite(v) && v > 0 && (r[latest.i] ?? '').trim() !== '') allItems.set(fips, v);
  }
  return { year: latest.year, allItems };
}

export async function buildGeographyPart(rawDir: string): Promise<GeographyPart> {
  const [counties, principal, zipRows] = await Promise.all([
    readList1(requireRaw(rawDir, GEO_SOURCES.list1)),
    readList2(requireRaw(rawDir, GEO_SOURCES.list2)),
    readXlsx(requireRaw(rawDir, GEO_SOURCES.zipCounty), 'Export Worksheet'),
  ]);
  const marpp = parseRppCsv(readText(requireRaw(rawDir, GEO_SOURCES.marpp)));
  const parpp = parseRppCsv(readText(requireRaw(rawDir, GEO_SOURCES.parpp)));

  const byFips = new Map(STATES.map(([usps, fips, name]) => [fips, { usps, name }]));
  const knownUsps = new Set(STATES.map(([usps]) => usps));

  // ---- wage areas ----
  const areas: Record<string, WageArea> = {};
  const stateOfTitle = (title: string): string => /,\s*([A-Z]{2})/.exec(title)?.[1] ?? '';
  const areaOfCounty = (county: string): string | null => {
    const c = counties.get(county);
    if (c !== undefined && c.metro) return ensureMetro(c.cbsa, c.title);
    const st = byFips.get(county.slice(0, 2));
    return st === undefined ? null : ensureNonmetro(st.usps);
  };
  function ensureMetro(cbsa: string, title: string): string {
    const key = `m:${cbsa}`;
    if (areas[key] === undefined) {
      const st = stateOfTitle(title);
      const direct = marpp.allItems.get(cbsa);
      const stFips = STATES.find(([u]) => u === st)?.[1] ?? '';
      const portion = parpp.allItems.get(`${stFips}998`);
      // A 2023 CBSA that BEA's MSA table does not carry falls back to its state's metropolitan portion.
      const [rpp, src] =
        direct !== undefined
          ? [direct, `MARPP ${cbsa}`]
          : portion !== undefined
            ? [portion, `PARPP ${stFips}998`]
            : [100, 'US'];
      areas[key] = { name: title, kind: 'metro', state: st, rpp, rppSource: src };
    }
    return key;
  }
  function ensureNonmetro(usps: string): string {
    const key = `n:${usps}`;
    if (areas[key] === undefined) {
      const fips = STATES.find(([u]) => u === usps)?.[1] ?? '';
      const name = STATES.find(([u]) => u === usps)?.[2] ?? usps;
      const non = parpp.allItems.get(`${fips}999`);
      const met = parpp.allItems.get(`${fips}998`);
      const [rpp, src] =
        non !== undefined
          ? [non, `PARPP ${fips}999`]
          : met !== undefined
            ? [met, `PARPP ${fips}998`]
            : [100, 'US'];
      areas[key] = {
        name: `${name} nonmetropolitan area`,
        kind: 'nonmetro',
        state: usps,
        rpp,
        rppSource: src,
      };
    }
    return key;
  }

  // ---- ZIPs: the wage area holding the largest share (TOT_RATIO) of the ZIP's addresses ----
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

  const zipWeights = new Map<string, { state: string; city: string; w: Map<string, number> }>();
  const cityWeights = new Map<string, { display: string; w: Map<string, number> }>();
  for (const r of zipRows.slice(zh + 1)) {
    const zip = cellText(r[iZip]).padStart(5, '0');
    const county = cellText(r[iCounty]).padStart(5, '0');
    const state = cellText(r[iState]).toUpperCase();
    if (!/^\d{5}$/.test(zip) || !knownUsps.has(state)) continue; // territories are not covered
    const area = areaOfCounty(county);
    if (area === null) continue;
    const ratio = Number(r[iRatio] ?? 0) || 0;
    const city = cellText(r[iCity]);
    let z = zipWeights.get(zip);
    if (z === undefined) zipWeights.set(zip, (z = { state, city, w: new Map() }));
    z.w.set(area, (z.w.get(area) ?? 0) + ratio);
    const ck = `${state}|${normaliseCity(city)}`;
    let cw = cityWeights.get(ck);
    if (cw === undefined) cityWeights.set(ck, (cw = { display: displayCity(city), w: new Map() }));
    // Every ZIP of a city counts with its address share, so a city spread over areas goes to the
    // area with most of its ZIP weight.
    cw.w.set(area, (cw.w.get(area) ?? 0) + ratio);
  }
  const argmax = (w: Map<string, number>): string => {
    let best = '';
    let bw = -1;
    for (const [k, v] of [...w].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (v > bw) [best, bw] = [k, v];
    return best;
  };

  const zips: Record<string, ZipEntry> = {};
  const metroZipWeight = new Map<string, number>();
  const allZipWeight = new Map<string, number>();
  for (const [zip, z] of [...zipWeights].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    zips[zip] = [argmax(z.w), z.state, displayCity(z.city)];
    for (const [area, w] of z.w) {
      allZipWeight.set(z.state, (allZipWeight.get(z.state) ?? 0) + w);
      if (area.startsWith('m:')) metroZipWeight.set(z.state, (metroZipWeight.get(z.state) ?? 0) + w);
    }
  }

  const cities: Record<string, readonly [string, string]> = {};
  for (const [k, c] of [...cityWeights].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
    cities[k] = [argmax(c.w), c.display];
  // Census principal cities fill names USPS does not use as a preferred city name.
  for (const p of principal) {
    const st = byFips.get(p.stateFips);
    if (st === undefined) continue;
    const k = `${st.usps}|${normaliseCity(p.name)}`;
    if (cities[k] !== undefined) continue;
    const area = p.metro ? ensureMetro(p.cbsa, p.title) : ensureNonmetro(st.usps);
    cities[k] = [area, p.name.replace(/\s*\(.*\)\s*$/, '')];
  }

  // ---- states: metro and nonmetro portions weighted by the state's ZIP weight in each ----
  const states: Record<string, StateInfo> = {};
  for (const [usps, fips, name] of STATES) {
    const metroRpp = parpp.allItems.get(`${fips}998`) ?? null;
    const nonmetroRpp = parpp.allItems.get(`${fips}999`) ?? null;
    const all = allZipWeight.get(usps) ?? 0;
    const metroShare = all > 0 ? (metroZipWeight.get(usps) ?? 0) / all : 1;
    let rpp: number;
    if (metroRpp !== null && nonmetroRpp !== null)
      rpp = metroShare * metroRpp + (1 - metroShare) * nonmetroRpp;
    else rpp = metroRpp ?? nonmetroRpp ?? 100;
    states[usps] = {
      usps,
      fips,
      name,
      rpp: Math.round(rpp * 1000) / 1000,
      metroRpp,
      nonmetroRpp,
      metroShare: Math.round(metroShare * 10000) / 10000,
    };
  }

  return { rppYear: marpp.year, states, areas, zips, cities };
}
