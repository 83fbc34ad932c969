/**
 * Distinct, realistic jobs for the functions' tests and bench: common titles × places × industries, so
 * the reference service matches and prices every one of them.
 */

export const TITLES = [
  'Software Developer',
  'Registered Nurse',
  'Accountant',
  'Financial Analyst',
  'Marketing Manager',
  'Sales Representative',
  'Data Scientist',
  'Human Resources Manager',
  'Customer Service Representative',
  'Electrician',
  'Truck Driver',
  'Project Manager',
  'Mechanical Engineer',
  'Pharmacist',
  'Web Developer',
  'Elementary School Teacher',
  'Administrative Assistant',
  'Operations Manager',
  'Physical Therapist',
  'Lawyer',
  'Graphic Designer',
  'Network Administrator',
  'Civil Engineer',
  'Payroll Specialist',
  'Plumber',
] as const;

export const PLACES: readonly (readonly [country: string, state: string, city: string])[] = [
  ['USA', '', ''],
  ['USA', 'CA', ''],
  ['USA', 'CA', 'San Jose'],
  ['USA', 'NY', 'New York'],
  ['USA', 'TX', 'Austin'],
  ['USA', 'IL', 'Chicago'],
  ['USA', 'WA', 'Seattle'],
  ['USA', 'MA', ''],
  ['USA', 'FL', 'Miami'],
  ['USA', 'OH', ''],
];

export const NAICS = ['', '51', '52', '62', '54', '31', '44', '23', '48'] as const;

/** Arguments (title, desc, country, state, city, zip, naics) of the i-th distinct job; 2,250 before repeating. */
export function jobArgs(i: number): [string, null, string, string, string, null, string] {
  const title = TITLES[i % TITLES.length] as string;
  const [country, state, city] = PLACES[Math.floor(i / TITLES.length) % PLACES.length] as readonly [
    string,
    string,
    string,
  ];
  const naics = NAICS[Math.floor(i / (TITLES.length * PLACES.length)) % NAICS.length] as string;
  return [title, null, country, state, city, null, naics];
}
