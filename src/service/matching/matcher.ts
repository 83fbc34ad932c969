import type { Matcher, MatchRating, OccupationMatch, RankedOccupation } from '../contracts';
import type { OnetPart } from '../data/onet/part';
import { TitleKind } from '../data/onet/part';
import { checkOnetPart } from '../data/onet/schema';
import {
  isAllOther,
  isManagement,
  isPhysicianOrSurgeon,
  isProfessionalOrTechnical,
  isSocDetailedOccupation,
  socOf,
} from '../soc-code';
import { NORMALIZER_VERSION, titleWords } from '../text/normalize';
import { titleKindWeight } from './priors';
import { atClassifiedElsewhere } from './classified-elsewhere';
import { ExclusionReading } from './exclusion';
import { atGenericRank } from './generic-rank';
import { atHelperGroup } from './helper-group';
import { atBarePost } from './bare-post';
import { atPersonalServiceManager, PERSONAL_SERVICE_MANAGERS } from './personal-service-manager';
import { atPractitionerAide, HEALTHCARE_SUPPORT_RESIDUAL } from './practitioner-aide';
import { atMachineTitle } from './machine-title';
import { atRepairerTitle } from './repairer-title';
import { QueryWords } from './query-words';
import { atManagedTitle, atRankedTitle, atRankHead, isRankWord } from './rank-answer';
import { atSchoolWorker } from './school-worker';
import { atTeachingTitle, isPostsecondaryTeacher, namesTeaching } from './teaching';
import { directRanking, type Ranking } from './ranking';
import { RoleReadings } from './role-readings';
import { atSchoolLevel, industrySchoolLevel } from './school-level';
import { atSchoolSubject } from './school-subject';
import { atSocialScienceTeacher } from './social-science-teacher';
import { atEnrichmentSubject } from './enrichment-subject';
import { atQualified, readQualifiers } from './qualifiers';
import { readGenderedPair } from './gendered-pair';
import { readWorkerAlternatives } from './worker-alternatives';
import { readRankAdjective } from './rank-adjective';
import { ResidualKinds } from './residual-kind';
import { readGrades } from './school-grades';
import { atSchooling, readSchooling } from './schooling';
import { OccupationScorer } from './scorer';
import { oewsSector, SectorPrior } from './sector-prior';
import { atSectorSupervisor } from './sector-supervisor';
import { SectorStaff } from './sector-staff';
import { atSectorWorker } from './sector-worker';
import { atEngineEngineer } from './engine-engineer';
import { atSharedTitle } from './shared-title';
import { isSalesLine } from './head-first-readings';
import { atSalesLineSector } from './sales-line-sector';
import { TitleIndex } from './title-index';
import { effectiveShift, extractTitleLevel, zoneLevelName, type LevelSignal } from './title-level';
import { TitleReadings } from './title-readings';
import { atInspectorTitle, inspectionOccupations } from './inspector-title';
import { ListedTitles } from './listed-title';
import { joinedSurnamePrefix } from './surname-prefix';
import { UnansweredWords } from './unanswered-words';
import { BoundPrefixes } from './bound-prefix';
import { headNoun, occupationTitleHead, occupationTitleHeadPart, physicianNoun } from './title-shape';

/**
 * The O*NET title matcher (docs/methodology.md §2a; README.md in this folder walks through it): a title
 * is read into matching words and a level (query-words.ts), scored against every O*NET title
 * (scorer.ts), rated (ranking.ts), and read again the way an analyst would where O*NET does not list it
 * (title-readings.ts). This module wires those parts over one O*NET part and answers the service's
 * three questions: the match (D3), the candidate list (D18) and the pinned code (D19).
 */
export type OnetMatcher = Matcher;

