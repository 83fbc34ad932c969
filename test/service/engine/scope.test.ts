import { jobSpec, type JobScope } from '../../../src/domain/job';
import { MSG } from '../../../src/domain/messages';
import type { JobResult } from '../../../src/api/wire';
import { COMP_FIELDS, BONUS_FIELDS } from '../../../src/api/wire';
import type { PricingIndex } from '../../../src/service/data/load';
import { createPricingEngine } from '../../../src/service/engine/engine';
import { FULL_SCOPE, type ClientScope, type PricingEngine } from '../../../src/service/contracts';
import { socMatcher, testIndex } from './test-index';

let index: PricingIndex;
let engine: PricingEngine;

beforeAll(async () => {
  index = await testIndex();
  engine = createPricingEngine(index, socMatcher(index));
}, 120_000);

function price(title: string, scope: Partial<JobScope> = {}, client: ClientScope = FULL_SCOPE): JobResult {
  const out = engine.price(jobSpec({ title, scope }), client);
  if (!out.ok) throw new Error(`expected a result, got: ${out.message}`);
  return out.result;
}
function failure(title: string, scope: Partial<JobScope> = {}, client: ClientScope = FULL_SCOPE): string {
  const out = engine.price(jobSpec({ title, scope }), client);
  if (out.ok) throw new Error(`expected a failure, got ${JSON.stringify(out.result)}`);
  return out.message;
}
const RN = 'soc:29-1141';
const DEV = 'soc:15-1252';

describe('geographic scope moves pay the way the local cost level does', () => {
  const national = (): number => price(RN).Salary50 as number;

  test.each([
    ['San Jose, CA by city', { state: 'CA', city: 'San Jose' }],
    ['San Jose, CA by ZIP 95112', { zip: '95112' }],
    ['New York, NY by city', { state: 'NY', city: 'New York' }],
    ['Manhattan ZIP 10001', { zip: '10001' }],
  ])('high-cost %s pays more than national', (_name, scope) => {
    expect(price(RN, scope).Salary50).toBeGreaterThan(national());
    expect(price(DEV, scope).Salary50).toBeGreaterThan(price(DEV).Salary50 as number);
  });

  test.each([
    ['Jackson, MS by city', { state: 'MS', city: 'Jackson' }],
    ['Jackson, MS by ZIP 39201', { zip: '39201' }],
    ['rural Mississippi ZIP 38614 (Clarksdale)', { zip: '38614' }],
    ['Mississippi statewide', { state: 'MS' }],
  ])('low-cost %s pays less than national', (_name, scope) => {
    expect(price(RN, scope).Salary50).toBeLessThan(national());
  });

  test('the San Jose item reports the metro area applied (D9)', () => {
    const r = price(RN, { state: 'CA', city: 'san jose' });
    expect(r).toMatchObject({
      DataScope_CountryCode: 'USA',
      DataScope_Region: 'San Jose-Sunnyvale-Santa Clara, CA',
      DataScope_State: 'CA',
      DataScope_City: 'San Jose',
    });
  });
});

describe('D6 country', () => {
  test('blank country means USA', () => {
    expect(price(RN, { country: '' }).DataScope_CountryCode).toBe('USA');
    expect(price(RN, { country: 'usa' }).DataScope_CountryCode).toBe('USA');
  });
  test.each(['CAN', 'GBR', 'US'])('%s has no data', (code) => {
    expect(failure(RN, { country: code })).toBe(MSG.noDataForCountry(code));
  });
});

describe('D7/D9 complete locations and the area applied', () => {
  test('no location: national data, region United States, state and city empty', () => {
    expect(price(RN)).toMatchObject({
      DataScope_Region: 'United States',
      DataScope_State: '',
      DataScope_City: '',
    });
  });
  test('state only: the state name is the region', () => {
    expect(price(RN, { state: 'ca' })).toMatchObject({
      DataScope_Region: 'California',
      DataScope_State: 'CA',
      DataScope_City: '',
    });
  });
  test('ZIP alone fixes the area, even beside a different state and city', () => {
    const alone = price(RN, { zip: '38614' });
    expect(alone).toMatchObject({
      DataScope_Region: 'West Delta Mississippi nonmetropolitan area',
      DataScope_State: 'MS',
      DataScope_City: 'Clarksdale',
    });
    expect(price(RN, { zip: '38614', state: 'CA', city: 'San Jose' })).toEqual(alone);
  });
  test('city + state: the metro area that holds most of the city', () => {
    expect(price(RN, { state: 'MO', city: 'St. Louis' }).DataScope_Region).toBe('St. Louis, MO-IL');
    expect(price(RN, { state: 'TX', city: 'Houston' }).DataScope_Region).toBe(
      'Houston-Pasadena-The Woodlands, TX',
    );
  });
});

describe('territories with OEWS estimates of their own are priced from them (D8)', () => {
  test('San Juan, PR: its metropolitan area; Puerto Rico alone: the territory', () => {
    expect(price(RN, { zip: '00901' }).DataScope_Region).toBe('San Juan-Bayamon-Caguas, PR');
    expect(price(RN, { state: 'PR' })).toMatchObject({
      DataScope_Region: 'Puerto Rico',
      DataScope_State: 'PR',
    });
  });
});

