import { STATE_BY_FIPS, STATES, TERRITORIES } from '../../../src/service/data/states';
import { US_AREAS } from '../../support/us-states-list';

/**
 * The service's state table (USPS code, FIPS code, name) against the public list written out in
 * test/support/us-states-list.ts. Guards every row: one state's code changed sends that state's ZIPs,
 * cities and wages to a code nobody asks for.
 */

const triple = (a: { usps: string; fips: string; name: string }): string => `${a.usps} ${a.fips} ${a.name}`;

test('the 50 states and DC, each with its USPS code, FIPS code and name', () => {
  expect(STATES.map(([usps, fips, name]) => triple({ usps, fips, name })).sort()).toEqual(
    US_AREAS.filter((a) => a.kind !== 'territory')
      .map(triple)
      .sort(),
  );
});

test('the territories with OEWS estimates (Guam, Puerto Rico, the Virgin Islands) are as listed', () => {
  const listed = new Map(US_AREAS.map((a) => [a.usps, a]));
  for (const [usps, fips, name] of TERRITORIES) {
    expect(listed.get(usps)).toMatchObject({ usps, fips, name, kind: 'territory' });
  }
  expect(TERRITORIES.map(([usps]) => usps).sort()).toEqual(['GU', 'PR', 'VI']);
});

test('looked up by FIPS code, every row gives its own state back', () => {
  for (const a of US_AREAS.filter((x) => STATE_BY_FIPS.has(x.fips)))
    expect(STATE_BY_FIPS.get(a.fips)).toEqual({ usps: a.usps, name: a.name });
  expect(STATE_BY_FIPS.size).toBe(54);
});