export function createMatcher(part: OnetPart): OnetMatcher {
  if (part.normalizerVersion !== NORMALIZER_VERSION) {
    throw new Error(
      `O*NET index was built with normaliser v${part.normalizerVersion}, this code uses v${NORMALIZER_VERSION}: rebuild it with npm run data:build`,
    );
  }
  checkOnetPart(part);
  const kindWeights = Float64Array.from(part.titles.kind, (k, t) =>
    titleKindWeight(k, part.titles.sources[t] as number),
  );
  const titleIndex = new TitleIndex(part, kindWeights);
  const { codes, titles: occTitles, zones, family } = part.occupations;
  const socCodes = codes.map(socOf);
  const ownTitleWords = primaryTitleWords(part);
  const queryWords = new QueryWords(part, titleIndex);
  const boundPrefixes = new BoundPrefixes(
    part,
    (w) => titleIndex.titleCount[titleIndex.wordIds.get(w) ?? -1] ?? 0,
  );
  const roles = new RoleReadings(part, titleIndex);
  const ownHeadModifiers = occTitles.map((t) => {
    const own = occupationTitleHead(t);
    return own !== null && roles.personNoun(own.head) ? own.modifier : null;
  });
  const scorer = new OccupationScorer(
    part,
    titleIndex,
    ownHeadWords(occTitles, ownTitleWords),
    ownHeadModifiers,
  );
  // Physicians' SOC codes are split by specialty, and a specialty the SOC does not list separately is
  // Physicians, All Other; O*NET's alternate titles do not always follow that split ("Physician
  // Rheumatology" is listed under General Internal Medicine Physicians). A physician answer whose own
  // title does not name the title's specialty is therefore at most Probable. So is one for a title
  // that names the physician by "physician" or "doctor" and the specialty by its department ("Physician,
  // Family Medicine", "Pediatrics Physician"): employers and coders file such titles under the named
  // specialty or under Physicians, All Other about equally (docs/methodology.md §2a, step 5), while a
  // specialist's own noun ("Cardiologist") names the SOC's occupation.
  const confidentDoubt = (o: number, words: readonly string[]): boolean =>
    isPhysicianOrSurgeon(socCodes[o] as string) &&
    (roles.specialtyBeyondOwnTitle(o, words) || physicianByDepartment(words));
  const ranked = directRanking(queryWords, scorer, socCodes, (w) => roles.personNoun(w), confidentDoubt);
  const readings = new TitleReadings(ranked, roles, socCodes, occTitles);
  const genericRank = (ranking: Ranking, description: string): Ranking =>
    atGenericRank(ranking, ranked, description, (o, w) => (ownTitleWords[o] as Set<string>).has(w));
  const familyName = (o: number): string => part.families.names[family[o] as number] as string;

  function occupationMatch(
    o: number,
    rating: MatchRating,
    matchScore: number,
    words: readonly string[],
    level: LevelSignal | null,
  ): OccupationMatch {
    const soc = socCodes[o] as string;
    const occupationLevel = zoneLevelName(zones[o] as number, soc);
    return {
      onetCode: codes[o] as string,
      socCode: soc,
      occupationTitle: occTitles[o] as string,
      rating,
      score: matchScore,
      jobFamilyName: familyName(o),
      jobLevelName: level?.name ?? occupationLevel,
      levelShift:
        level === null ? 0 : effectiveShift(level, words, ownTitleWords[o] as Set<string>, occupationLevel),
    };
  }

  // The employer's industry weighs the candidates by how concentrated each is in its sector
  // (sector-prior.ts), and, where it names a level of school, settles which teachers a title means
  // (school-level.ts).
  // A schooling clause is matched without, and read as the Job Zones it allows (schooling.ts).
  // What an exclusion clause names is what the job is not (exclusion.ts); a postsecondary teacher, a
  // first-line supervisor or a manager answers only a title that names teaching, a rank or a post
  // (teaching.ts, rank-answer.ts).
  const sectorPrior = new SectorPrior(part, socCodes);
  const sectorStaff = new SectorStaff(part, socCodes);
  const exclusion = new ExclusionReading(occTitles, (w) => roles.personNoun(w));
  const isManager = (o: number): boolean => isManagement(socCodes[o] as string);
  const isSeller = (o: number): boolean => (socCodes[o] as string).startsWith('41-') && !roles.supervisory(o);
  const supervises = occTitles.map((t) => /^first-line supervisors\b/i.test(t));
  const isFirstLineSupervisor = (o: number): boolean => supervises[o] === true;
  const residualKinds = new ResidualKinds(occTitles, socCodes, isFirstLineSupervisor, {
    personNoun: (w) => roles.personNoun(w),
    speaksOf: (o, w) => roles.titleHas(o, w) || (roles.fieldWord(w) && scorer.knows(o, w)),
  });
  const supervisorGroups = wordGroups(part, isFirstLineSupervisor, socCodes);
  const inspection = inspectionOccupations(part, socCodes);
  const supportResidual = socCodes.indexOf(HEALTHCARE_SUPPORT_RESIDUAL);
  const personalServiceManager = socCodes.indexOf(PERSONAL_SERVICE_MANAGERS);
  // A near-exact score is no listing: the title's own words must be listed (listed-title.ts).
  const listedTitles = new ListedTitles(part);
  const listedAs = (o: number, words: readonly string[]): boolean => listedTitles.lists(o, words);
  const readWritten = (written: string, description: string, industry: string): Ranking => {
    // A prefix is one word with its stem before any reading splits roles on the hyphen (bound-prefix.ts).
    // A surname's "Mc" written apart is one word with the name (surname-prefix.ts).
    const schooled = readSchooling(
      queryWords.joinedPrefixes(boundPrefixes.joined(joinedSurnamePrefix(written))),
    );
    const { schooling } = schooled;
    // Forms the title writes differently from O*NET's titles are read first: a job in both its forms,
    // a machine worker by several of its nouns, a rank as an adjective, school grades, and catch-all
    // qualifiers and FTE shares, which say something besides the job's name (gendered-pair.ts,
    // worker-alternatives.ts, rank-adjective.ts, school-grades.ts, qualifiers.ts).
    const { title, qualified } = readQualifiers(
      readGrades(readRankAdjective(readGenderedPair(readWorkerAlternatives(schooled.title)))),
    );
    // A teacher that is not named, a supervisor or a manager is no fitter answer than the one moved.
    let teachingNamed: boolean | undefined;
    const unnamedTeacher = (o: number): boolean =>
      isPostsecondaryTeacher(socCodes[o] as string) && !(teachingNamed ??= namesTeaching(title));
    // A subordinate rank and a bare rank head noun is read as the head noun, Junior (generic-rank.ts).
    const generic = genericRank(readings.read(title, description, industry), description);
    // A kind of worker the SOC excludes from the common kind answers only a title that names it (residual-kind.ts).
    const taught = atTeachingTitle(
      residualKinds.apply(exclusion.apply(atQualified(generic, qualified), title)),
      title,
      socCodes,
    );
    // A school's other workers are no teachers (school-worker.ts).
    const direct = atSchoolWorker(
      taught,
      title,
      socCodes,
      () => headNoun(title, taught.words, (w) => roles.personNoun(w)),
      (o, w) => roles.titleHas(o, w),
    );
    const rankRead = atRankedTitle(
      direct,
      title,
      isFirstLineSupervisor,
      (o) => isManager(o) || unnamedTeacher(o),
      listedAs,
    );
    const managed = atManagedTitle(
      rankRead,
      title,
      isManager,
      (o) => isFirstLineSupervisor(o) || unnamedTeacher(o),
      listedAs,
    );
    // A manager's rank as the head names a manager or supervisor, not the workers (rank-answer.ts).
    const headed = atRankHead(
      managed,
      () => headNoun(title, managed.words, (w) => roles.personNoun(w)),
      (o) => roles.supervisory(o),
      (o, w) => roles.titleHas(o, w),
      (o) => isProfessionalOrTechnical(socCodes[o] as string),
    );
    // A bare owner's word names a manager (bare-post.ts); a manager of a personal service business is a
    // personal service manager (personal-service-manager.ts).
    const served = atPersonalServiceManager(
      atBarePost(headed, isManager),
      () => headNoun(title, headed.words, (w) => roles.personNoun(w)),
      socCodes,
      (o, w) => roles.titleHas(o, w),
      personalServiceManager,
    );
    // A machine worker's or an inspector's title is answered by an occupation that names that worker
    // (machine-title.ts, inspector-title.ts), and an inspector answered by the residual of inspection
    // by the occupation the SOC classifies it with, where that one is close (classified-elsewhere.ts).
    const titleHas = (o: number, w: string): boolean => roles.titleHas(o, w);
    const unrankedSupervisor = (o: number): boolean =>
      (isFirstLineSupervisor(o) || isManager(o)) &&
      !managed.words.some(isRankWord) &&
      !titleWords(title).some(isRankWord);
    const head = (): string | null => headNoun(title, managed.words, (w) => roles.personNoun(w));
    // A repairer answered by an occupation that repairs nothing is a repairer (repairer-title.ts).
    const machined = atRepairerTitle(
      atMachineTitle(served, titleHas, unrankedSupervisor),
      head,
      socCodes,
      ownTitleWords,
      unrankedSupervisor,
    );
    const inspected = atClassifiedElsewhere(
      atInspectorTitle(machined, head, titleHas, inspection),
      socCodes,
      head,
      titleHas,
    );
    // A helper of a trade without helpers of its own is one of its group's workers (helper-group.ts).
    const helped = atHelperGroup(inspected, description, ranked, (o) => roles.helper(o), socCodes, titleHas);
    // An aide or helper of a practitioner is a healthcare support worker (practitioner-aide.ts).
    const aided = atPractitionerAide(helped, socCodes, titleHas, supportResidual, listedAs);
    // A title O*NET files under several named occupations of a group and its residual is the residual (shared-title.ts).
    const unweighed = atSchooling(atSharedTitle(aided, socCodes, isAllOther), schooling, zones);
    // A sales line stays a seller's through the industry's weighing (sales-line-sector.ts).
    const sectored = atSalesLineSector(
      sectorPrior.apply(unweighed, industry),
      unweighed,
      isSalesLine(unweighed.words, (w) => roles.personNoun(w)),
      isSeller,
    );
    const concentration = industry === '' ? undefined : sectorPrior.concentration(industry);
    const schoolLevel = industrySchoolLevel(industry);
    const leveled = atSchoolLevel(
      industry === ''
        ? sectored
        : atSectorSupervisor(
            // A bare machine worker ("Operator") is the one the sector employs (sector-worker.ts); a bare
            // employee, the one it employs most (sector-staff.ts).
            // An engineer of an engine or a transmitter is the one the sector employs (engine-engineer.ts).
            atEngineEngineer(
              sectorStaff.apply(atSectorWorker(sectored, concentration, socCodes), industry, description),
              concentration,
              socCodes,
            ),
            concentration,
            isFirstLineSupervisor,
            socCodes,
            (w) => supervisorGroups.get(w) ?? 0,
          ),
      schoolLevel,
      socCodes,
      ownTitleWords,
    );
    // A school subject's director or teacher at a school is a teacher of its level (school-subject.ts);
    // a teacher of a social science, its group's residual (social-science-teacher.ts).
    // a subject's teacher named without a school, the self-enrichment teachers where O*NET lists both
    // (enrichment-subject.ts).
    return atEnrichmentSubject(
      atSocialScienceTeacher(
        atSchoolSubject(leveled, schoolLevel, socCodes, ownTitleWords, ranked, description),
        socCodes,
      ),
      schoolLevel,
      socCodes,
    );
  };

  // A title answered at most Possible is read once more with two words as O*NET's closed compound; one
  // that reaches nothing, its unknown words as the title words they are formed from (unanswered-words.ts).
  const wordId = (w: string): number => titleIndex.wordIds.get(w) ?? -1;
  const unanswered = new UnansweredWords(
    (w) => titleIndex.titleCount[wordId(w)] ?? 0,
    (w) => titleIndex.idf[wordId(w)] ?? 0,
  );
  const read = (written: string, description: string, industry: string): Ranking =>
    unanswered.reread(readWritten(written, description, industry), written, (title) =>
      readWritten(title, description, industry),
    );

  function match(title: string, description: string, industry = ''): OccupationMatch | null {
    const { words, level, list } = read(title, description, industry);
    const top = list[0];
    return top === undefined ? null : occupationMatch(top.o, top.rating, top.score, words, level);
  }

  function rank(title: string, description: string, limit: number, industry = ''): RankedOccupation[] {
    return read(title, description, industry)
      .list.slice(0, Math.max(0, limit))
      .map(({ o, score, rating }) => ({
        onetCode: codes[o] as string,
        socCode: socCodes[o] as string,
        occupationTitle: occTitles[o] as string,
        jobFamilyName: familyName(o),
        rating,
        score,
      }));
  }

  // D19 look-up: every O*NET-SOC code, and each SOC code for its main (".00", else first) occupation.
  const byCode = new Map<string, number>();
  codes.forEach((c, o) => byCode.set(c, o));
  codes.forEach((c, o) => {
    const soc = socOf(c);
    if (!byCode.has(soc) || isSocDetailedOccupation(c)) byCode.set(soc, o);
  });

  function pinned(code: string, title: string): OccupationMatch | null {
    const o = byCode.get(code.trim());
    if (o === undefined) return null;
    const { content, level } = extractTitleLevel(title);
    return occupationMatch(o, 'Confident', 1, queryWords.splitCompounds(content), level);
  }

  return { match, rank, pinned };
}

