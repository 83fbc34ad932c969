import { majorGroupOf } from '../soc-code';
import { inferred, leading, listsTitle, type RankedEntry, type RankTitle, type Ranking } from './ranking';
import type { NamedSellers } from './named-seller';
import type { RoleReadings } from './role-readings';
import { oewsSector } from './sector-prior';
import { soldActivity } from './sold-activity';

/**
 * Titles written head word first, as occupation indexes list them ("Sales pianos", "Sales pest
 * control services"), where the head word fixes the kind of occupation and the rest says of what
 * (docs/methodology.md §2a, "Readings"). The direct match reads the words as a set, and a head that
 * names no person ("sales") leaves the modifier's own occupation the best match: a line selling floor
 * coverings reached their installers, one selling software the developers.
 */

/** The SOC major group of sales and related occupations, which a sales title names. */
const SALES_MAJOR_GROUP = '41';

/**
 * The kind of seller an industry names, by OEWS sector: the SOC's "Retail Sales Workers" (41-2000) in
 * retail trade (NAICS 44-45), its "Sales Representatives, Wholesale and Manufacturing" (41-4000) in
 * wholesale trade (42) and manufacturing (31-33); with the word the line is read with.
 */
const SELLERS_OF_SECTOR: Readonly<Record<string, { minorGroup: string; seller: string }>> = {
  '44': { minorGroup: '41-2', seller: 'salesperson' },
  '42': { minorGroup: '41-4', seller: 'sales representative' },
  '31': { minorGroup: '41-4', seller: 'sales representative' },
};

/**
 * The SOC's wholesale and manufacturing sales representatives (41-4000), whom it names by their employer:
 * "Sell goods for wholesalers or manufacturers" (SOC 2018 definitions of 41-4011 and 41-4012).
 */
const WHOLESALE_REPRESENTATIVES = '41-4';
/** Words naming that employer, as the SOC's title and definitions of 41-4000 write it (normalised). */
const WHOLESALE_WORDS: ReadonlySet<string> = new Set([
  'wholesale',
  'wholesaler',
  'manufacturing',
  'manufacturer',
]);

/** The word a sales line starts with, as normalised ("Sales" → "sale"). */
const SELLING_WORD = 'sale';

/** Where an exclusion clause starts ("Sales garden supplies exc seeds"); title-shape.ts drops its words. */
const EXCLUSION_CLAUSE = /\b(?:exc|except|excluding)\b/i;

/** A sales line: "Sales" first and no word naming a person, so the rest is what is sold. */
export const isSalesLine = (words: readonly string[], personNoun: (word: string) => boolean): boolean =>
  words.length >= 2 && words[0] === SELLING_WORD && !words.some(personNoun);

export class HeadFirstReadings {
  constructor(
    private readonly ranked: RankTitle,
    private readonly roles: RoleReadings,
    private readonly socCodes: readonly string[],
    private readonly namedSellers: NamedSellers,
  ) {}

  /** The first head-first reading that applies to the title (`industry`: the request's NAICSCode), or null. */
  read(title: string, description: string, direct: Ranking, industry: string): Ranking | null {
    return this.salesLine(title, description, direct, industry) ?? this.assistantLine(direct);
  }

  /**
   * An assistant line: "Assistant" and one practitioner's noun ("Assistant Dentist", "Assistant
   * Surveyor"), as the index writes the practice's assistant, head word first, or the same written
   * forward ("Carpenter Assistant", "Pharmacist Aide"), also after words that say where or of whom
   * ("Middle School Assistant Teacher", "Kindergarten Teacher Aide"). The SOC files those who assist a
   * practice apart from it ("Dental Assistants": "under the direction of a dentist"; "Surveying and
   * Mapping Technicians"), while the practitioner's noun, the rarer word, drew the practice's own titles. Where
   * the direct answer is no assisting occupation of the practice (none, or one whose titles never name
   * the practitioner: "Technologist Aide" as personal care aides) and a candidate rated Probable or better
   * assists the practice the noun names (RoleReadings.assistsPractice), that one is the answer, at most
   * Probable. A practice without such an occupation keeps its answer ("Assistant Actuary", "Assistant
   * Auditor"), and so does a rank ("Assistant Manager": generic-rank.ts).
   */
  private assistantLine(direct: Ranking): Ranking | null {
    const { words } = direct;
    if (words.length < 2) return null;
    // The practitioner's noun and its assistant word close the title; words before them say where
    // ("Middle School Assistant Teacher", "Kindergarten Teacher Aide").
    const [first, second] = words.slice(-2) as [string, string];
    const practitioner =
      first === 'assistant' ? second : second === 'assistant' || second === 'aide' ? first : null;
    if (practitioner === null) return null;
    const top = direct.list[0];
    if (
      top === undefined ||
      !this.roles.personNoun(practitioner) ||
      this.roles.assistingWord(practitioner) ||
      (this.roles.assisting(top.o) && this.roles.titleHas(top.o, practitioner))
    )
      return null;
    const assistant = direct.list.find(
      (e) => e.rating !== 'Possible' && this.roles.assistsPractice(e.o, practitioner),
    );
    return assistant === undefined
      ? null
      : leading(direct, { ...assistant, rating: inferred(assistant.rating) });
  }

