import { majorGroupOf } from '../soc-code';
import { inferred, leading, listsTitle, type RankedEntry, type RankTitle, type Ranking } from './ranking';
import type { RoleReadings } from './role-readings';

/**
 * Titles written head word first, as occupation indexes list them ("Sales furniture", "Sales moving
 * services"), where the head word fixes the kind of occupation and the rest says of what
 * (docs/methodology.md §2a, "Readings"). The direct match reads the words as a set, and a head that
 * names no person ("sales") leaves the modifier's own occupation the best match: "Sales carpet" is
 * answered as carpet installers, "Sales computer software" as software developers.
 */

/** The SOC major group of sales and related occupations, which a sales title names. */
const SALES_MAJOR_GROUP = '41';

export class HeadFirstReadings {
  constructor(
    private readonly ranked: RankTitle,
    private readonly roles: RoleReadings,
    private readonly socCodes: readonly string[],
  ) {}

  /** The first head-first reading that applies to the title, or null. */
  read(title: string, description: string, direct: Ranking): Ranking | null {
    return this.salesLine(title, description, direct);
  }

  /**
   * A sales line: "Sales" first and no word naming a person, so the rest is what is sold ("Sales
   * furniture", "Sales hotel services"; "Sales agent securities" is a sales agent, read as written). Its
   * occupation is a seller's (SOC major group 41), and which one the scorer chooses among the
   * direct match's sellers (not their supervisors) and the line read as the seller of what it names: a seller of
   * services in the SOC's words ("Sales Representatives of Services", minor group 41-3000 "Sales
   * Representatives, Services") where the line names a service, else a salesperson (the word of the
   * retail sales workers, who sell goods). The best-scored of these wins, so a line O*NET lists under a
   * sales occupation keeps it ("Sales insurance": insurance sales agents; "Sales advertising": advertising
   * sales agents). A title O*NET lists under another kind of job ("Sales Training", "Sales Operations",
   * department names as employers write them) is left as it is. The answer is at most Probable.
   */
  private salesLine(title: string, description: string, direct: Ranking): Ranking | null {
    const { words } = direct;
    if (words.length < 2 || words[0] !== 'sale' || words.some((w) => this.roles.personNoun(w))) return null;
    // A seller: the group also holds the first-line supervisors of sales workers.
    const isSeller = (e: RankedEntry): boolean =>
      majorGroupOf(this.socCodes[e.o] as string) === SALES_MAJOR_GROUP && !this.roles.supervisory(e.o);
    const top = direct.list[0];
    if (top !== undefined && listsTitle(top) && !isSeller(top)) return null;
    const sold = title.replace(/^\s*sales?\b[\s,:-]*/i, '');
    const seller = words.includes('service') ? 'sales representative' : 'salesperson';
    const read = this.ranked(`${seller} ${sold}`, description).list[0];
    let best: RankedEntry | undefined = direct.list.find(isSeller);
    if (read !== undefined && isSeller(read) && (best === undefined || read.score > best.score)) best = read;
    if (best === undefined || best.o === top?.o) return null;
    return leading(direct, { ...best, rating: inferred(best.rating) });
  }
}