/**
 * What a match reads of the request's industry (NAICSCode): its OEWS sector (sector-prior.ts) and the
 * level of school it names (school-level.ts). Two industries with the same key get the same match, so
 * a batch can match each title once per key (contracts.ts MatchMemo).
 */
export function industryMatchKey(naics: string): string {
  return `${oewsSector(naics) ?? ''}/${industrySchoolLevel(naics) ?? ''}`;
}

/** A physician named by "physician" (or "doctor") with other words: the specialty as a department. */
const physicianByDepartment = (words: readonly string[]): boolean =>
  words.length > 1 && words.some((w) => physicianNoun(w, words));

/**
 * The words of each occupation's own title that can be its head noun, for head-noun agreement: those
 * before an "of" phrase or an "Except" clause (title-shape.ts occupationTitleHeadPart). "First-Line
 * Supervisors of Food Preparation and Serving Workers" supervise workers and are none; "Janitors and
 * Cleaners, Except Maids" are no maids.
 */
function ownHeadWords(titles: readonly string[], ownTitleWords: readonly Set<string>[]): Set<string>[] {
  return titles.map((t, o) => {
    const all = ownTitleWords[o] as Set<string>;
    const head = new Set(titleWords(occupationTitleHeadPart(t)).filter((w) => all.has(w)));
    return head.size > 0 ? head : all;
  });
}

