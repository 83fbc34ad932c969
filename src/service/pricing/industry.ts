import { MSG } from '../../domain/messages';
import type { ClientScope } from '../contracts';

/**
 * D10: the 2-digit NAICS sector of whatever code is sent, and the OEWS sector file key it prices from.
 * Names are the NAICS 2022 sector titles. NAICS 92 (Public Administration) is priced from OEWS's
 * ownership-based government designation (key "99"), the closest OEWS publishes.
 */
interface Sector {
  readonly code: string;
  readonly name: string;
  readonly oewsKey: string;
  readonly prefixes: readonly string[];
}

const SECTORS: readonly Sector[] = [
  { code: '11', name: 'Agriculture, Forestry, Fishing and Hunting', oewsKey: '11', prefixes: ['11'] },
  { code: '21', name: 'Mining, Quarrying, and Oil and Gas Extraction', oewsKey: '21', prefixes: ['21'] },
  { code: '22', name: 'Utilities', oewsKey: '22', prefixes: ['22'] },
  { code: '23', name: 'Construction', oewsKey: '23', prefixes: ['23'] },
  { code: '31-33', name: 'Manufacturing', oewsKey: '31', prefixes: ['31', '32', '33'] },
  { code: '42', name: 'Wholesale Trade', oewsKey: '42', prefixes: ['42'] },
  { code: '44-45', name: 'Retail Trade', oewsKey: '44', prefixes: ['44', '45'] },
  { code: '48-49', name: 'Transportation and Warehousing', oewsKey: '48', prefixes: ['48', '49'] },
  { code: '51', name: 'Information', oewsKey: '51', prefixes: ['51'] },
  { code: '52', name: 'Finance and Insurance', oewsKey: '52', prefixes: ['52'] },
  { code: '53', name: 'Real Estate and Rental and Leasing', oewsKey: '53', prefixes: ['53'] },
  { code: '54', name: 'Professional, Scientific, and Technical Services', oewsKey: '54', prefixes: ['54'] },
  { code: '55', name: 'Management of Companies and Enterprises', oewsKey: '55', prefixes: ['55'] },
  {
    code: '56',
    name: 'Administrative and Support and Waste Management and Remediation Services',
    oewsKey: '56',
    prefixes: ['56'],
  },
  { code: '61', name: 'Educational Services', oewsKey: '61', prefixes: ['61'] },
  { code: '62', name: 'Health Care and Social Assistance', oewsKey: '62', prefixes: ['62'] },
  { code: '71', name: 'Arts, Entertainment, and Recreation', oewsKey: '71', prefixes: ['71'] },
  { code: '72', name: 'Accommodation and Food Services', oewsKey: '72', prefixes: ['72'] },
  { code: '81', name: 'Other Services (except Public Administration)', oewsKey: '81', prefixes: ['81'] },
  { code: '92', name: 'Public Administration', oewsKey: '99', prefixes: ['92'] },
];

const BY_PREFIX: ReadonlyMap<string, Sector> = new Map(
  SECTORS.flatMap((s) => s.prefixes.map((p) => [p, s] as const)),
);

export const ALL_INDUSTRIES = { code: '', name: 'All Industries' } as const;

/** The industry the request asks for: null = all industries. */
export type IndustryRequest =
  { readonly ok: true; readonly sector: Sector | null } | { readonly ok: false; readonly message: string };

export function parseIndustry(naics: string): IndustryRequest {
  const sent = naics.trim();
  if (sent === '') return { ok: true, sector: null };
  const prefix = sent.slice(0, 2);
  const sector = /^\d\d/.test(sent) ? BY_PREFIX.get(prefix) : undefined;
  return sector === undefined
    ? { ok: false, message: MSG.industryNotRecognized(sent) }
    : { ok: true, sector };
}

/** D15: a sector outside the client's list is answered as All Industries. */
export function industryAllowed(sector: Sector, client: ClientScope): boolean {
  if (client.industries === 'all') return true;
  const allowed = client.industries.map((c) => c.trim());
  return allowed.includes(sector.code) || sector.prefixes.some((p) => allowed.includes(p));
}

export type { Sector };
