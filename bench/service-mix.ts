import { DISTINCT_TITLES } from './distinct-titles';

/**
 * The request mix of `npm run bench:service` and `npm run bench:scale`: common titles across job
 * families, places at every level (national, state, city, ZIP), industry codes and company sizes, as
 * single-job bodies and batch-of-200 bodies (D12: SubRequestIDs are row-based, as the task pane sends).
 */

export const TITLES = [
  'Software Engineer',
  'Senior Software Engineer',
  'Registered Nurse',
  'Accountant',
  'Senior Accountant',
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
  'Elementary School Teacher',
  'Administrative Assistant',
  'Web Developer',
  'Junior Web Developer',
  'Chief Executive Officer',
  'Operations Manager',
  'Physical Therapist',
  'Lawyer',
  'Graphic Designer',
  'Network Administrator',
  'Retail Salesperson',
  'Warehouse Associate',
  'Dental Hygienist',
  'Civil Engineer',
  'Payroll Specialist',
  'Lead Data Engineer',
];

interface Place {
  State?: string;
  City?: string;
  ZipCode?: string;
}
export const PLACES: Place[] = [
  {},
  { State: 'CA' },
  { State: 'CA', City: 'San Francisco' },
  { State: 'NY', City: 'New York' },
  { State: 'TX', City: 'Austin' },
  { State: 'IL', City: 'Chicago' },
  { State: 'WA', City: 'Seattle' },
  { State: 'MA' },
  { ZipCode: '30301' },
  { ZipCode: '02139' },
  { State: 'FL', City: 'Miami' },
  { State: 'OH' },
];
export const NAICS = ['', '51', '52', '5112', '62', '31', '44', '54'];

export function job(i: number): Record<string, unknown> {
  const place = PLACES[i % PLACES.length] ?? {};
  const sized = i % 3;
  return {
    JobTitle: TITLES[i % TITLES.length],
    JobDesc: '',
    CompanyName: '',
    DataScope: {
      CountryCode: 'USA',
      State: place.State ?? '',
      City: place.City ?? '',
      ZipCode: place.ZipCode ?? '',
      NAICSCode: NAICS[(i * 7) % NAICS.length],
      FTEValue: sized === 1 ? 250 : 0,
      Revenue: sized === 2 ? 25_000_000 : 0,
    },
  };
}

/** 97 single-job bodies (a prime, so they do not line up with the mix's own periods). */
export function singleBodies(): string[] {
  return Array.from({ length: 97 }, (_, i) => JSON.stringify(job(i)));
}

/** 7 distinct batches of 200 jobs. */
export function batchBodies(): string[] {
  return Array.from({ length: 7 }, (_, b) =>
    JSON.stringify(
      Array.from({ length: 200 }, (_, i) => ({ SubRequestID: `R${i + 2}`, ...job(b * 200 + i) })),
    ),
  );
}

/**
 * The costliest batches D21 and the default 1 MB body limit allow: 200 jobs, each with a 200-character
 * title (real title words) and a 4,500-character description, so matching reads as much text as it can.
 */
export function heavyBatchBodies(): string[] {
  const words = DISTINCT_TITLES.join(' ').split(/\s+/);
  const text = (length: number, seed: number): string => {
    let out = '';
    for (let i = seed; out.length < length; i++) out += `${words[(i * 7919) % words.length] ?? 'Analyst'} `;
    return out.slice(0, length).trim();
  };
  return Array.from({ length: 3 }, (_, b) =>
    JSON.stringify(
      Array.from({ length: 200 }, (_, i) => ({
        ...job(b * 200 + i),
        SubRequestID: `H${i}`,
        JobTitle: text(200, b * 1000 + i),
        JobDesc: text(4500, b * 1000 + i + 17),
      })),
    ),
  );
}

/** D18 candidate lists for 200 distinct titles, the call the pane's "Review matches" makes. */
export function candidateBody(): string {
  return JSON.stringify(
    DISTINCT_TITLES.slice(0, 200).map((title, i) => ({ ...job(i), SubRequestID: `C${i}`, JobTitle: title })),
  );
}

export const MIX_DESCRIPTION = `${TITLES.length} titles x ${PLACES.length} locations x ${NAICS.length} industry codes, FTE/Revenue on 2 of 3 jobs`;
