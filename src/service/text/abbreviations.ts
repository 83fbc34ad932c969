/**
 * Abbreviations seen in job titles, expanded to the words O*NET uses so that "Sr. Acct Mgr" and
 * "Senior Account Manager" reach the same index entries. Keys are already lower-case and singular
 * (the normaliser folds plurals first, so "Mgrs" arrives here as "mgr").
 *
 * A few abbreviations mean different words by position ("Admin Asst" vs "Network Admin"); those are
 * resolved by the word that follows, in `contextual` below, rather than guessed once for all titles.
 */
export const ABBREVIATIONS: Readonly<Record<string, string>> = {
  // seniority
  sr: 'senior',
  snr: 'senior',
  jr: 'junior',
  jnr: 'junior',
  // roles and nouns
  mgr: 'manager',
  mngr: 'manager',
  mgmt: 'management',
  asst: 'assistant',
  assoc: 'associate',
  engr: 'engineer',
  coord: 'coordinator',
  coordr: 'coordinator',
  spec: 'specialist',
  specl: 'specialist',
  rep: 'representative',
  dir: 'director',
  supv: 'supervisor',
  supvr: 'supervisor',
  supt: 'superintendent',
  exec: 'executive',
  ops: 'operations',
  mktg: 'marketing',
  mkt: 'marketing',
  svc: 'service',
  cust: 'customer',
  sys: 'system',
  sysadmin: 'system administrator',
  maint: 'maintenance',
  mfg: 'manufacturing',
  whse: 'warehouse',
  prog: 'programmer',
  ofc: 'office',
  dept: 'department',
  gen: 'general',
  med: 'medical',
  hosp: 'hospital',
  admin: 'administrator',
  tech: 'technician',
  dev: 'developer',
  eng: 'engineer',
  mech: 'mechanic',
  elec: 'electrician',
  acct: 'accountant',
  acctg: 'accounting',
  lab: 'laboratory',
  vet: 'veterinary',
  info: 'information',
  intl: 'international',
  natl: 'national',
  fin: 'financial',
  // acronyms for whole titles or title parts
  rn: 'registered nurse',
  lpn: 'licensed practical nurse',
  lvn: 'licensed vocational nurse',
  cna: 'certified nursing assistant',
  np: 'nurse practitioner',
  crna: 'certified registered nurse anesthetist',
  emt: 'emergency medical technician',
  cpa: 'certified public accountant',
  swe: 'software engineer',
  sde: 'software development engineer',
  sre: 'site reliability engineer',
  dba: 'database administrator',
  vp: 'vice president',
  avp: 'assistant vice president',
  svp: 'senior vice president',
  evp: 'executive vice president',
  ceo: 'chief executive officer',
  cfo: 'chief financial officer',
  cto: 'chief technology officer',
  coo: 'chief operating officer',
  cio: 'chief information officer',
  cmo: 'chief marketing officer',
  chro: 'chief human resources officer',
  hr: 'human resources',
  it: 'information technology',
  qa: 'quality assurance',
  qc: 'quality control',
  pm: 'project manager',
  csr: 'customer service representative',
  sdr: 'sales development representative',
  bdr: 'business development representative',
  gm: 'general manager',
  ea: 'executive assistant',
  cdl: 'commercial driver',
  cnc: 'computer numerically controlled',
  slp: 'speech language pathologist',
  ml: 'machine learning',
  ai: 'artificial intelligence',
  bi: 'business intelligence',
  hrbp: 'human resources business partner',
  ap: 'accounts payable',
  ar: 'accounts receivable',
  fpa: 'financial planning analysis',
  rd: 'research development',
  // Class-title short forms as public employers', hospitals' and payroll systems' exports print them
  // (city, county and state payroll open-data files; hospital labour-certification filings). Most short
  // forms need no entry: the matcher reads an unknown word as the title word it abbreviates
  // (matching/word-repair.ts: "custdn" custodian, "wkr" worker). These are the ones that reading gets
  // wrong or cannot reach, because the letters fit a more common word ("secy" is not security) or
  // the word is too short.
  secy: 'secretary',
  grnd: 'ground',
  inv: 'inventory',
  comm: 'communications',
  ldr: 'lead',
  prin: 'principal',
  adm: 'administrative',
  cpl: 'corporal',
  jntr: 'janitor',
  stkr: 'stocker',
  det: 'detention',
  electrn: 'electronics',
  psych: 'psychiatric',
  mh: 'mental health',
  ff: 'firefighter',
  lt: 'lieutenant',
  enf: 'enforcement',
  ther: 'therapist',
  rad: 'radiologic',
  pharm: 'pharmacy',
  soc: 'social',
  lib: 'library',
  pol: 'police',
  pur: 'purchasing',
  equip: 'equipment',
  eqp: 'equipment',
  mach: 'machine',
  rec: 'recreation',
  sw: 'software',
  hw: 'hardware',
  hlth: 'health',
  corr: 'correctional',
  sgt: 'sergeant',
  capt: 'captain',
  invest: 'investigator',
  investig: 'investigator',
};

