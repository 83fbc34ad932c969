import {
  isManagement,
  isHealthPractitioner,
  isPhysicianOrSurgeon,
  isProfessionalOrTechnical,
  majorGroupOf,
} from '../soc-code';
import { titleWords } from '../text/normalize';
import {
  inferred,
  leading,
  listsTitle,
  RATING_ORDER,
  type RankedEntry,
  type RankTitle,
  type Ranking,
} from './ranking';
import { HeadFirstReadings } from './head-first-readings';
import { NamedSellers } from './named-seller';
import { MANAGER_RANKS } from './rank-answer';
import { residualSpecialty } from './residual-specialty';
import { HELPER_WORDS, SUPERVISOR_WORDS, type RoleReadings } from './role-readings';
import { traineeLevel } from './title-level';
import {
  departmentFirst,
  executiveFunction,
  ACADEMIC_WORDS,
  FACULTY_WORDS,
  headNoun,
  physicianNoun,
  MEDICINE_WORDS,
  namesNoField,
  ROLE_JOIN,
  traineeWords,
  WordClass,
  wordClasses,
} from './title-shape';

/** Ranks that head a clinical service's post (clinicalChiefReading). */
const CLINICAL_RANKS: ReadonlySet<string> = new Set(['chief', 'director', 'head']);
/** Words that say surgery, beside MEDICINE_WORDS that say medicine (clinicalChiefReading). */
const SURGERY_WORDS: ReadonlySet<string> = new Set(['surgery', 'surgical']);
const JOINS = /[/\-–]/;
/** "Chief" written in the title, not expanded from a short form such as "CMO" (rankOrHelperReading). */
const WRITTEN_CHIEF = /\bchief\b/i;
/** "Head" as the title's first word (rankOrHelperReading). */
const LEADING_HEAD = /^\s*head\b/i;
/** The SOC major group of production occupations, whose lead hands O*NET files with the workers. */
const PRODUCTION = '51';
/** How far below a first role's best answer one of its other answers may be and still be what it means. */
const KIND_GAP = 0.3;

