/**
 * The 50 states and the District of Columbia: USPS code, FIPS code and name, the areas OEWS national
 * estimates cover. Territories with OEWS area estimates follow in TERRITORIES.
 */
export const STATES: readonly (readonly [usps: string, fips: string, name: string])[] = [
  ['AL', '01', 'Alabama'],
  ['AK', '02', 'Alaska'],
  ['AZ', '04', 'Arizona'],
  ['AR', '05', 'Arkansas'],
  ['CA', '06', 'California'],
  ['CO', '08', 'Colorado'],
  ['CT', '09', 'Connecticut'],
  ['DE', '10', 'Delaware'],
  ['DC', '11', 'District of Columbia'],
  ['FL', '12', 'Florida'],
  ['GA', '13', 'Georgia'],
  ['HI', '15', 'Hawaii'],
  ['ID', '16', 'Idaho'],
  ['IL', '17', 'Illinois'],
  ['IN', '18', 'Indiana'],
  ['IA', '19', 'Iowa'],
  ['KS', '20', 'Kansas'],
  ['KY', '21', 'Kentucky'],
  ['LA', '22', 'Louisiana'],
  ['ME', '23', 'Maine'],
  ['MD', '24', 'Maryland'],
  ['MA', '25', 'Massachusetts'],
  ['MI', '26', 'Michigan'],
  ['MN', '27', 'Minnesota'],
  ['MS', '28', 'Mississippi'],
  ['MO', '29', 'Missouri'],
  ['MT', '30', 'Montana'],
  ['NE', '31', 'Nebraska'],
  ['NV', '32', 'Nevada'],
  ['NH', '33', 'New Hampshire'],
  ['NJ', '34', 'New Jersey'],
  ['NM', '35', 'New Mexico'],
  ['NY', '36', 'New York'],
  ['NC', '37', 'North Carolina'],
  ['ND', '38', 'North Dakota'],
  ['OH', '39', 'Ohio'],
  ['OK', '40', 'Oklahoma'],
  ['OR', '41', 'Oregon'],
  ['PA', '42', 'Pennsylvania'],
  ['RI', '44', 'Rhode Island'],
  ['SC', '45', 'South Carolina'],
  ['SD', '46', 'South Dakota'],
  ['TN', '47', 'Tennessee'],
  ['TX', '48', 'Texas'],
  ['UT', '49', 'Utah'],
  ['VT', '50', 'Vermont'],
  ['VA', '51', 'Virginia'],
  ['WA', '53', 'Washington'],
  ['WV', '54', 'West Virginia'],
  ['WI', '55', 'Wisconsin'],
  ['WY', '56', 'Wyoming'],
];

/**
 * Territories with their own OEWS estimates (oews-area/M2024/territories and the OEWS areas of
 * Geography.csv): priced from their own area and territory figures; the national fallback stays the
 * 50 states and DC, which is what OEWS national estimates cover.
 */
export const TERRITORIES: readonly (readonly [usps: string, fips: string, name: string])[] = [
  ['GU', '66', 'Guam'],
  ['PR', '72', 'Puerto Rico'],
  ['VI', '78', 'Virgin Islands'],
];

/** States, DC and the territories above, by FIPS code. */
export const STATE_BY_FIPS: ReadonlyMap<string, { readonly usps: string; readonly name: string }> = new Map(
  [...STATES, ...TERRITORIES].map(([usps, fips, name]) => [fips, { usps, name }]),
);
