import { isPhysicianOrSurgeon } from '../soc-code';
import { titleWords } from '../text/normalize';
import { inferred, leading, listsTitle, RATING_ORDER, type RankTitle, type Ranking } from './ranking';
import { HELPER_WORDS, SUPERVISOR_WORDS, type RoleReadings } from './role-readings';
import { departmentFirst, executiveFunction, MEDICAL_TRAINEE_WORDS, ROLE_JOIN } from './title-shape';

/**
 * The title as matched, read the way an analyst reads it where O*NET does not list it
 * (docs/methodology.md §2a, "Readings"): an executive over a function, one of two combined roles, a
 * supervisor or helper of a trade, a field without a role, a physician in training. Each reading
 * applies only when the direct match is not already that kind of answer, and its answer is at most
 * Probable: the title was interpreted, not found.
 */
export class TitleReadings {
  constructor(
    private readonly ranked: RankTitle,
    private readonly roles: RoleReadings,
    private readonly socCodes: readonly string[],
  ) {}

  /** The ranking of a title as written: the direct match, or the first reading that applies. */
  read(written: string, description: string): Ranking {
    const title = departmentFirst(written);
    const direct = this.ranked(title, description);
    const read =
      this.executiveReading(title, description, direct) ??
      this.combinedRoleReading(title, description, direct) ??
      this.traineePhysicianReading(description, direct) ??
      this.rankOrHelperReading(description, direct) ??
      this.fieldReading(direct) ??
      direct;
    // A title read with its department first was interpreted too: at most Probable.
    return title === written
      ? read
      : { ...read, list: read.list.map((e) => ({ ...e, rating: inferred(e.rating) })) };
  }

  /**
   * "Chief <function> Officer" and "VP of <function>" name the executive over a function (Chief People
   * Officer, VP of Engineering). When O*NET does not list the title well enough for Confident, it is also
   * read as "<function> Director", which O*NET files under that function's managers, and the better-rated
   * reading wins, keeping the title's own executive level.
   */
  private executiveReading(title: string, description: string, direct: Ranking): Ranking | null {
    const fn = executiveFunction(title);
    if (fn === null || listsTitle(direct.list[0])) return null;
    const asDirector = this.ranked(`${fn} Director`, description);
    const a = direct.list[0];
    const b = asDirector.list[0];
    if (b === undefined || (a !== undefined && RATING_ORDER[b.rating] <= RATING_ORDER[a.rating])) return null;
    return { words: direct.words, level: direct.level, list: asDirector.list };
  }

  /**
   * Two roles in one title ("Firefighter-Paramedic", "Receptionist/Switchboard Operator"): the first
   * named is the job, the second a duty added to it. Applies when each part alone names a different
   * occupation at least Probable and the whole title matched neither the first.
   */
  private combinedRoleReading(title: string, description: string, direct: Ranking): Ranking | null {
    const parts = title.split(ROLE_JOIN).map((p) => p.trim());
    if (parts.length !== 2 || parts.some((p) => p === '')) return null;
    // Each part must end on a person noun: "Research Scientist - Biology" is a scientist in a field.
    if (!parts.every((p) => this.roles.personNoun(titleWords(p).at(-1) ?? ''))) return null;
    const [first, second] = parts.map((p) => this.ranked(p, description)) as [Ranking, Ranking];
    const a = first.list[0];
    const b = second.list[0];
    if (a === undefined || b === undefined || a.rating === 'Possible' || b.rating === 'Possible') return null;
    const { socCodes } = this;
    if (socCodes[a.o] === socCodes[b.o] || socCodes[a.o] === socCodes[direct.list[0]?.o ?? -1]) return null;
    return leading(direct, { ...a, rating: inferred(a.rating) });
  }

  /**
   * Residents and fellows are physicians in training ("Resident, General Surgery", "Fellow - Cardiology"):
   * with a word of a physician specialty, the title is read as that specialty's physician.
   */
  private traineePhysicianReading(description: string, direct: Ranking): Ranking | null {
    const { words } = direct;
    if (!words.some((w) => MEDICAL_TRAINEE_WORDS.has(w))) return null;
    const top = direct.list[0];
    if (top !== undefined && isPhysicianOrSurgeon(this.socCodes[top.o] as string)) return null;
    const rest = words.filter((w) => !MEDICAL_TRAINEE_WORDS.has(w));
    if (rest.length === 0 || !rest.some((w) => this.roles.physicianWord(w))) return null;
    const asPhysician = this.ranked(`${rest.join(' ')} physician`, description).list[0];
    if (asPhysician === undefined || !isPhysicianOrSurgeon(this.socCodes[asPhysician.o] as string))
      return null;
    return leading(direct, { ...asPhysician, rating: inferred(asPhysician.rating) });
  }

  /**
   * A rank or helper word on a trade ("Detention Sergeant", "Custodial Lead", "Electrician Helper"): the
   * trade is matched without it, and its first-line supervisor or helper occupation is the answer.
   * Not when the direct match already is one, or is a Confident title that uses the word itself
   * ("Bell Captain" is a title of baggage porters, "Ship Captain" of ship captains).
   */
  private rankOrHelperReading(description: string, direct: Ranking): Ranking | null {
    const { roles } = this;
    const { words } = direct;
    const last = words[words.length - 1];
    const rankWord =
      words.find((w) => SUPERVISOR_WORDS.has(w)) ?? (last === 'lead' && words.length > 1 ? last : undefined);
    const helperWord = words.find((w) => HELPER_WORDS.has(w));
    const role = rankWord ?? helperWord;
    if (role === undefined) return null;
    const wantSupervisor = rankWord !== undefined;
    const top = direct.list[0];
    if (top !== undefined) {
      // A weak supervisor answer may be the wrong trade's ("Jail Lieutenant" as police): read it anyway.
      if ((wantSupervisor ? roles.supervisory(top.o) : roles.helper(top.o)) && top.rating !== 'Possible')
        return null;
      if (listsTitle(top) && roles.titleHas(top.o, role)) return null;
    }
    const trade = words.filter((w) => w !== role && !SUPERVISOR_WORDS.has(w) && !HELPER_WORDS.has(w));
    if (trade.length === 0) return null;
    const worker = this.ranked(trade.join(' '), description).list[0];
    if (worker === undefined) return null;
    const target = wantSupervisor ? roles.supervisorOf(worker.o) : roles.helperOf(worker.o);
    if (target === null) return null;
    return leading(direct, { o: target, score: worker.score, rating: inferred(worker.rating) });
  }

  /**
   * A title of field words only ("Custodial", "Janitorial", "Housekeeping") names the work, not a rank:
   * it is the field's worker, so a supervisor or manager answer gives way to the best worker candidate.
   */
  private fieldReading(direct: Ranking): Ranking | null {
    const { roles } = this;
    const top = direct.list[0];
    if (top === undefined || !roles.supervisory(top.o)) return null;
    if (!direct.words.every((w) => roles.fieldWord(w))) return null;
    const worker = direct.list.find((e) => !roles.supervisory(e.o));
    return worker === undefined ? null : leading(direct, { ...worker, rating: inferred(worker.rating) });
  }
}