/** Abbreviations whose expansion depends on the next word: `[next words, expansion]` tried in order. */
const contextual: Readonly<Record<string, ReadonlyArray<readonly [ReadonlySet<string>, string]>>> = {
  // "People" (folded to "person") names the HR function in current titles: Chief People Officer, People
  // Operations Manager, People Partner (SHRM's and O*NET's reported titles for 11-3121 and 13-1071).
  person: [
    [
      new Set([
        'officer',
        'operation',
        'partner',
        'manager',
        'director',
        'business',
        'team',
        'lead',
        'generalist',
        'specialist',
        'analyst',
        'coordinator',
        'experience',
      ]),
      'human resources',
    ],
  ],
  admin: [
    [
      new Set([
        'assistant',
        'asst',
        'specialist',
        'spec',
        'coordinator',
        'coord',
        'clerk',
        'support',
        'officer',
        'manager',
        'mgr',
        'service',
        'svc',
        'secretary',
        'associate',
      ]),
      'administrative',
    ],
  ],
  tech: [
    [
      new Set([
        'support',
        'writer',
        'lead',
        'sale',
        'recruiter',
        'director',
        'dir',
        'manager',
        'mgr',
        'consultant',
      ]),
      'technical',
    ],
  ],
  dev: [[new Set(['ops', 'op']), 'development operations']],
  eng: [
    [
      new Set(['manager', 'mgr', 'director', 'dir', 'technician', 'tech', 'supervisor', 'supv']),
      'engineering',
    ],
  ],
  engr: [
    [
      new Set(['manager', 'mgr', 'director', 'dir', 'technician', 'tech', 'supervisor', 'supv']),
      'engineering',
    ],
  ],
  mech: [[new Set(['engineer', 'eng', 'engr', 'designer', 'drafter', 'technician', 'tech']), 'mechanical']],
  elec: [[new Set(['engineer', 'eng', 'engr', 'designer', 'drafter', 'technician', 'tech']), 'electrical']],
  acct: [
    [
      new Set([
        'manager',
        'mgr',
        'executive',
        'exec',
        'representative',
        'rep',
        'director',
        'dir',
        'coordinator',
        'coord',
        'specialist',
        'spec',
      ]),
      'account',
    ],
    [
      new Set(['clerk', 'clk', 'clrk', 'assistant', 'asst', 'technician', 'tech', 'supervisor', 'supv']),
      'accounting',
    ],
  ],
  med: [[new Set(['tech', 'technician', 'technologist']), 'medical']],
};

/** After "business", "dev" is development ("Business Dev Manager"), not developer. */
const afterWord: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  dev: { business: 'development', software: 'developer' },
  // "Med Rec Clk", "Health Rec Tech": medical records, not recreation.
  rec: { med: 'records', medical: 'records', health: 'records', patient: 'records' },
  // "FF/PM" is a firefighter-paramedic, not a project manager.
  pm: { ff: 'paramedic', firefighter: 'paramedic', emt: 'paramedic' },
  // "Detective" only after police words: "Police Det", "Det Sgt".
  det: { police: 'detective', pol: 'detective' },
};

/**
 * The tables above as maps, built once: every word of every title is looked up, and a map holds only
 * its own entries (a title word such as "constructor" finds no Object.prototype member).
 */
const AFTER_WORD: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(
  Object.entries(afterWord).map(([word, byPrevious]) => [word, new Map(Object.entries(byPrevious))]),
);
const CONTEXTUAL: ReadonlyMap<string, ReadonlyArray<readonly [ReadonlySet<string>, string]>> = new Map(
  Object.entries(contextual),
);
const EXPANSIONS: ReadonlyMap<string, string> = new Map(Object.entries(ABBREVIATIONS));

/**
 * Expands `word` given its neighbours. Returns the expansion (one or more words separated by spaces),
 * or the word itself when it is not an abbreviation.
 */
export function expandAbbreviation(
  word: string,
  previous: string | undefined,
  next: string | undefined,
): string {
  if (previous !== undefined) {
    const expansion = AFTER_WORD.get(word)?.get(previous);
    if (expansion !== undefined) return expansion;
  }
  if (next !== undefined) {
    for (const [nextWords, expansion] of CONTEXTUAL.get(word) ?? [])
      if (nextWords.has(next)) return expansion;
  }
  return EXPANSIONS.get(word) ?? word;
}