  /**
   * A sales line: "Sales" first and no word naming a person, so the rest is what is sold ("Sales
   * pianos", "Sales travel services"; "Sales agent bonds" is a sales agent, read as written). Its
   * occupation is a seller's (SOC major group 41), and which one the scorer chooses among the direct
   * match's sellers (not their supervisors) and the line read as the seller of what it names, in the
   * SOC's words: a sales representative where it names a service (minor group 41-3000 "Sales
   * Representatives, Services"), else the seller the request's industry names (SELLERS_OF_SECTOR: in
   * retail trade only retail sales workers, in wholesale trade and manufacturing only their sales
   * representatives), else a salesperson (the retail sales workers' word); the reading's best seller
   * counts whether or not it leads the reading. The best-scored of these wins, so a line O*NET lists
   * under a sales occupation keeps it ("Sales insurance": insurance sales agents; "Sales advertising":
   * advertising sales agents). A title O*NET lists under another kind of job ("Sales Training", "Sales Operations",
   * department names as employers write them) is left as it is. Without an industry that names the
   * employer, and no word naming a wholesaler or manufacturer, the wholesale and manufacturing
   * representatives do not compete (the SOC names them by their employer); nor do the retail sales workers
   * named by what they handle (parts, rentals) unless the line names it (named-seller.ts). The answer is at
   * most Probable.
   */
  private salesLine(title: string, description: string, direct: Ranking, industry: string): Ranking | null {
    const { words } = direct;
    if (!isSalesLine(words, (w) => this.roles.personNoun(w))) return null;
    // A seller: the group also holds the first-line supervisors of sales workers.
    const isSalesWorker = (e: RankedEntry): boolean =>
      majorGroupOf(this.socCodes[e.o] as string) === SALES_MAJOR_GROUP && !this.roles.supervisory(e.o);
    const top = direct.list[0];
    // A title O*NET lists under another kind of job names selling in it ("Sales Training"); a near-exact
    // score reached through what is sold alone ("Sales water treatment plants": the plant operators' own
    // title) is no such listing.
    if (
      top !== undefined &&
      listsTitle(top) &&
      !isSalesWorker(top) &&
      this.roles.titleHas(top.o, SELLING_WORD)
    )
      return null;
    const sold = title.replace(/^\s*sales?\b[\s,:-]*/i, '');
    // What is sold ends where an exclusion clause starts ("apparel exc shoes").
    const clause = EXCLUSION_CLAUSE.exec(sold)?.index ?? sold.length;
    const services = words.includes('service');
    const sector = services ? undefined : SELLERS_OF_SECTOR[oewsSector(industry) ?? ''];
    // A service named by the activity sold ("Sales snow plowing"), where the industry names no kind of
    // seller, is read as its seller ("snow plowing service sales representative", sold-activity.ts); a
    // sales occupation O*NET lists the line under keeps it (the reading's added words would outscore it).
    const activity = !services && sector === undefined && soldActivity(sold.slice(0, clause));
    if (activity && listsTitle(top)) return null;
    const seller =
      sector?.seller ??
      (services ? 'sales representative' : activity ? 'service sales representative' : 'salesperson');
    // Without an industry that names the employer, and no word naming a wholesaler or manufacturer, the
    // line is no wholesale or manufacturing representative's: the SOC names those by their employer, and
    // O*NET files the index's lines for them as "<goods> Sales Representative", which the line's goods
    // alone reach ("Sales school supplies" reached "School Supplies Sales Representative", Confident).
    const employerUnnamed = sector === undefined && !words.some((w) => WHOLESALE_WORDS.has(w));
    const isSeller = (e: RankedEntry): boolean => {
      if (!isSalesWorker(e)) return false;
      const soc = this.socCodes[e.o] as string;
      // A retail sales worker named by what it handles only for a line that names it: "Sales telephone
      // equipment" at a retailer reached the parts salespersons through O*NET's parts titles.
      if (this.namedSellers.unnamed(e.o, words)) return false;
      if (sector !== undefined) return soc.startsWith(sector.minorGroup);
      return !(employerUnnamed && soc.startsWith(WHOLESALE_REPRESENTATIVES));
    };
    // The seller is the head, written last, before any exclusion clause ("apparel salesperson exc shoes").
    const asSeller = this.ranked(
      `${sold.slice(0, clause)} ${seller} ${sold.slice(clause)}`,
      description,
    ).list;
    // The best seller of the kinds the line can name that the reading reaches, whether or not it leads
    // the reading: "pharmaceuticals salesperson" reaches the wholesale representatives first, which a
    // retailer does not employ; "pool tables salesperson" the recreation attendants, where the head
    // "Sales" names a seller.
    const read = asSeller.find(isSeller);
    let best: RankedEntry | undefined = direct.list.find(isSeller);
    if (read !== undefined && (best === undefined || read.score > best.score)) best = read;
    if (best === undefined || best.o === top?.o) return null;
    return leading(direct, { ...best, rating: inferred(best.rating) });
  }
}
