/**
 * US states as people write them, turned into the USPS codes the service expects (D7):
 * "California", "Calif.", "Cal", "N.Y.", "new york", "Dist. of Columbia", "Washington, D.C.", "ca".
 * Pure data and one look-up; the pane's row parser and the formulas' argument parser both call it, so a
 * state reads the same way in both.
 */

/** USPS code, name, then the abbreviations in common use (AP style, the older GPO forms, frequent variants). */
const STATES: readonly (readonly [code: string, name: string, ...forms: string[]])[] = [
  ['AL', 'Alabama', 'Ala'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona', 'Ariz'],
  ['AR', 'Arkansas', 'Ark'],
  ['CA', 'California', 'Calif', 'Cal', 'Cali'],
  ['CO', 'Colorado', 'Colo', 'Col'],
  ['CT', 'Connecticut', 'Conn'],
  ['DE', 'Delaware', 'Del'],
  [
    'DC',
    'District of Columbia',
    'Dist of Columbia',
    'Dist Columbia',
    'Washington DC',
    'Washington D C',
    'DC',
  ],
  ['FL', 'Florida', 'Fla', 'Flor'],
  ['GA', 'Georgia', 'Ga'],
  ['HI', 'Hawaii', "Hawai'i"],
  ['ID', 'Idaho', 'Ida'],
  ['IL', 'Illinois', 'Ill', 'Ills'],
  ['IN', 'Indiana', 'Ind'],
  ['IA', 'Iowa', 'Ia'],
  ['KS', 'Kansas', 'Kan', 'Kans'],
  ['KY', 'Kentucky', 'Ky', 'Ken', 'Kent'],
  ['LA', 'Louisiana', 'La'],
  ['ME', 'Maine', 'Me'],
  ['MD', 'Maryland', 'Md'],
  ['MA', 'Massachusetts', 'Mass'],
  ['MI', 'Michigan', 'Mich'],
  ['MN', 'Minnesota', 'Minn'],
  ['MS', 'Mississippi', 'Miss'],
  ['MO', 'Missouri', 'Mo'],
  ['MT', 'Montana', 'Mont'],
  ['NE', 'Nebraska', 'Neb', 'Nebr'],
  ['NV', 'Nevada', 'Nev'],
  ['NH', 'New Hampshire', 'N H', 'N Hamp'],
  ['NJ', 'New Jersey', 'N J', 'N Jersey'],
  ['NM', 'New Mexico', 'N M', 'N Mex', 'New Mex'],
  ['NY', 'New York', 'N Y', 'N York', 'New York State', 'NYS'],
  ['NC', 'North Carolina', 'N C', 'N Car', 'No Carolina'],
  ['ND', 'North Dakota', 'N D', 'N Dak', 'No Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma', 'Okla'],
  ['OR', 'Oregon', 'Ore', 'Oreg'],
  ['PA', 'Pennsylvania', 'Pa', 'Penn', 'Penna'],
  ['RI', 'Rhode Island', 'R I'],
  ['SC', 'South Carolina', 'S C', 'S Car', 'So Carolina'],
  ['SD', 'South Dakota', 'S D', 'S Dak', 'So Dakota'],
  ['TN', 'Tennessee', 'Tenn'],
  ['TX', 'Texas', 'Tex'],
  ['UT', 'Utah'],
  ['VT', 'Vermont', 'Vt'],
  ['VA', 'Virginia', 'Va', 'Virg'],
  ['WA', 'Washington', 'Wash', 'Washington State', 'Wn'],
  ['WV', 'West Virginia', 'W Va', 'W Virginia', 'WVa'],
  ['WI', 'Wisconsin', 'Wis', 'Wisc'],
  ['WY', 'Wyoming', 'Wyo'],
  ['PR', 'Puerto Rico', 'P R'],
  ['GU', 'Guam'],
  ['VI', 'Virgin Islands', 'US Virgin Islands', 'U S Virgin Islands', 'V I', 'USVI'],
  ['AS', 'American Samoa', 'A S'],
  ['MP', 'Northern Mariana Islands', 'N Mariana Islands', 'CNMI'],
];

/**
 * Case, dots, commas, apostrophes, hyphens and spaces do not matter ("N.Y." = "ny" = "N Y"); a leading
 * "State of" and "the" are dropped ("State of New York", "the District of Columbia").
 */
function key(text: string): string {
  return text
    .toLowerCase()
    .replace(/[.,'’\-\s]+/g, ' ')
    .trim()
    .replace(/^(the |state of |commonwealth of )+/, '')
    .replace(/ /g, '');
}

const BY_KEY: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const [code, ...forms] of STATES)
    for (const form of [code, ...forms]) {
      const k = key(form);
      // Two states under one spelling would be a mistake in the table above, not a choice to make at run time.
      if (map.has(k) && map.get(k) !== code) throw new Error(`State spelling "${form}" is ambiguous.`);
      map.set(k, code);
    }
  return map;
})();

/** The USPS code for a state as written, '' for a blank cell, or null when it names no US state. */
export function stateCode(text: string): string | null {
  if (text.trim() === '') return '';
  return BY_KEY.get(key(text)) ?? null;
}

/** The row's (and the formula's) message for a state that could not be read, naming the text as written. */
export function unknownStateMessage(text: string): string {
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return `State "${shown}" is not a US state: write its name (California) or its 2-letter code (CA).`;
}

/** Countries whose states these are: a blank country means the service's default, USA. */
export function isUnitedStates(country: string): boolean {
  return ['', 'US', 'USA'].includes(country.trim().toUpperCase());
}
