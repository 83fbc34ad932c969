/**
 * The shape of the built data index (data/build/*.json). The build writes these parts once; the
 * service reads them at start-up and never writes. Bump INDEX_FORMAT_VERSION whenever a shape or a
 * meaning changes, so an index built by older code is refused at start-up instead of misread.
 */
export const INDEX_FORMAT_VERSION = 3;

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
 * Area-specific OEWS estimates (state or MSA files), when staged. Keys are wage-area keys as used by
 * the geography part: `s:<USPS>` for a state, `m:<CBSA>` for a metropolitan area.
 */
export interface AreaTable {
  readonly year: number;
  readonly source: string;
  readonly kind: 'state' | 'msa';
  readonly areas: Readonly<Record<string, { readonly title: string; readonly rows: WageRows }>>;
}

export interface WagesPart {
  /** Newest national year found: the default pricing vintage. */
  readonly primaryYear: number;
  /** Every national file found, by year. */
  readonly national: Readonly<Record<string, NationalTable>>;
  /** Sector files, newest first; an older one is the fallback when the newer has no estimate. */
  readonly sector: readonly SectorTable[];
  readonly areaTables: readonly AreaTable[];
}

/** A wage area: a metropolitan CBSA or a state's nonmetropolitan remainder (the OEWS area types). */
export interface WageArea {
  readonly name: string;
  readonly kind: 'metro' | 'nonmetro';
  /** USPS code of the area's (first) state. */
  readonly state: string;
  /** BEA RPP, all items, US = 100. */
  readonly rpp: number;
  /** Where `rpp` came from, for the methodology trail, e.g. "MARPP 41940" or "PARPP 06998". */
  readonly rppSource: string;
}

export interface StateInfo {
  readonly usps: string;
  readonly fips: string;
  readonly name: string;
  /** State-level RPP: metro and nonmetro portions weighted by the state's ZIP share in each. */
  readonly rpp: number;
  readonly metroRpp: number | null;
  readonly nonmetroRpp: number | null;
  readonly metroShare: number;
}

/** [wage-area key, USPS state, USPS preferred city (display case)]. */
export type ZipEntry = readonly [string, string, string];

export interface GeographyPart {
  readonly rppYear: number;
  readonly states: Readonly<Record<string, StateInfo>>;
  /** Keyed `m:<CBSA>` (metro) or `n:<USPS>` (state nonmetropolitan area). */
  readonly areas: Readonly<Record<string, WageArea>>;
  readonly zips: Readonly<Record<string, ZipEntry>>;
  /** Keyed `<USPS>|<normalised city>`: [wage-area key, display name]. */
  readonly cities: Readonly<Record<string, readonly [string, string]>>;
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
}