describe('D8 places that do not exist', () => {
  test.each([
    [{ zip: '99999' }, 'ZIP 99999'],
    [{ zip: '1234' }, 'ZIP 1234'],
    [{ zip: '96799' }, 'ZIP 96799'], // American Samoa: no OEWS area of its own
    [{ state: 'ZZ' }, 'state ZZ'],
    [{ state: 'AS' }, 'state AS'],
    [{ state: 'CA', city: 'Springfield' }, 'city Springfield, CA'],
    [{ state: 'zz', city: 'Nowhere' }, 'state zz'],
  ])('%j -> Location could not be resolved: %s', (scope, what) => {
    expect(failure(RN, scope)).toBe(MSG.locationUnresolved(what));
  });
});

describe('D10 industry', () => {
  test('no code: All Industries with an empty code', () => {
    expect(price(RN)).toMatchObject({ DataScope_IndustryCode: '', DataScope_IndustryName: 'All Industries' });
  });
  test.each([
    ['5112', '51', 'Information'],
    ['62', '62', 'Health Care and Social Assistance'],
    ['32', '31-33', 'Manufacturing'],
    ['336411', '31-33', 'Manufacturing'],
    ['45', '44-45', 'Retail Trade'],
    ['49', '48-49', 'Transportation and Warehousing'],
    ['92', '92', 'Public Administration'],
  ])('NAICS %s applies sector %s %s', (naics, code, name) => {
    expect(price(DEV, { naics })).toMatchObject({
      DataScope_IndustryCode: code,
      DataScope_IndustryName: name,
    });
  });
  test.each(['99', '10', '1', 'abc', '3x'])('unknown sector %s is refused', (naics) => {
    expect(failure(RN, { naics })).toBe(MSG.industryNotRecognized(naics));
  });
  test('a sector changes the figures (sector percentiles, not the all-industry ones)', () => {
    expect(price(DEV, { naics: '52' }).Salary50).not.toBe(price(DEV).Salary50);
  });
  test('a sector with no estimate for the occupation falls back to, and reports, All Industries', () => {
    // Find an occupation that OEWS estimates nationally but not in Utilities (22) in any staged sector file.
    const missing = index.wages
      .nationalCodes(2025)
      .find(
        (c) =>
          index.wages.national(2025, c)?.group === 'detailed' &&
          index.wages.sectorTables.every((_, t) => index.wages.sector(t, '22', c) === undefined),
      );
    expect(missing).toBeDefined();
    const r = price(`soc:${missing as string}`, { naics: '22' });
    expect(r).toMatchObject({ DataScope_IndustryCode: '', DataScope_IndustryName: 'All Industries' });
    expect(r.Salary50).toBe(price(`soc:${missing as string}`).Salary50);
  });
});

describe('D11 company size', () => {
  test.each([
    [{ fte: 10 }, 'DataScope_FTERange', '0-49'],
    [{ fte: 49.6 }, 'DataScope_FTERange', '0-49'],
    [{ fte: 250 }, 'DataScope_FTERange', '100-499'],
    [{ fte: 5000 }, 'DataScope_FTERange', '500-9999999'],
    [{ revenue: 2_000_000 }, 'DataScope_RevenueRange', '0-9999999'],
    [{ revenue: 20_000_000 }, 'DataScope_RevenueRange', '10000000-49999999'],
    [{ revenue: 1e9 }, 'DataScope_RevenueRange', '125000000-999999999999'],
  ])('%j -> %s %s, and only that one', (scope, field, range) => {
    const r = price(RN, scope);
    expect(r[field as keyof JobResult]).toBe(range);
    expect(range).toMatch(/^\d+-\d+$/);
    const other = field === 'DataScope_FTERange' ? 'DataScope_RevenueRange' : 'DataScope_FTERange';
    expect(other in r).toBe(false);
  });
  test('no size: neither range field, figures unchanged', () => {
    const r = price(RN);
    expect('DataScope_FTERange' in r || 'DataScope_RevenueRange' in r).toBe(false);
    expect(price(RN, { fte: 250 }).Salary50).toBe(r.Salary50); // 100-499 is the neutral band
  });
  test('small employers pay less, large ones more', () => {
    const mid = price(RN, { fte: 250 }).Salary50 as number;
    expect(price(RN, { fte: 20 }).Salary50).toBeLessThan(mid);
    expect(price(RN, { fte: 2000 }).Salary50).toBeGreaterThan(mid);
    expect(price(RN, { revenue: 5e6 }).Salary50).toBeLessThan(price(RN, { revenue: 5e8 }).Salary50 as number);
  });
});

