import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { displayCity, normaliseCity } from '../../../src/service/data/city-name';
import { countyKey, joinStateCounties } from '../../../src/service/data/county-join';
import { INDEX_FORMAT_VERSION, type Manifest } from '../../../src/service/data/index-types';
import { fingerprintSources, staleReason } from '../../../src/service/data/manifest';
import type { PricingIndex } from '../../../src/service/data/load';
import { testIndex } from '../engine/test-index';

describe('county names meet between the Census list and Geography.csv', () => {
  test.each([
    ['Doña Ana County', 'Dona Ana County'],
    ['St. Landry Parish', 'Saint Landry Parish'],
    ['Ste. Genevieve County', 'Sainte Genevieve County'],
    ['Bethel Census Area', 'Bethel Census Area'],
    ['Juneau City and Borough', 'Juneau City and Borough'],
    ['Capitol Planning Region', 'Capitol Planning Region'],
    ['Mayagüez Municipio', 'Mayaguez Municipio'],
  ])('%s and %s are one county', (a, b) => expect(countyKey(a)).toBe(countyKey(b)));
  test('an independent city is not the county of the same name', () => {
    expect(countyKey('Baltimore city')).not.toBe(countyKey('Baltimore County'));
    expect(countyKey('Fairfax city')).not.toBe(countyKey('Fairfax County'));
    expect(countyKey('James City County')).not.toBe(countyKey('James city'));
  });
});

describe('unnamed counties join by the alphabetical order of FIPS codes', () => {
  const named = [
    { name: 'Adams County', area: 'm:1' },
    { name: 'Baker County', area: 'n:A' },
    { name: 'McDonald County', area: 'n:B' },
    { name: 'Mercer County', area: 'n:C' },
    { name: 'Zeta County', area: 'm:2' },
    { name: 'Alpha city', area: 'n:D' },
  ];
  test('between two counties joined by name, codes and unused names pair up in order ("Mc" filed as "Mac", cities last)', () => {
    const r = joinStateCounties(
      ['99001', '99003', '99005', '99007', '99009', '99510'],
      new Map([
        ['99001', 'Adams County'],
        ['99009', 'Zeta County'],
      ]),
      named,
    );
    expect(Object.fromEntries(r.areas)).toEqual({
      '99001': 'm:1',
      '99003': 'n:A',
      '99005': 'n:B',
      '99007': 'n:C',
      '99009': 'm:2',
      '99510': 'n:D',
    });
    expect(r.unjoined).toEqual([]);
  });
  test('when the counts disagree the county is still placed, and listed with the reason', () => {
    const r = joinStateCounties(['99001', '99003', '99009'], new Map([['99001', 'Adams County']]), named);
    expect(r.areas.get('99003')).toBeDefined();
    expect(r.unjoined.map((u) => u.fips)).toEqual(['99003', '99009']);
    expect(r.unjoined[0]?.why).toMatch(/2 unnamed codes against 5 unused names/);
  });
});

describe('city names meet between USPS, Census and requests', () => {
  test.each([
    ['St. Louis', 'SAINT LOUIS'],
    ['SAINT LOUIS', 'SAINT LOUIS'],
    ['  san   josé ', 'SAN JOSE'],
    ['Winston-Salem', 'WINSTON SALEM'],
    ["Coeur d'Alene", 'COEUR DALENE'],
    ['Ft. Worth', 'FORT WORTH'],
  ])('%s -> %s', (a, b) => expect(normaliseCity(a)).toBe(b));
  test('USPS upper case is shown in title case', () => expect(displayCity('SAN JOSE')).toBe('San Jose'));
});

