/**
 * Spelling variants folded to the American forms O*NET uses, applied to every word before abbreviation
 * rules, on the index side and the request side alike (normalize.ts).
 *
 * Sources, so that a reader can check them and extend them:
 * - British/American spelling: the regular correspondences listed by the Oxford English Dictionary's
 *   and Merriam-Webster's usage notes (-our/-or, -ise/-ize, ae/oe/e in medical words, -re/-er,
 *   -ogue/-og, doubled l before a suffix) and the individual words below. Each rule is written as a
 *   pattern over a word, not as a list of titles.
 * - Spanish occupation words: the Spanish titles the U.S. Department of Labor uses on its own
 *   Spanish-language pages (O*NET en Español, "Mi Próximo Paso", and the H-2A/H-2B job-order forms), in
 *   masculine and feminine forms, mapped to the English word O*NET's titles use. Only words that are not
 *   also English words are taken alone; those that are ("conductor", "general") need a second Spanish word.
 */

/** Words the -our rule must leave alone (they end in -our in American English too). */
const OUR_KEEP: ReadonlySet<string> = new Set([
  'hour',
  'four',
  'your',
  'tour',
  'pour',
  'flour',
  'sour',
  'detour',
  'contour',
  'devour',
  'scour',
  'velour',
  'our',
]);

/** Stems that take "-ise" in American English too: advise, supervise, exercise, franchise, advertiser... */
const ISE_KEEP =
  /(?:advis|advertis|liais|chemis|exercis|supervis|franchis|merchandis|enterpris|expertis|compris|revis|surpris|televis|promis|premis|excis|incis|concis|precis|wis|ris|pois|nois|prais|cruis|devis|improvis|despis|disguis|chastis|compromis|demis|paradis|tortois|repris)$/;

/** Individual British forms, where no regular rule applies. */
const BRITISH_WORDS: Readonly<Record<string, string>> = {
  programme: 'program',
  tyre: 'tire',
  aluminium: 'aluminum',
  licence: 'license',
  licencing: 'licensing',
  defence: 'defense',
  offence: 'offense',
  practise: 'practice',
  cheque: 'check',
  storeman: 'stock clerk',
  lorry: 'truck',
  joinery: 'carpentry',
  physiotherapist: 'physical therapist',
  physiotherapy: 'physical therapy',
  physio: 'physical therapist',
  grey: 'gray',
  plough: 'plow',
  kerb: 'curb',
  jewellery: 'jewelry',
  jeweller: 'jeweler',
  draughtsman: 'drafter',
  draughtsperson: 'drafter',
  enquiry: 'inquiry',
  // Not British: American English writes both (Merriam-Webster: "adviser", also "advisor"), and O*NET's
  // titles write "advisor" about seven times in eight, so "Tax Adviser" missed the tax preparers'
  // "Tax Advisor".
  adviser: 'advisor',
};

/** British spellings by regular rule: returns the American form, or the word itself. */
export function americanSpelling(word: string): string {
  // Every title and description word passes here, and the rules are a handful of regular expressions:
  // remember the answers (a bounded set: the words people write).
  const known = spellingCache.get(word);
  if (known !== undefined) return known;
  const american = spellingRules(word);
  if (spellingCache.size >= SPELLING_CACHE_LIMIT) spellingCache.clear();
  spellingCache.set(word, american);
  return american;
}

const SPELLING_CACHE_LIMIT = 50_000;
const spellingCache = new Map<string, string>();

function spellingRules(word: string): string {
  const listed = Object.hasOwn(BRITISH_WORDS, word) ? BRITISH_WORDS[word] : undefined;
  if (listed !== undefined) return listed;
  let w = word;
  // Medical Greek and Latin: paediatric, anaesthetist, haematology, gynaecologist, orthopaedic, oesophageal.
  w = w.replace(
    /(paed|anaes|haem|gynae|orthopaed|caes|aetiol|oesoph|oestr|foet|leukaem|anaem|ischaem)/,
    (m) => m.replace(/ae|oe/, 'e'),
  );
  // -our -> -or: labour, labourer, colour, behaviour, harbour, favourite (not hour, four, tour, flour).
  w = w.replace(/^([a-z]{2,})our(s|er|ers|ed|ing|hood|ist|able|ite)?$/, (m, stem: string, suffix?: string) =>
    OUR_KEEP.has(`${stem}our`) || OUR_KEEP.has(`${stem.slice(-1)}our`) ? m : `${stem}or${suffix ?? ''}`,
  );
  // -ise -> -ize: organiser, organisation, specialised (not advise, supervise, exercise, advertiser).
  w = w.replace(/^([a-z]{3,})is(e|es|er|ers|ed|ing|ation|ations)$/, (m, stem: string, suffix: string) =>
    ISE_KEEP.test(`${stem}is`) ? m : `${stem}iz${suffix}`,
  );
  // -yse -> -yze: analyse, analyser, paralysed.
  w = w.replace(/^(anal|paral|catal|dial)ys(e|es|er|ers|ed|ing)$/, '$1yz$2');
  // -re -> -er: centre, theatre, metre, fibre, litre (not acre, genre, ogre).
  w = w.replace(/^(cent|theat|met|fib|lit|spect|sab|calib|lust)re(s)?$/, '$1er$2');
  // -ogue -> -og: catalogue, analogue, dialogue.
  w = w.replace(/^(catal|anal|dial)ogue(s)?$/, '$1og$2');
  // Doubled l before a suffix: travelling, traveller, labelled, counsellor, modelling, cancelled.
  w = w.replace(
    /^(travel|label|counsel|model|cancel|fuel|signal|level|channel|jewel|marshal)l(ing|er|ers|ed|or|ors)$/,
    '$1$2',
  );
  return w;
}

