import type { Matcher, MatchRating, OccupationMatch, RankedOccupation } from '../contracts';
import type { OnetPart } from '../data/onet/part';
import { TitleKind } from '../data/onet/part';
import { checkOnetPart } from '../data/onet/schema';
import { isSocDetailedOccupation, socOf } from '../soc-code';
import { NORMALIZER_VERSION } from '../text/normalize';
import { titleKindWeight } from './priors';
import { QueryWords } from './query-words';
import { directRanking } from './ranking';
import { RoleReadings } from './role-readings';
import { OccupationScorer } from './scorer';
import { TitleIndex } from './title-index';
import { effectiveShift, extractTitleLevel, zoneLevelName, type LevelSignal } from './title-level';
import { TitleReadings } from './title-readings';

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
  const ranked = directRanking(queryWords, new OccupationScorer(part, titleIndex, ownTitleWords), socCodes);
  const readings = new TitleReadings(ranked, new RoleReadings(part, titleIndex), socCodes);
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

  function match(title: string, description: string): OccupationMatch | null {
    const { words, level, list } = readings.read(title, description);
    const top = list[0];
    return top === undefined ? null : occupationMatch(top.o, top.rating, top.score, words, level);
  }

  function rank(title: string, description: string, limit: number): RankedOccupation[] {
    return readings
      .read(title, description)
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