describe('level window', () => {
  test('0 leaves the OEWS figures unchanged; +1 and +2 price higher, -1 lower', () => {
    const base = price(DEV);
    const row = index.wages.national(2025, '15-1252');
    expect([base.Salary10, base.Salary25, base.Salary50, base.Salary75, base.Salary90]).toEqual(row?.p);
    expect(price(`${DEV}@+1`).Salary50).toBeGreaterThan(base.Salary50 as number);
    expect(price(`${DEV}@+2`).Salary50).toBeGreaterThan(price(`${DEV}@+1`).Salary50 as number);
    expect(price(`${DEV}@-1`).Salary50).toBeLessThan(base.Salary50 as number);
  });
  test('+1 puts the median between the published P50 and P75', () => {
    const row = index.wages.national(2025, '15-1252');
    const s50 = price(`${DEV}@+1`).Salary50 as number;
    expect(s50).toBeGreaterThan(row?.p[2] as number);
    expect(s50).toBeLessThan(row?.p[3] as number);
  });
});

describe('OEWS fallbacks and markers', () => {
  test('an O*NET-SOC code OEWS publishes only as an aggregate (13-1021 -> 13-1020) prices from the aggregate', () => {
    expect(price('soc:13-1021').Salary50).toBe(index.wages.national(2025, '13-1020')?.p[2]);
  });
  test('a code with no row at all falls back up the SOC hierarchy', () => {
    const row = (code: string): number | undefined => index.wages.national(2025, code)?.p[2];
    expect(row('15-1259')).toBeUndefined();
    expect(price('soc:15-1259').Salary50).toBe(row('15-1250') ?? row('15-1200'));
  });
  test('top-coded May 2024 chief executives carry the $239,200 cap and stay non-decreasing', () => {
    const e2024 = createPricingEngine(index, socMatcher(index), { wageVintage: 2024 });
    const out = e2024.price(jobSpec({ title: 'soc:11-1011' }), FULL_SCOPE);
    expect(out.ok && [out.result.Salary75, out.result.Salary90]).toEqual([239200, 239200]);
  });
  test('hourly-only actors are annualised at 2080 hours', () => {
    expect(price('soc:27-2011').Salary50).toBe(Math.round(29.05 * 2080));
  });
  test('no match -> No matching job found (D3)', () => {
    expect(failure('astronaut')).toBe(MSG.noMatch);
  });
});

describe('D15 client scope', () => {
  const client = (over: Partial<ClientScope>): ClientScope => ({ ...FULL_SCOPE, ...over });

  test('a state-only client asking for a metro is answered at state level, and says so', () => {
    const r = price(RN, { state: 'CA', city: 'San Jose' }, client({ finestGeography: 'state' }));
    expect(r).toMatchObject({ DataScope_Region: 'California', DataScope_State: 'CA', DataScope_City: '' });
    expect(r.Salary50).toBe(price(RN, { state: 'CA' }).Salary50);
    expect(price(RN, { zip: '95112' }, client({ finestGeography: 'state' })).DataScope_Region).toBe(
      'California',
    );
  });
  test('a national-only client gets national figures for any location', () => {
    const r = price(RN, { zip: '95112' }, client({ finestGeography: 'national' }));
    expect(r).toMatchObject({ DataScope_Region: 'United States', DataScope_State: '', DataScope_City: '' });
    expect(r.Salary50).toBe(price(RN).Salary50);
  });
  test('an unknown place is still refused under a capped scope', () => {
    expect(failure(RN, { zip: '99999' }, client({ finestGeography: 'state' }))).toBe(
      MSG.locationUnresolved('ZIP 99999'),
    );
  });
  test('without Comp/Bonus, those fields are omitted', () => {
    const r = price(RN, {}, client({ includeCompAndBonus: false }));
    for (const f of [...COMP_FIELDS, ...BONUS_FIELDS]) expect(f in r).toBe(false);
    expect(r.Salary50).toBe(price(RN).Salary50);
  });
  test('an industry outside the client list is answered as All Industries', () => {
    const c = client({ industries: ['62'] });
    expect(price(DEV, { naics: '51' }, c)).toMatchObject({
      DataScope_IndustryCode: '',
      DataScope_IndustryName: 'All Industries',
    });
    expect(price(DEV, { naics: '62' }, c).DataScope_IndustryCode).toBe('62');
    expect(price(DEV, { naics: '32' }, client({ industries: ['31'] })).DataScope_IndustryCode).toBe('31-33');
  });
  test('a client without USA gets No data for country USA', () => {
    expect(failure(RN, {}, client({ countries: [] }))).toBe(MSG.noDataForCountry('USA'));
  });
});

describe('D1/D2 result shape', () => {
  test('annual USD, Comp >= Salary, bonus targets in percent, text fields present', () => {
    const r = price(DEV, { zip: '95112', naics: '54', fte: 1000 });
    expect(r.CurrencyCode).toBe('USD');
    expect(r.MatchRating).toBe('Confident');
    expect(r.JobFamilyName).toBe('Computer and Mathematical Occupations');
    for (const p of [10, 25, 50, 75, 90] as const)
      expect(r[`Comp${p}`]).toBeGreaterThanOrEqual(r[`Salary${p}`] as number);
    expect(r.BonusTarget50).toBeGreaterThan(1);
    expect(r.BonusTarget50).toBeLessThan(30);
  });
});
