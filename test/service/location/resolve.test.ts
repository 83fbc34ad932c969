import { EMPTY_SCOPE, type JobScope } from '../../../src/domain/job';
import { MSG } from '../../../src/domain/messages';
import type { PricingIndex } from '../../../src/service/data/load';
import { resolveLocation } from '../../../src/service/location/resolve';
import { FULL_SCOPE, type ClientScope } from '../../../src/service/contracts';
import { testIndex } from '../engine/test-index';

let index: PricingIndex;
beforeAll(async () => {
  index = await testIndex();
}, 120_000);

const resolve = (s: Partial<JobScope>, client: ClientScope = FULL_SCOPE) =>
  resolveLocation(index.geography, { ...EMPTY_SCOPE, ...s }, client);

describe('D6-D9 location resolution', () => {
  test('D6 blank country is USA and national', () => {
    expect(resolve({})).toEqual({
      ok: true,
      location: expect.objectContaining({ region: 'United States', level: 'national', areaKey: 'us' }),
    });
  });
  test('D8 other countries have no data, quoting the code sent', () => {
    expect(resolve({ country: 'Mex' })).toEqual({ ok: false, message: MSG.noDataForCountry('Mex') });
  });
  test('D7/D9 a ZIP alone fixes the OEWS area, named by its OEWS title', () => {
    const r = resolve({ zip: '95112' });
    expect(r.ok && r.location).toMatchObject({
      areaKey: 'm:41940',
      level: 'metro',
      state: 'CA',
      city: 'San Jose',
    });
    expect(r.ok && r.location.region).toBe('San Jose-Sunnyvale-Santa Clara, CA');
  });
  test('D7 state with a city: the city lookup is case- and punctuation-insensitive', () => {
    const a = resolve({ state: 'mo', city: 'ST LOUIS' });
    const b = resolve({ state: 'MO', city: 'Saint Louis' });
    expect(a).toEqual(b);
    expect(a.ok && a.location.region).toBe('St. Louis, MO-IL');
  });
  test('ZIP+4 reads as its ZIP; "New York City" finds New York; "Kansas City" stays itself', () => {
    expect(resolve({ zip: '95112-1234' })).toEqual(resolve({ zip: '95112' }));
    expect(resolve({ state: 'NY', city: 'New York City' })).toEqual(
      resolve({ state: 'NY', city: 'New York' }),
    );
    const kc = resolve({ state: 'MO', city: 'Kansas City' });
    expect(kc.ok && kc.location.city).toBe('Kansas City');
  });
  test('D8 <what> wording is consistent', () => {
    expect(resolve({ zip: '00000' })).toEqual({ ok: false, message: MSG.locationUnresolved('ZIP 00000') });
    expect(resolve({ state: 'XX' })).toEqual({ ok: false, message: MSG.locationUnresolved('state XX') });
    expect(resolve({ state: 'TX', city: 'Atlantis' })).toEqual({
      ok: false,
      message: MSG.locationUnresolved('city Atlantis, TX'),
    });
  });
  test('D15 capping: metro request answered at state or national level', () => {
    const st = resolve({ zip: '10001' }, { ...FULL_SCOPE, finestGeography: 'state' });
    expect(st.ok && st.location).toMatchObject({
      region: 'New York',
      state: 'NY',
      city: '',
      level: 'state',
      areaKey: 's:NY',
    });
    const nat = resolve({ state: 'NY' }, { ...FULL_SCOPE, finestGeography: 'national' });
    expect(nat.ok && nat.location).toMatchObject({
      region: 'United States',
      state: '',
      city: '',
      level: 'national',
    });
  });
});