/**
 * Each word of the chosen occupations' O*NET titles (any kind): how many SOC codes among them use it
 * (sector-supervisor.ts reads a word many supervisor groups use as a unit, not the workers).
 */
function wordGroups(
  part: OnetPart,
  chosen: (o: number) => boolean,
  socCodes: readonly string[],
): Map<string, number> {
  const codes = new Map<string, Set<string>>();
  const { titles, vocab } = part;
  for (let t = 0; t < titles.occ.length; t++) {
    const o = titles.occ[t] as number;
    if (!chosen(o)) continue;
    for (let k = titles.start[t] as number; k < (titles.start[t + 1] as number); k++) {
      const word = vocab[titles.words[k] as number] as string;
      const set = codes.get(word) ?? new Set<string>();
      set.add(socCodes[o] as string);
      codes.set(word, set);
    }
  }
  return new Map([...codes].map(([word, set]) => [word, set.size]));
}

/** The words of each occupation's own O*NET title: head-noun agreement and the management-word level read them. */
function primaryTitleWords(part: OnetPart): Set<string>[] {
  const words: Set<string>[] = part.occupations.codes.map(() => new Set());
  const { titles, vocab } = part;
  for (let t = 0; t < titles.occ.length; t++) {
    if (titles.kind[t] !== TitleKind.Primary) continue;
    const set = words[titles.occ[t] as number] as Set<string>;
    for (let k = titles.start[t] as number; k < (titles.start[t + 1] as number); k++)
      set.add(vocab[titles.words[k] as number] as string);
  }
  return words;
}
