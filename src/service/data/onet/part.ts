/**
 * The O*NET part of the built data index (data/build/, written as JSON by the data build and loaded
 * once at start-up). Plain arrays only, parallel by index, so that it is compact on disk and parses
 * fast; the matcher builds its postings from these arrays in createMatcher.
 *
 * Words are stored as indexes into `vocab`, produced by src/service/text/normalize.ts
 * (`normalizerVersion` records which rules; the matcher rejects a part built with other rules).
 */
export interface OnetPart {
  readonly kind: 'onet';
  readonly normalizerVersion: number;
  /** Human-readable provenance, e.g. "O*NET 30.3 (alternate titles 29.3); SOC 2018 definitions". */
  readonly release: string;
  readonly occupations: {
    /** O*NET-SOC codes, e.g. "15-1252.00". */
    readonly codes: string[];
    readonly titles: string[];
    /** Job Zone 1-5; 0 when O*NET gives none (see build.ts for the 29.3/30.3 choice). */
    readonly zones: number[];
    /** Index into `families` of the occupation's SOC major group. */
    readonly family: number[];
    /**
     * OEWS national employment of the occupation's SOC code (May 2025), or of the OEWS aggregate
     * that holds it (13-1022 -> 13-1020); 0 when OEWS publishes neither (military, for one). The
     * matcher uses it as a prior: a title shared by several occupations most likely means the larger.
     */
    readonly employment: number[];
    /**
     * OEWS employment per NAICS sector (May 2024; keys as the sector file publishes them: "31" for
     * 31-33, "44", "48", "99" for government): the sector's total, and each occupation's jobs there by
     * the rule of `employment`, 0 where the sector has none published, -1 where OEWS withholds the
     * figure. The matcher weighs a title's candidates by how concentrated each is in the request's
     * sector (matching/sector-prior.ts).
     */
    readonly sectorEmployment: Readonly<
      Record<string, { readonly total: number; readonly byOccupation: number[] }>
    >;
  };
  /** SOC 2018 major groups: code ("15-0000") and name ("Computer and Mathematical Occupations"). */
  readonly families: { readonly codes: string[]; readonly names: string[] };
  readonly vocab: string[];
  /**
   * Parallel to `vocab`: how many titles end on the word, i.e. have it as their head noun
   * ("Janitorial Supervisor" ends on supervisor). Titles are stored as word sets, so their order is lost
   * in `titles.words`; the matcher's role readings need to know which words name persons.
   */
  readonly headCounts: number[];
  /**
   * Title strings of every kind, one entry per distinct (occupation, word set), best kind kept.
   * Entry i has words `words[start[i] .. start[i+1])` (start has one extra final element).
   */
  readonly titles: {
    readonly occ: number[];
    /** TitleKind. */
    readonly kind: number[];
    /** Number of O*NET sources behind an alternate title (its "Source(s)" list); 0 for other kinds. */
    readonly sources: number[];
    readonly start: number[];
    readonly words: number[];
  };
  /**
   * Task statements plus the occupation description, as a bag of words per occupation (for JobDesc).
   * Occupation o has term ids `terms[start[o] .. start[o+1])` with counts `counts[...]`.
   */
  readonly tasks: {
    readonly start: number[];
    readonly terms: number[];
    readonly counts: number[];
    /** Total words per occupation (BM25 length normalisation). */
    readonly length: number[];
  };
}

/**
 * The part's shape, stored in the index manifest: an index whose O*NET part was built with another
 * shape is rebuilt (2: sectorEmployment; 3: a detailed occupation a sector does not publish counts no
 * jobs there, not its broad aggregate's).
 */
export const ONET_PART_VERSION = 3;

/** Kinds of title, best first (the build keeps the best kind when one word set appears twice). */
export const TitleKind = {
  /** The O*NET occupation title ("Software Developers"). */
  Primary: 0,
  /** A "Sample of Reported Titles" entry shown in My Next Move (incumbents' own titles, curated). */
  ReportedShown: 1,
  /** Another reported title. */
  Reported: 2,
  /** An alternate title ("Software Engineer"). */
  Alternate: 3,
  /** An alternate title's short form ("RN", "CFO"). */
  Short: 4,
} as const;
export type TitleKind = (typeof TitleKind)[keyof typeof TitleKind];