/**
 * Spanish occupation words (accents already folded away by the normaliser) and the English title words
 * they mean. Masculine and feminine forms are both listed.
 */
const SPANISH: Readonly<Record<string, string>> = {
  cocinero: 'cook',
  cocinera: 'cook',
  cocina: 'kitchen',
  carpintero: 'carpenter',
  carpintera: 'carpenter',
  jardinero: 'landscaping worker',
  jardinera: 'landscaping worker',
  albanil: 'brickmason',
  pintor: 'painter',
  pintora: 'painter',
  soldador: 'welder',
  soldadora: 'welder',
  mecanico: 'mechanic',
  mecanica: 'mechanic',
  electricista: 'electrician',
  plomero: 'plumber',
  plomera: 'plumber',
  fontanero: 'plumber',
  cajero: 'cashier',
  cajera: 'cashier',
  mesero: 'waiter',
  mesera: 'waitress',
  camarero: 'waiter',
  camarera: 'maid',
  lavaplatos: 'dishwasher',
  chofer: 'driver',
  camion: 'truck',
  camionero: 'truck driver',
  ayudante: 'helper',
  trabajador: 'worker',
  trabajadora: 'worker',
  obrero: 'laborer',
  obrera: 'laborer',
  jornalero: 'laborer',
  agricola: 'farmworker',
  campo: 'farmworker',
  construccion: 'construction',
  empacador: 'packer',
  empacadora: 'packer',
  costurera: 'sewing machine operator',
  costurero: 'sewing machine operator',
  ninera: 'nanny',
  nanera: 'nanny',
  limpieza: 'cleaner',
  limpiador: 'cleaner',
  limpiadora: 'cleaner',
  conserje: 'janitor',
  piso: 'housekeeping',
  enfermera: 'nurse',
  enfermero: 'nurse',
  maestro: 'teacher',
  maestra: 'teacher',
  primaria: 'elementary school',
  recepcionista: 'receptionist',
  panadero: 'baker',
  panadera: 'baker',
  carnicero: 'butcher',
  carnicera: 'butcher',
  guardia: 'guard',
  seguridad: 'security',
  operador: 'operator',
  operadora: 'operator',
  operario: 'production worker',
  operaria: 'production worker',
  montacargas: 'forklift',
  techador: 'roofer',
  produccion: 'production',
  repartidor: 'delivery driver',
  repartidora: 'delivery driver',
  vendedor: 'salesperson',
  vendedora: 'salesperson',
  cuidador: 'caregiver',
  cuidadora: 'caregiver',
  ancianos: 'elderly',
  lavandera: 'laundry worker',
  lavandero: 'laundry worker',
  pescador: 'fisher',
  oficinas: 'office',
  oficina: 'office',
  linea: 'line',
  bodega: 'warehouse',
  bodeguero: 'warehouse worker',
  almacen: 'warehouse',
  gerente: 'manager',
  contador: 'accountant',
  contadora: 'accountant',
  secretaria: 'secretary',
  vaquero: 'ranch hand',
  ordenador: 'milker',
  invernadero: 'greenhouse',
  vivero: 'nursery',
  cosechador: 'farmworker',
  podador: 'tree trimmer',
  herrero: 'blacksmith',
  tapicero: 'upholsterer',
  peluquero: 'hairdresser',
  peluquera: 'hairdresser',
  estilista: 'hairstylist',
  lavador: 'washer',
};

/** Spanish words that are also English words: read as Spanish only beside another Spanish word. */
const SPANISH_IF_SPANISH_CONTEXT: Readonly<Record<string, string>> = {
  conductor: 'driver',
};

/** The two tables as maps: every word of every title is looked up (own entries only, as Object.hasOwn). */
const SPANISH_WORDS: ReadonlyMap<string, string> = new Map(Object.entries(SPANISH));
const SPANISH_IF_SPANISH_CONTEXT_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries(SPANISH_IF_SPANISH_CONTEXT),
);

/** Spanish function words, dropped like English stop words when the title reads as Spanish. */
const SPANISH_STOPWORDS: ReadonlySet<string> = new Set([
  'de',
  'del',
  'la',
  'el',
  'los',
  'las',
  'y',
  'en',
  'para',
]);

/**
 * Reads Spanish occupation words in a title's raw words as the English words O*NET uses. A title with
 * no Spanish occupation word is returned as is (same array), so English titles pay one look-up per word.
 */
export function englishFromSpanish(words: readonly string[]): readonly string[] {
  let spanish = false;
  for (const w of words) if (SPANISH_WORDS.has(w)) spanish = true;
  if (!spanish) return words;
  const out: string[] = [];
  for (const w of words) {
    if (SPANISH_STOPWORDS.has(w)) continue;
    const english = SPANISH_WORDS.get(w) ?? SPANISH_IF_SPANISH_CONTEXT_WORDS.get(w);
    out.push(...(english ?? w).split(' '));
  }
  return out;
}
