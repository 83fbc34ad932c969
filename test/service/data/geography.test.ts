import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { displayCity, normaliseCity } from '../../../src/service/data/city-name';
import { parseRppCsv } from '../../../src/service/data/geography';
import { INDEX_FORMAT_VERSION, type Manifest } from '../../../src/service/data/index-types';
import { fingerprintSources, staleReason } from '../../../src/service/data/manifest';
import type { PricingIndex } from '../../../src/service/data/load';
import { testIndex } from '../engine/test-index';

describe('BEA RPP parsing (SOURCES.md caveat 8)', () => {
  const csv = [
    'GeoFIPS,GeoName,Region,TableName,LineCode,IndustryClassification,Description,Unit,2023,2024',
    ' "00000","United States", ,MARPP,1,"...","RPPs: All items ","Index",100.000,100.000',
    ' "41940","San Jose-Sunnyvale-Santa Clara, CA (Metropolitan Statistical Area)", ,MARPP,1,"...","RPPs: All items ","Index",113.059,110.423',
    ' "41940","San Jose-Sunnyvale-Santa Clara, CA (Metropolitan Statistical Area)", ,MARPP,3,"..."," RPPs: Services: Housing ","Index",200.1,199.9',
    ' "99999","Nowhere (Metropolitan Statistical Area)", ,MARPP,1,"...","RPPs: All items ","Index",(NA),(NA)',
    '"Note: See the included footnote file."',
    '"U.S. Bureau of Economic Analysis"',
  ].join('\n');
  test('leading space before quoted GeoFIPS, LineCode 1 only, latest year, (NA) skipped, footers ignored', () => {
    const r = parseRppCsv(csv);
    expect(r.year).toBe(2024);
    expect([...r.allItems]).toEqual([
      ['00000', 100],
      ['41940', 110.423],
    ]);
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

describe('geography part built from HUD, Census list1/list2 and BEA', () => {
  let index: PricingIndex;
  beforeAll(async () => {
    index = await testIndex();
  }, 120_000);

  test('ZIP text keeps leading zeros; territories are left out', () => {
    expect(index.geography.zips['01001']?.[1]).toBe('MA');
    expect(index.geography.zips['00901']).toBeUndefined();
    expect(Object.keys(index.geography.states)).toHaveLength(51);
  });
  test('a ZIP over two counties goes to the area with most of its addresses (TOT_RATIO)', () => {
    // 38614 Clarksdale: 99.8 % in Coahoma County (nonmetro), 0.2 % in a neighbour.
    expect(index.geography.zips['38614']).toEqual(['n:MS', 'MS', 'Clarksdale']);
  });
  test('metro areas carry their BEA MARPP value for the latest year', () => {
    expect(index.geography.rppYear).toBe(2024);
    expect(index.geography.areas['m:41940']).toMatchObject({
      name: 'San Jose-Sunnyvale-Santa Clara, CA',
      rpp: 110.423,
      rppSource: 'MARPP 41940',
    });
    expect(index.geography.areas['m:27140']?.rpp).toBeCloseTo(89.048, 3);
  });
  test('nonmetro areas carry the state nonmetropolitan portion (PARPP SS999)', () => {
    expect(index.geography.areas['n:MS']).toMatchObject({ kind: 'nonmetro', rppSource: 'PARPP 28999' });
  });
  test('a state blends its metro and nonmetro portions and lies between them', () => {
    const ms = index.geography.states['MS'];
    expect(ms?.rpp).toBeGreaterThan(ms?.nonmetroRpp as number);
    expect(ms?.rpp).toBeLessThan(ms?.metroRpp as number);
    expect(index.geography.states['NJ']?.metroShare).toBe(1);
  });
  test('micropolitan counties count as nonmetropolitan, as in OEWS', () => {
    // 57401 Aberdeen, SD is in the Aberdeen micropolitan area (CBSA 10100).
    expect(index.geography.zips['57401']?.[0]).toBe('n:SD');
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