/** A trainee word that names the programme, not the person in it (title-shape.ts traineeWords). */
const TRAINING_PROGRAMMES: ReadonlySet<string> = new Set(['residency', 'fellowship']);
/** Words that name the person holding a job, as normalised and as written (personWordReading). */
const PERSON_WORDS: ReadonlySet<string> = new Set(['boy', 'girl', 'man', 'woman', 'lady', 'person']);
const PERSON_WORD = /\b(?:boys?|girls?|m[ae]n|wom[ae]n|lady|ladies|persons?)\b/gi;

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
    occupationTitles: readonly string[],
  ) {
    this.namedSellers = new NamedSellers(occupationTitles, socCodes, roles);
    this.headFirst = new HeadFirstReadings(ranked, roles, socCodes, this.namedSellers);
  }

  /** Retail sales workers named by what they handle answer only a title naming it (named-seller.ts). */
  private readonly namedSellers: NamedSellers;

  /** Index lines written head word first, read by what their head names (head-first-readings.ts). */
  private readonly headFirst: HeadFirstReadings;

  /**
   * The ranking of a title as written: the direct match, or the first reading that applies. The
   * request's industry (NAICSCode) tells what a sales line's seller is (head-first-readings.ts).
   */
  read(written: string, description: string, industry = ''): Ranking {
    const title = departmentFirst(written);
    const direct = this.ranked(title, description);
    // The medical readings look for words most titles lack: find them in one pass.
    const classes = wordClasses(direct.words);
    const read =
      this.executiveReading(title, description, direct) ??
      ((classes & WordClass.Trainee) !== 0 ? this.traineeReading(title, description, direct) : null) ??
      ((classes & WordClass.Faculty) !== 0
        ? this.clinicalFacultyReading(title, description, direct)
        : null) ??
      this.clinicalChiefReading(title, description, direct) ??
      ((classes & WordClass.Physician) !== 0 ? this.physicianReading(title, description, direct) : null) ??
      this.apprenticeReading(title, description, direct) ??
      this.personWordReading(title, description, direct) ??
      this.combinedRoleReading(title, description, direct) ??
      this.headFirst.read(title, description, direct, industry) ??
      this.rankOrHelperReading(title, description, direct) ??
      this.fieldReading(direct) ??
      direct;
    const sold = this.namedSellers.apply(read);
    const checked = this.twoRolesDoubt(
      title,
      this.professionalSupervisorDoubt(description, residualSpecialty(sold, this.roles, this.socCodes)),
    );
    // A title read with its department first was interpreted too: at most Probable.
    return title === written
      ? checked
      : { ...checked, list: checked.list.map((e) => ({ ...e, rating: inferred(e.rating) })) };
  }

  /**
   * A title joining two roles ("Bartender/Cook") answered Confidently by an occupation
   * none of whose titles uses the person noun one of the roles ends on: the answer is one of the two
   * jobs, and which one the employer means is for the analyst to check (at most Probable). A rank or
   * role noun ("Director", "Coordinator") names no second occupation: it is a duty added to the job.
   */
  private twoRolesDoubt(title: string, read: Ranking): Ranking {
    const top = read.list[0];
    if (top === undefined || top.rating !== 'Confident' || !JOINS.test(title)) return read;
    const parts = title.split(ROLE_JOIN);
    if (parts.length !== 2) return read;
    const other = parts.some((p) => {
      const head = titleWords(p).at(-1);
      return (
        head !== undefined &&
        this.roles.personNoun(head) &&
        !namesNoField([head]) &&
        !this.roles.titleHas(top.o, head)
      );
    });
    return other ? leading(read, { ...top, rating: 'Probable' }) : read;
  }

  /**
   * A supervisor's title answered Confidently as a first-line supervisor of service or production
   * workers, while what it supervises, read alone, is a professional or technical occupation's work
   * ("Supervisor Lab Services": laboratory technicians' work). The SOC classifies supervisors of
   * professional and technical workers (major groups 13-29) with the workers they supervise, and has no
   * first-line supervisor code for them; which the employer means is for the analyst to check: at most
   * Probable.
   */
  private professionalSupervisorDoubt(description: string, read: Ranking): Ranking {
    const top = read.list[0];
    if (top === undefined || top.rating !== 'Confident' || !this.roles.firstLineSupervisor(top.o))
      return read;
    const { words } = read;
    if (!words.some((w) => SUPERVISOR_WORDS.has(w))) return read;
    const trade = words.filter((w) => !SUPERVISOR_WORDS.has(w));
    if (trade.length === 0) return read;
    const worker = this.ranked(trade.join(' '), description).list[0];
    if (worker === undefined || !isProfessionalOrTechnical(this.socCodes[worker.o] as string)) return read;
    return leading(read, { ...top, rating: 'Probable' });
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
   * An apprentice is the trade he or she trains for: the SOC's coding rules classify apprentices and
   * trainees with the occupation they are training for, and helpers apart. O*NET lists some apprentices'
   * titles under the trade's helpers ("Electrician Apprentice") and the bare word under catch-all
   * production titles, which pull an apprentice of a trade O*NET does not list that way towards them.
   * Where O*NET does not list the title itself, the title without "apprentice" is read, at the Entry
   * level the apprentice word sets (title-level.ts).
   */
  private apprenticeReading(title: string, description: string, direct: Ranking): Ranking | null {
    const { words } = direct;
    const first = direct.list[0];
    if (words.length < 2 || !words.includes('apprentice') || listsTitle(first)) return null;
    // A helper of the trade named is where O*NET files apprentices itself: keep it. A helper of another
    // trade ("Apprentice Kiln Operator" as electricians' helpers, through O*NET's bare "Apprentice") is
    // not the trade the title names, nor is one whose titles share only a modifier of it ("Apprentice
    // Painter Sign" is no helper of electricians because O*NET lists a "Sign Wirer" with them): the
    // helper's titles must name the trade's head noun, where it is a person noun (else any of its words).
    const tradeTitle = title.replace(/\bapprentices?\b/gi, ' ');
    const trade = words.filter((w) => w !== 'apprentice');
    const personNoun = (w: string): boolean => this.roles.personNoun(w);
    const head = headNoun(tradeTitle, trade, personNoun);
    const named = head !== null && personNoun(head) ? [head] : trade;
    if (
      first !== undefined &&
      this.roles.helper(first.o) &&
      named.some((w) => this.roles.titleHas(first.o, w))
    )
      return null;
    const asTrade = this.ranked(tradeTitle, description);
    const top = asTrade.list[0];
    if (top === undefined) return null;
    return {
      words,
      level: direct.level,
      list: leading(asTrade, { ...top, rating: inferred(top.rating) }).list,
    };
  }

  /**
   * "Boy", "girl", "man", "woman", "lady" and "person" in a title name the worker, not the job ("Warehouse
   * Boy", "Tool Room Man", "Laundry Girl"). O*NET lists only a few such titles ("Bus Boy", "Change
   * Person"), so a rare word like "boy" pulls an unlisted title to the one occupation that lists it.
   * Where O*NET does not list the title itself, it is read without the word, as any title is (so a
   * field left alone is the field's worker: "Mail Boy" is a mail clerk), at most Probable.
   */
  private personWordReading(title: string, description: string, direct: Ranking): Ranking | null {
    const first = direct.list[0];
    if (!direct.words.some((w) => PERSON_WORDS.has(w)) || listsTitle(first)) return null;
    const asWritten = title.replace(PERSON_WORD, ' ').replace(/\s+/g, ' ').trim();
    // The word may have come from a closed compound the matcher split ("Millman"): nothing to read.
    if (asWritten === title) return null;
    const without = this.read(asWritten, description);
    const top = without.list[0];
    if (top === undefined) return null;
    return {
      words: direct.words,
      level: direct.level,
      list: leading(without, { ...top, rating: inferred(top.rating) }).list,
    };
  }

  /**
   * A title whose head noun is "physician" or "doctor" names a physician ("Physician, Infectious
   * Diseases", "Medical Doctor (Geriatrics)"), whatever other occupations its modifiers reach: the
   * best physician or surgeon among the candidates, else the physician its specialty words name.
   */
  private physicianReading(title: string, description: string, direct: Ranking): Ranking | null {
    const head = headNoun(title, direct.words, (w) => this.roles.personNoun(w));
    if (head === null || !physicianNoun(head, direct.words)) return null;
    const isPhysician = (e: RankedEntry | undefined): boolean =>
      e !== undefined && isPhysicianOrSurgeon(this.socCodes[e.o] as string);
    const top = direct.list[0];
    if (top === undefined) return null;
    const specialty = direct.words.filter(
      (w) => !MEDICINE_WORDS.has(w) && !FACULTY_WORDS.has(w) && this.roles.specialtyWord(w),
    );
    const asSpecialty = (): RankedEntry | undefined =>
      specialty.length === 0
        ? undefined
        : this.ranked(`${specialty.join(' ')} physician`, description).list[0];
    // A physician of another specialty than the one the title names ("Attending Physician, Neurology"
    // found as emergency physicians through "Attending Physician"): the specialty's physician.
    if (isPhysician(top)) {
      if (specialty.length === 0 || this.roles.ownTitleNames(top.o, specialty)) return null;
      const named = asSpecialty();
      return named !== undefined && isPhysician(named) && this.roles.ownTitleNames(named.o, specialty)
        ? leading(direct, { ...named, rating: inferred(named.rating) })
        : null;
    }
    // "Naturopathic Physician", "Chinese Medical Doctor": a doctor of another practice, which "doctor"
    // names or the answer's own title does. A practice found only through the specialty's word beside
    // "physician" ("Physician, Dialysis" as registered nurses, whose titles say "Dialysis Nurse") is
    // not the physician the title names.
    if (
      isHealthPractitioner(this.socCodes[top.o] as string) &&
      (head !== 'physician' ||
        this.roles.ownTitleNames(
          top.o,
          direct.words.filter((w) => !MEDICINE_WORDS.has(w)),
        ))
    )
      return null;
    const physician = direct.list.find(isPhysician) ?? asSpecialty();
    return physician !== undefined && isPhysician(physician)
      ? leading(direct, { ...physician, rating: inferred(physician.rating) })
      : null;
  }

  /**
   * Two roles in one title ("Firefighter-Paramedic", "Receptionist/Switchboard Operator"): the first
   * named is the job, the second a duty added to it. Applies when each part alone names a different
   * occupation at least Probable and the whole title matched neither the first. Where the second names
   * one of the occupations the first leaves open (rated at least Probable for the first, within KIND_GAP
   * of its best answer, none Confident), the second is the job: it says which kind of the first it is.
   */
  private combinedRoleReading(title: string, description: string, direct: Ranking): Ranking | null {
    // Most titles join nothing: a look for a slash or dash is cheaper than the split.
    if (!JOINS.test(title)) return null;
    const parts = title.split(ROLE_JOIN).map((p) => p.trim());
    if (parts.length !== 2 || parts.some((p) => p === '')) return null;
    // Each part must end on a person noun: "Research Scientist - Biology" is a scientist in a field.
    if (!parts.every((p) => this.roles.personNoun(titleWords(p).at(-1) ?? ''))) return null;
    const [first, second] = parts.map((p) => this.ranked(p, description)) as [Ranking, Ranking];
    const a = first.list[0];
    const b = second.list[0];
    if (a === undefined || b === undefined) return null;
    const { socCodes } = this;
    // A manager's post beside another role is a duty added to that job ("Clinic Manager - Dietitian"):
    // the other role is the job, as a rank beside a role is (twoRolesDoubt below). A post is a part
    // answered by managers, or headed by a manager's rank however weakly it reads ("Rehab Director").
    const head = (part: string, read: Ranking): string =>
      headNoun(part, read.words, (w) => this.roles.personNoun(w)) ?? '';
    // An academic rank beside a physician's role is a faculty appointment of that physician
    // ("Associate Professor/Cardiologist"): clinical faculty are paid as the physicians they are
    // (clinicalFacultyReading), so the rank is a post as a manager's is.
    const faculty = (part: string, read: Ranking, other: RankedEntry): boolean =>
      FACULTY_WORDS.has(head(part, read)) && isPhysicianOrSurgeon(socCodes[other.o] as string);
    const post = (part: string, read: Ranking, e: RankedEntry, other: RankedEntry): boolean =>
      isManagement(socCodes[e.o] as string) ||
      MANAGER_RANKS.has(head(part, read)) ||
      faculty(part, read, other);
    const aPost = post(parts[0] as string, first, a, b);
    const bPost = post(parts[1] as string, second, b, a);
    let role: RankedEntry;
    if (aPost !== bPost) {
      role = aPost ? b : a;
      if (role.rating === 'Possible') return null;
    } else {
      if (a.rating === 'Possible' || b.rating === 'Possible' || socCodes[a.o] === socCodes[b.o]) return null;
      // The second names a kind of the first ("Staff Physician/Radiologist"): a first role that O*NET's
      // titles leave open between occupations, the second's among them, is the second, the title's job.
      const kind =
        a.rating !== 'Confident' &&
        first.list.some((e) => e.o === b.o && e.rating !== 'Possible' && e.score >= a.score - KIND_GAP);
      role = kind ? b : a;
    }
    if (socCodes[role.o] === socCodes[direct.list[0]?.o ?? -1]) return null;
    return leading(direct, { ...role, rating: inferred(role.rating) });
  }

  /**
   * A practitioner in graduate medical training (resident, fellow, PGY, house officer). O*NET files
   * Resident, Medical Resident, Resident Physician, Intern and Clinical Fellow under Physicians, All
   * Other, whatever the specialty, and a resident's pay is set by the training year rather than the
   * specialty: a physician in training is the occupation O*NET gives "Resident Physician", at the Entry
   * level. The rest of the title may name another practitioner who trains in residencies (pharmacist,
   * dentist, podiatrist, veterinarian, therapist): that practitioner, at the Entry level.
   */
  private traineeReading(title: string, description: string, direct: Ranking): Ranking | null {
    const { words } = direct;
    const trainee = traineeWords(words);
    if (trainee.length === 0) return null;
    // A programme ("Residency", "Fellowship") beside a faculty word names what the faculty teaches:
    // "Residency Faculty Physician" is faculty, no trainee (docs/methodology.md §2a, "Readings").
    if (trainee.every((w) => TRAINING_PROGRAMMES.has(w)) && words.some((w) => FACULTY_WORDS.has(w)))
      return null;
    // A post-graduate year or a house officer is a physician's residency whatever else the title says.
    const graduateMedical = trainee.some((w) => /^pgy\d*$/.test(w) || w === 'house');
    // Otherwise the trainee word is the title's head ("Dermatology Resident", "Fellow - Cardiology") or
    // qualifies a physician ("Resident Physician"); "Resident Care Assistant" is an assistant.
    const head = headNoun(title, words, (w) => this.roles.personNoun(w));
    const last = words[words.length - 1] ?? '';
    if (
      !graduateMedical &&
      !trainee.includes(last) &&
      (head === null || !(trainee.includes(head) || physicianNoun(head, words)))
    )
      return null;
    // "Chief Resident" is a resident: the rank word names no practitioner, nor do a number or a word
    // no O*NET title uses (a locum tenens word, "Fellow PGY-5").
    const rest = words.filter(
      (w) => !trainee.includes(w) && w !== 'chief' && !/^\d+$/.test(w) && this.roles.titleWord(w),
    );
    const level = traineeLevel(trainee);
    const isOtherPractitioner = (e: RankedEntry | undefined): e is RankedEntry =>
      e !== undefined &&
      isHealthPractitioner(this.socCodes[e.o] as string) &&
      !isPhysicianOrSurgeon(this.socCodes[e.o] as string);
    // The rest names another practice: by its person noun ("Fellow - Occupational Therapist"), or read
    // as a physician's title ("Podiatric Resident"), or as written where it names no physician specialty
    // (a pharmacy resident).
    const medicine = rest.some((w) => MEDICINE_WORDS.has(w) || this.roles.specialtyWord(w));
    const byNoun = rest.some((w) => this.roles.personNoun(w));
    const practitioner =
      rest.length === 0
        ? undefined
        : [
            byNoun ? this.ranked(rest.join(' '), description).list[0] : undefined,
            this.ranked(`${rest.join(' ')} physician`, description).list[0],
            medicine ? undefined : direct.list[0],
          ].find(
            (e, i) =>
              isOtherPractitioner(e) &&
              e.rating !== 'Possible' &&
              !this.roles.assistsPhysicians(e.o) &&
              // Without a person noun, the practice's own title must name the field ("Podiatric").
              (i === 0 || this.roles.ownTitleNames(e.o, rest)),
          );
    if (practitioner !== undefined)
      return { ...leading(direct, { ...practitioner, rating: inferred(practitioner.rating) }), level };
    if (rest.length > 0 && !medicine && !graduateMedical) return null;
    const physician = this.ranked('resident physician', description).list[0];
    if (physician === undefined) return null;
    // A trainee word alone ("Fellow", "Resident") says training, not which: at most Possible.
    const rating = rest.length === 0 ? 'Possible' : inferred(physician.rating);
    return { ...leading(direct, { ...physician, rating }), level };
  }

  /**
   * Clinical faculty ("Associate Professor of Neurology", "Instructor, Neurology", "Neonatology
   * Attending") practise the specialty they teach, and are paid as its physicians: with a word of a
   * physician specialty, the title is read as that specialty's physician, unless the direct match
   * already is a physician.
   */
  private clinicalFacultyReading(title: string, description: string, direct: Ranking): Ranking | null {
    // The academic rank is the title's head ("Associate Professor of Pediatrics", not "Instructional
    // Assistant"). "Professor of Medicine": medicine itself (a "Clinical Professor" may teach any health
    // field). Every other word is medical or academic: "Family and Consumer Sciences Professor" teaches a
    // field that is no specialty.
    return this.specialtyPhysician(
      title,
      description,
      direct,
      FACULTY_WORDS,
      (specialty, words) => specialty.length > 0 || words.includes('medicine') || words.includes('medical'),
    );
  }

  /**
   * The chief or director of a clinical service ("Chief of Vascular Surgery", "Director, Division of
   * Pediatric Surgery"): a rank heading a title whose other words are a physician specialty and medical
   * or academic words, "medicine" or "surgery" among them, is the physician of that specialty, as
   * clinical faculty are (above): such posts are held by the service's practising physicians, and the
   * SOC classifies supervisors of professionals with the professionals they supervise. Read as written,
   * the rank pulled the title to managers or executives ("Chief" is a chief executive's word) and the
   * specialty to its technicians or assistants. A title without a specialty ("Medical Director") keeps
   * its answer, and so does one that does not say medicine or surgery ("Senior Adults Director": "adult"
   * is a specialty's word too).
   */
  private clinicalChiefReading(title: string, description: string, direct: Ranking): Ranking | null {
    if (!direct.words.some((w) => CLINICAL_RANKS.has(w))) return null;
    return this.specialtyPhysician(
      title,
      description,
      direct,
      CLINICAL_RANKS,
      (specialty, words) =>
        specialty.length > 0 && words.some((w) => MEDICINE_WORDS.has(w) || SURGERY_WORDS.has(w)),
    );
  }

  /**
   * A title headed by one of `heads` whose other words are medical or academic words and physician
   * specialty words, read as the physician of its specialty where `enough` of it is said (the clinical
   * faculty and clinical chief readings above); not where the direct match is a physician already.
   */
  private specialtyPhysician(
    title: string,
    description: string,
    direct: Ranking,
    heads: ReadonlySet<string>,
    enough: (specialty: readonly string[], words: readonly string[]) => boolean,
  ): Ranking | null {
    const { words } = direct;
    const head = headNoun(title, words, (w) => this.roles.personNoun(w));
    if (head === null || !heads.has(head)) return null;
    const top = direct.list[0];
    if (top !== undefined && isPhysicianOrSurgeon(this.socCodes[top.o] as string)) return null;
    const specialty = words.filter(
      (w) => !MEDICINE_WORDS.has(w) && !heads.has(w) && !ACADEMIC_WORDS.has(w) && this.roles.specialtyWord(w),
    );
    const medical = words.every(
      (w) => heads.has(w) || MEDICINE_WORDS.has(w) || ACADEMIC_WORDS.has(w) || specialty.includes(w),
    );
    if (!medical || !enough(specialty, words)) return null;
    const asPhysician = this.ranked(`${specialty.join(' ')} physician`, description).list[0];
    if (asPhysician === undefined || !isPhysicianOrSurgeon(this.socCodes[asPhysician.o] as string))
      return null;
    return leading(direct, { ...asPhysician, rating: inferred(asPhysician.rating) });
  }

  /**
   * A rank or helper word on a trade ("Detention Sergeant", "Custodial Lead", "Chief Baker", "Electrician
   * Helper"): the trade is matched without it, and its first-line supervisor or helper occupation is the
   * answer.
   * Not when the direct match already is one, or is a Confident title that uses the word itself
   * ("Bell Captain" is a title of baggage porters, "Ship Captain" of ship captains).
   */
  private rankOrHelperReading(title: string, description: string, direct: Ranking): Ranking | null {
    const { roles } = this;
    const { words } = direct;
    const last = words[words.length - 1];
    // "Lead", "head" and "chief" rank a worker only beside a trade: "Team Lead", "Head Cook" are titles
    // O*NET lists. "Chief" as written: an expanded short form ("CMO") names an executive.
    const rankWord =
      words.find((w) => SUPERVISOR_WORDS.has(w)) ??
      (last === 'lead' && words.length > 1 ? last : undefined) ??
      (words.length > 1
        ? words.find((w) => w === 'head' || (w === 'chief' && WRITTEN_CHIEF.test(title)))
        : undefined);
    const helperWord = words.find((w) => HELPER_WORDS.has(w));
    const role = rankWord ?? helperWord;
    if (role === undefined) return null;
    const wantSupervisor = rankWord !== undefined;
    const top = direct.list[0];
    if (top !== undefined) {
      // A weak supervisor answer may be the wrong trade's ("Jail Lieutenant" as police): read it anyway.
      if (wantSupervisor && roles.supervisory(top.o) && top.rating !== 'Possible') return null;
      if (!wantSupervisor && roles.helper(top.o) && listsTitle(top)) return null;
      if (listsTitle(top) && roles.titleHas(top.o, role)) return null;
    }
    const trade = words.filter((w) => w !== role && !SUPERVISOR_WORDS.has(w) && !HELPER_WORDS.has(w));
    if (trade.length === 0) return null;
    const worker = this.ranked(trade.join(' '), description).list[0];
    if (worker === undefined) return null;
    // "Head" written before a production worker names the lead hand, who does the work: O*NET files
    // every such title with the workers ("Head Sawyer", "Head Trimmer", "Head Packager"), none with
    // their supervisors (docs/methodology.md §2a, the ninth round). Written after ("Sawyer Head"),
    // it is the head of those workers, as above.
    if (
      role === 'head' &&
      LEADING_HEAD.test(title) &&
      majorGroupOf(this.socCodes[worker.o] as string) === PRODUCTION
    )
      return top?.o === worker.o ? null : leading(direct, { ...worker, rating: inferred(worker.rating) });
    const target = wantSupervisor ? roles.supervisorOf(worker.o) : roles.helperOf(worker.o);
    if (target === null || (!wantSupervisor && target === top?.o)) return null;
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
