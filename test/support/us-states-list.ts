/**
 * The USPS two-letter codes, FIPS state codes and names of the 50 states, the District of Columbia and
 * the five inhabited territories, written out from the public USPS and FIPS lists (not read from the
 * code under test), so a changed code in either table of the product fails against it.
 */
export interface UsArea {
  readonly usps: string;
  readonly fips: string;
  readonly name: string;
  readonly kind: 'state' | 'district' | 'territory';
}

const row = (usps: string, fips: string, name: string, kind: UsArea['kind'] = 'state'): UsArea => ({
  usps,
  fips,
  name,
  kind,
});

export const US_AREAS: readonly UsArea[] = [
  row('AL', '01', 'Alabama'),
  row('AK', '02', 'Alaska'),
  row('AZ', '04', 'Arizona'),
  row('AR', '05', 'Arkansas'),
  row('CA', '06', 'California'),
  row('CO', '08', 'Colorado'),
  row('CT', '09', 'Connecticut'),
  row('DE', '10', 'Delaware'),
  row('DC', '11', 'District of Columbia', 'district'),
  row('FL', '12', 'Florida'),
  row('GA', '13', 'Georgia'),
  row('HI', '15', 'Hawaii'),
  row('ID', '16', 'Idaho'),
  row('IL', '17', 'Illinois'),
  row('IN', '18', 'Indiana'),
  row('IA', '19', 'Iowa'),
  row('KS', '20', 'Kansas'),
  row('KY', '21', 'Kentucky'),
  row('LA', '22', 'Louisiana'),
  row('ME', '23', 'Maine'),
  row('MD', '24', 'Maryland'),
  row('MA', '25', 'Massachusetts'),
  row('MI', '26', 'Michigan'),
  row('MN', '27', 'Minnesota'),
  row('MS', '28', 'Mississippi'),
  row('MO', '29', 'Missouri'),
  row('MT', '30', 'Montana'),
  row('NE', '31', 'Nebraska'),
  row('NV', '32', 'Nevada'),
  row('NH', '33', 'New Hampshire'),
  row('NJ', '34', 'New Jersey'),
  row('NM', '35', 'New Mexico'),
  row('NY', '36', 'New York'),
  row('NC', '37', 'North Carolina'),
  row('ND', '38', 'North Dakota'),
  row('OH', '39', 'Ohio'),
  row('OK', '40', 'Oklahoma'),
  row('OR', '41', 'Oregon'),
  row('PA', '42', 'Pennsylvania'),
  row('RI', '44', 'Rhode Island'),
  row('SC', '45', 'South Carolina'),
  row('SD', '46', 'South Dakota'),
  row('TN', '47', 'Tennessee'),
  row('TX', '48', 'Texas'),
  row('UT', '49', 'Utah'),
  row('VT', '50', 'Vermont'),
  row('VA', '51', 'Virginia'),
  row('WA', '53', 'Washington'),
  row('WV', '54', 'West Virginia'),
  row('WI', '55', 'Wisconsin'),
  row('WY', '56', 'Wyoming'),
  row('AS', '60', 'American Samoa', 'territory'),
  row('GU', '66', 'Guam', 'territory'),
  row('MP', '69', 'Northern Mariana Islands', 'territory'),
  row('PR', '72', 'Puerto Rico', 'territory'),
  row('VI', '78', 'Virgin Islands', 'territory'),
];
