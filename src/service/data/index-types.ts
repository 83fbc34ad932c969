/**
 * The shape of the built data index (data/build/*.json). The build writes these parts once; the
 * service reads them at start-up and never writes. Bump INDEX_FORMAT_VERSION whenever a shape or a
 * meaning changes, so an index built by older code is refused at start-up instead of misread.
 */
export const INDEX_FORMAT_VERSION = 6;

/** Annual USD at the 10th, 25th, 50th, 75th and 90th percentiles, non-decreasing. */
export type Percentiles = readonly [number, number, number, number, number];

/** One OEWS occupation row with a complete set of annual percentiles. */
export interface WageEntry {
  readonly title: string;
  /** OEWS O_GROUP: total, major, minor, broad, detailed. */
  readonly group: string;
  readonly p: Percentiles;
  /**
   * Bit i set = percentile i was published as "#" (top-coded, >= $239,200/yr or >= $115.00/hr) and is
   * carried at the cap value, so the real figure is at least that much.
   */
  readonly topCoded: number;
  /** HOURLY = TRUE: only hourly wages were published; `p` is hourly x 2080. */
  readonly hourlyOnly: boolean;
}

export type WageRows = Readonly<Record<string, WageEntry>>;

/** One OEWS national cross-industry file. */
export interface NationalTable {
  readonly year: number;
  /** Relative path under the raw folder. */
  readonly source: string;
  readonly rows: WageRows;
}

/** One OEWS national NAICS-sector file: sector code as published (e.g. "31" for 31-33, "99" government). */
export interface SectorTable {
  readonly year: number;
  readonly source: string;
  readonly sectors: Readonly<Record<string, { readonly title: string; readonly rows: WageRows }>>;
}

/**
 * One area's published annual percentiles (10th, 25th, median, 75th, 90th) for one occupation, null
 * where the cell is blank (suppressed, or top-coded in a vintage that top-codes; see AreaTable.topCode).
 */
export type AreaCell = readonly [number | null, number | null, number | null, number | null, number | null];

/**
 * Measured OEWS estimates of one vintage for one kind of area. Keys are the geography's area keys:
 * `s:<USPS>` for a state or territory, `m:<CBSA>` for a metropolitan area, `n:<7-digit OEWS code>` for a
 * nonmetropolitan area.
 */
export interface AreaTable {
  readonly year: number;
  /** Relative path(s) under the raw folder. */
  readonly source: string;
  readonly kind: 'state' | 'msa' | 'nonmetro';
  /** Annual top-code of this vintage (a blank above a published percentile is at least this), or null. */
  readonly topCode: number | null;
  readonly areas: Readonly<
    Record<string, { readonly title: string; readonly rows: Readonly<Record<string, AreaCell>> }>
  >;
}

/**
 * The wage tables as the build reads them from the raw files. The index stores them compactly
 * (wage-index.ts, `wages.bin`), and pricing reads that form.
 */
export interface WagesPart {
  /** Newest national year found: the default pricing vintage. */
  readonly primaryYear: number;
  /** Every national file found, by year. */
  readonly national: Readonly<Record<string, NationalTable>>;
  /** Sector files, newest first; an older one is the fallback when the newer has no estimate. */
  readonly sector: readonly SectorTable[];
  readonly areaTables: readonly AreaTable[];
}

/** An OEWS wage area (Geography.csv): a metropolitan area (MSA, by CBSA code) or a nonmetropolitan area. */
export interface WageArea {
  /** The OEWS area title, e.g. "San Jose-Sunnyvale-Santa Clara, CA" or "Northwest Alabama nonmetropolitan area". */
  readonly name: string;
  readonly kind: 'metro' | 'nonmetro';
  /** USPS code of the area's (first) state. */
  readonly state: string;
}

export interface StateInfo {
  readonly usps: string;
  readonly fips: string;
  readonly name: string;
}

/** [wage-area key, USPS state, USPS preferred city (display case)]. */
export type ZipEntry = readonly [string, string, string];

export interface GeographyPart {
  /** Where the county -> area join came from, for the manifest's vintages. */
  readonly areaDefinitions: string;
  readonly states: Readonly<Record<string, StateInfo>>;
  /** Keyed `m:<CBSA>` (metropolitan) or `n:<7-digit OEWS code>` (nonmetropolitan). */
  readonly areas: Readonly<Record<string, WageArea>>;
  readonly zips: Readonly<Record<string, ZipEntry>>;
  /** Keyed `<USPS>|<normalised city>`: [wage-area key, display name]. */
  readonly cities: Readonly<Record<string, readonly [string, string]>>;
  /** County FIPS -> wage-area key (every county the ZIP file names), for tests and the methodology trail. */
  readonly counties: Readonly<Record<string, string>>;
  /** Counties whose name could not be joined to Geography.csv, with the area they were given and why. */
  readonly unjoined: readonly { readonly fips: string; readonly area: string; readonly why: string }[];
}

export interface SourceFingerprint {
  /** Relative to the raw folder, as found (with .gz when stored so). */
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly sha256: string;
}

export interface Manifest {
  readonly formatVersion: number;
  /** Versions of other code whose output the index stores (e.g. the O*NET normaliser); see build.ts. */
  readonly partVersions?: Readonly<Record<string, number>>;
  readonly builtAt: string;
  readonly buildMs: number;
  readonly sources: readonly SourceFingerprint[];
  readonly vintages: Readonly<Record<string, string>>;
  /** Part name -> file name in the index folder. */
  readonly parts: Readonly<Record<string, string>>;
  /**
   * File name -> sha256 (hex) of that part as written; start-up refuses a part that no longer matches.
   * Absent only in indexes built before checksums were recorded (refused too: rebuild).
   */
  readonly checksums?: Readonly<Record<string, string>>;
}