describe('geography part: ZIP -> county -> OEWS area through Geography.csv', () => {
  let index: PricingIndex;
  beforeAll(async () => {
    index = await testIndex();
  }, 120_000);

  test('the 530 OEWS areas of Geography.csv: 393 metropolitan, 137 nonmetropolitan', () => {
    const areas = Object.values(index.geography.areas);
    expect(areas).toHaveLength(530);
    expect(areas.filter((a) => a.kind === 'metro')).toHaveLength(393);
  });
  test('every one of the 530 areas is reachable from at least one ZIP (the unreachable are listed)', () => {
    const reached = new Set(Object.values(index.geography.zips).map((z) => z[0]));
    const unreachable = Object.entries(index.geography.areas)
      .filter(([key]) => !reached.has(key))
      .map(([key, a]) => `${key} ${a.name}`);
    expect(unreachable).toEqual([]);
  });
  test('every county of the ZIP file joins an area, by code or by name (those that did not are listed)', () => {
    expect(index.geography.unjoined).toEqual([]);
    expect(Object.keys(index.geography.counties).length).toBeGreaterThan(3200);
  });
  test.each([
    ['95112', 'm:41940', 'San Jose-Sunnyvale-Santa Clara, CA'],
    // Nonmetro codes lose their leading zero in Geography.csv (100001 = 0100001).
    ['35055', 'n:0100001', 'Northwest Alabama nonmetropolitan area'],
    // A micropolitan county (Aberdeen, SD) is in a nonmetropolitan OEWS area.
    ['57401', 'n:4600002', 'East South Dakota nonmetropolitan area'],
    // Connecticut's 2022 planning regions: Capitol -> Hartford MSA; Northwest Hills -> nonmetro.
    ['06103', 'm:25540', 'Hartford-West Hartford-East Hartford, CT'],
    ['06759', 'n:0900001', 'Connecticut nonmetropolitan area'],
    // An independent city (Covington, VA) and an Alaska census area (Bethel).
    ['24426', 'n:5100004', 'Northwest Virginia nonmetropolitan area'],
    ['99559', 'n:0200006', 'Alaska nonmetropolitan area'],
    // Territories have their own OEWS areas.
    ['00901', 'm:41980', 'San Juan-Bayamon-Caguas, PR'],
  ])('ZIP %s -> %s (%s)', (zip, key, name) => {
    expect(index.geography.zips[zip]?.[0]).toBe(key);
    expect(index.geography.areas[key]?.name).toBe(name);
  });
  test('a county joins by name across spelling variants (Doña Ana -> Las Cruces MSA; St. Landry Parish)', () => {
    expect(index.geography.counties['35013']).toBe('m:29740');
    expect(index.geography.areas[index.geography.counties['22097'] as string]?.state).toBe('LA');
  });
  test('a ZIP over two counties goes to the area with most of its addresses (TOT_RATIO)', () => {
    // 38614 Clarksdale: 99.8 % in Coahoma County (nonmetro), 0.2 % in a neighbour.
    expect(index.geography.zips['38614']).toEqual(['n:2800005', 'MS', 'Clarksdale']);
  });
  test('ZIP text keeps leading zeros; states, DC and the three territories with OEWS data', () => {
    expect(index.geography.zips['01001']?.[1]).toBe('MA');
    expect(Object.keys(index.geography.states)).toHaveLength(54);
  });
});

describe('manifest freshness', () => {
  let raw: string;
  let manifest: Manifest;
  beforeEach(() => {
    raw = mkdtempSync(join(tmpdir(), 'jobprice-raw-'));
    writeFileSync(join(raw, 'a.txt'), 'alpha');
    writeFileSync(join(raw, 'b.csv'), 'beta');
    manifest = {
      formatVersion: INDEX_FORMAT_VERSION,
      builtAt: '',
      buildMs: 0,
      sources: fingerprintSources(raw, ['a.txt', 'b.csv']),
      vintages: {},
      parts: {},
    };
  });
  afterEach(() => rmSync(raw, { recursive: true, force: true }));

  test('unchanged files are fresh', () => {
    expect(staleReason(manifest, raw, ['a.txt', 'b.csv'], 'always')).toBeNull();
    expect(staleReason(manifest, raw, ['a.txt', 'b.csv'], 'when-changed')).toBeNull();
  });
  test('a changed size is stale without hashing', () => {
    writeFileSync(join(raw, 'a.txt'), 'alphabet');
    expect(staleReason(manifest, raw, ['a.txt', 'b.csv'], 'when-changed')).toBe('raw file changed: a.txt');
  });
  test('same size, new mtime: hashed; same bytes stay fresh, different bytes are stale', () => {
    const later = new Date(statSync(join(raw, 'a.txt')).mtimeMs + 60_000);
    utimesSync(join(raw, 'a.txt'), later, later);
    expect(staleReason(manifest, raw, ['a.txt', 'b.csv'], 'when-changed')).toBeNull();
    writeFileSync(join(raw, 'b.csv'), 'BETA');
    expect(staleReason(manifest, raw, ['a.txt', 'b.csv'], 'when-changed')).toBe('raw file changed: b.csv');
  });
  test('a newly staged source (e.g. an OEWS state file) or a vanished one makes the index stale', () => {
    writeFileSync(join(raw, 'c.xlsx'), 'new');
    expect(staleReason(manifest, raw, ['a.txt', 'b.csv', 'c.xlsx'], 'always')).toBe('new raw file c.xlsx');
    expect(staleReason(manifest, raw, ['a.txt'], 'always')).toBe('raw file no longer present: b.csv');
  });
  test('a gzipped copy of a file matches its published name', () => {
    writeFileSync(join(raw, 'd.csv.gz'), 'zipped');
    const m = { ...manifest, sources: fingerprintSources(raw, ['d.csv']) };
    expect(m.sources[0]?.path).toBe('d.csv.gz');
    expect(staleReason(m, raw, ['d.csv'], 'always')).toBeNull();
  });
});
