import { z } from 'zod';
import type { AreaCell, AreaTable, Percentiles, WageEntry, WagesPart } from './index-types';
import { pack, PackedFileError, unpack, type PackedArray } from './packed-file';

/**
 * The OEWS wage tables as pricing reads them (national by vintage, national by NAICS sector, and the
 * measured area estimates), held in typed arrays. The same figures as a WagesPart of plain objects took
 * about 100 MB of heap and 0.7 s to parse and check at start-up; here they take about 10 MB and load as
 * views onto one file (packed-file.ts), so every cluster worker carries little and starts fast.
 *
 * Layout. Every OEWS code gets an id (its rank in sorted order). Rows of one table (a national vintage,
 * or one sector of a sector file) are a *row set*: contiguous, sorted by code id, each with its five
 * percentiles (Float64: hourly-only rows are annualised to cents), top-code bits, hourly flag, title and
 * group. One area's cells in one area table are a *cell set*, sorted by code id the same way; cells are
 * whole dollars in an Int32Array (-1 = blank) when every published figure is whole, else Float64 (NaN =
 * blank), so no figure is ever rounded. A lookup is a map lookup for the code and the set, and a binary
 * search inside the set.
 */

/** Per row: bits 0-4 = percentile i published as "#" (top-coded), bit 7 = hourly only. */
const HOURLY_BIT = 0x80;
const BLANK_INT = -1;

export interface AreaTableInfo {
  readonly year: number;
  readonly source: string;
  readonly kind: AreaTable['kind'];
  readonly topCode: number | null;
}

export interface WageTableInfo {
  readonly year: number;
  readonly source: string;
}

interface SetRef {
  readonly title: string;
  readonly set: number;
}

const Meta = z.object({
  primaryYear: z.number().int(),
  codes: z.array(z.string()),
  strings: z.array(z.string()),
  national: z.array(z.object({ year: z.number().int(), source: z.string(), set: z.number().int() })),
  sector: z.array(
    z.object({
      year: z.number().int(),
      source: z.string(),
      sectors: z.array(z.tuple([z.string(), z.string(), z.number().int()])),
    }),
  ),
  areaTables: z.array(
    z.object({
      year: z.number().int(),
      source: z.string(),
      kind: z.enum(['state', 'msa', 'nonmetro']),
      topCode: z.number().nullable(),
      areas: z.array(z.tuple([z.string(), z.string(), z.number().int()])),
    }),
  ),
});
type Meta = z.infer<typeof Meta>;

interface Arrays {
  /** Row set s holds rows rowSetStart[s] .. rowSetStart[s+1]. */
  readonly rowSetStart: Int32Array;
  readonly rowCode: Uint16Array;
  readonly rowP: Float64Array;
  readonly rowFlags: Uint8Array;
  /** Indexes into meta.strings. */
  readonly rowTitle: Uint32Array;
  readonly rowGroup: Uint32Array;
  readonly cellSetStart: Int32Array;
  readonly cellCode: Uint16Array;
  readonly cellP: Int32Array | Float64Array;
}

export class WageIndex {
  readonly primaryYear: number;
  /** National vintages, as published years, oldest first. */
  readonly nationalYears: readonly number[];
  /** Sector files, newest first (the older is the fallback). */
  readonly sectorTables: readonly WageTableInfo[];
  /** Area tables, newest first; `areaCell` takes a position in this list. */
  readonly areaTables: readonly AreaTableInfo[];

  private readonly codeId: ReadonlyMap<string, number>;
  private readonly nationalSet: ReadonlyMap<number, number>;
  private readonly sectorSets: readonly ReadonlyMap<string, SetRef>[];
  private readonly areaSets: readonly ReadonlyMap<string, SetRef>[];

  private constructor(
    private readonly meta: Meta,
    private readonly a: Arrays,
  ) {
    this.primaryYear = meta.primaryYear;
    this.nationalYears = meta.national.map((n) => n.year);
    this.sectorTables = meta.sector.map((s) => ({ year: s.year, source: s.source }));
    this.areaTables = meta.areaTables.map((t) => ({
      year: t.year,
      source: t.source,
      kind: t.kind,
      topCode: t.topCode,
    }));
    this.codeId = new Map(meta.codes.map((c, i) => [c, i]));
    this.nationalSet = new Map(meta.national.map((n) => [n.year, n.set]));
    this.sectorSets = meta.sector.map(
      (s) => new Map(s.sectors.map(([k, title, set]) => [k, { title, set }])),
    );
    this.areaSets = meta.areaTables.map(
      (t) => new Map(t.areas.map(([k, title, set]) => [k, { title, set }])),
    );
  }

  /** The national row of vintage `year` for `code` (as published, no SOC fallback). */
  national(year: number, code: string): WageEntry | undefined {
    const set = this.nationalSet.get(year);
    return set === undefined ? undefined : this.entry(this.rowIn(set, code));
  }

  /** Every code the national vintage `year` publishes, in code order. */
  nationalCodes(year: number): string[] {
    const set = this.nationalSet.get(year);
    if (set === undefined) return [];
    const out: string[] = [];
    for (let r = this.a.rowSetStart[set] as number; r < (this.a.rowSetStart[set + 1] as number); r++)
      out.push(this.meta.codes[this.a.rowCode[r] as number] as string);
    return out;
  }

  /** The row of `code` in sector `sectorKey` (OEWS key, e.g. "31") of sector file `table`. */
  sector(table: number, sectorKey: string, code: string): WageEntry | undefined {
    const ref = this.sectorSets[table]?.get(sectorKey);
    return ref === undefined ? undefined : this.entry(this.rowIn(ref.set, code));
  }

  /** The published cell of `code` in area `areaKey` of area table `table` (position in `areaTables`). */
  areaCell(table: number, areaKey: string, code: string): AreaCell | undefined {
    const c = this.cellIn(table, areaKey, code);
    if (c < 0) return undefined;
    const p = this.a.cellP;
    const at = c * 5;
    return [
      cellValue(p[at]),
      cellValue(p[at + 1]),
      cellValue(p[at + 2]),
      cellValue(p[at + 3]),
      cellValue(p[at + 4]),
    ];
  }

  /** The median of that cell, or null (blank, or no cell). */
  areaMedian(table: number, areaKey: string, code: string): number | null {
    const c = this.cellIn(table, areaKey, code);
    return c < 0 ? null : cellValue(this.a.cellP[c * 5 + 2]);
  }

  /** The area's OEWS title in table `table`, for the methodology trail. */
  areaTitle(table: number, areaKey: string): string | undefined {
    return this.areaSets[table]?.get(areaKey)?.title;
  }

  private cellIn(table: number, areaKey: string, code: string): number {
    const ref = this.areaSets[table]?.get(areaKey);
    const id = this.codeId.get(code);
    return ref === undefined || id === undefined
      ? -1
      : findIn(this.a.cellCode, this.a.cellSetStart, ref.set, id);
  }

  private rowIn(set: number, code: string): number {
    const id = this.codeId.get(code);
    return id === undefined ? -1 : findIn(this.a.rowCode, this.a.rowSetStart, set, id);
  }

  private entry(r: number): WageEntry | undefined {
    if (r < 0) return undefined;
    const { rowP: p, rowFlags: flags } = this.a;
    const at = r * 5;
    return {
      title: this.meta.strings[this.a.rowTitle[r] as number] as string,
      group: this.meta.strings[this.a.rowGroup[r] as number] as string,
      p: [p[at], p[at + 1], p[at + 2], p[at + 3], p[at + 4]] as unknown as Percentiles,
      topCoded: (flags[r] as number) & 0x1f,
      hourlyOnly: ((flags[r] as number) & HOURLY_BIT) !== 0,
    };
  }

  /** The index's bytes (packed-file.ts), as the data build writes them. */
  encode(): Buffer {
    return pack(this.meta, this.a as unknown as Record<string, PackedArray>);
  }

  /** Reads what `encode` wrote, checking that every set, code and string it names exists. */
  static decode(bytes: Uint8Array): WageIndex {
    const { meta, arrays } = unpack(bytes);
    const m = Meta.safeParse(meta);
    if (!m.success) throw new PackedFileError(`wage index header: ${m.error.issues[0]?.message ?? ''}`);
    const get = <T extends PackedArray>(name: keyof Arrays, ...ctors: (new (n: number) => T)[]): T => {
      const a = arrays.get(name);
      if (a === undefined || !ctors.some((c) => a instanceof c))
        throw new PackedFileError(`wage index: array ${name} missing or of the wrong type`);
      return a as T;
    };
    const a: Arrays = {
      rowSetStart: get('rowSetStart', Int32Array),
      rowCode: get('rowCode', Uint16Array),
      rowP: get('rowP', Float64Array),
      rowFlags: get('rowFlags', Uint8Array),
      rowTitle: get('rowTitle', Uint32Array),
      rowGroup: get('rowGroup', Uint32Array),
      cellSetStart: get('cellSetStart', Int32Array),
      cellCode: get('cellCode', Uint16Array),
      cellP: get<Int32Array | Float64Array>('cellP', Int32Array, Float64Array),
    };
    check(m.data, a);
    return new WageIndex(m.data, a);
  }

  /** The compact form of a wages part as the build reads it from the raw files. */
  static fromPart(part: WagesPart): WageIndex {
    const codes = new Set<string>();
    const tables = [
      ...Object.values(part.national).map((t) => t.rows),
      ...part.sector.flatMap((t) => Object.values(t.sectors).map((s) => s.rows)),
    ];
    for (const rows of tables) for (const c of Object.keys(rows)) codes.add(c);
    for (const t of part.areaTables)
      for (const a of Object.values(t.areas)) for (const c of Object.keys(a.rows)) codes.add(c);
    const codeList = [...codes].sort();
    if (codeList.length > 0xffff)
      throw new Error(`too many OEWS codes for the wage index (${codeList.length})`);
    const codeId = new Map(codeList.map((c, i) => [c, i]));
    const strings: string[] = [];
    const stringId = new Map<string, number>();
    const intern = (s: string): number => {
      let id = stringId.get(s);
      if (id === undefined) stringId.set(s, (id = strings.push(s) - 1));
      return id;
    };
    const byCode = <T>(rows: Readonly<Record<string, T>>): [number, T][] =>
      Object.entries(rows)
        .map(([c, v]): [number, T] => [codeId.get(c) as number, v])
        .sort((x, y) => x[0] - y[0]);

    const rowSetStart: number[] = [0];
    const rowCode: number[] = [];
    const rowP: number[] = [];
    const rowFlags: number[] = [];
    const rowTitle: number[] = [];
    const rowGroup: number[] = [];
    const rowSet = (rows: Readonly<Record<string, WageEntry>>): number => {
      for (const [id, e] of byCode(rows)) {
        rowCode.push(id);
        rowP.push(...e.p);
        rowFlags.push((e.topCoded & 0x1f) | (e.hourlyOnly ? HOURLY_BIT : 0));
        rowTitle.push(intern(e.title));
        rowGroup.push(intern(e.group));
      }
      rowSetStart.push(rowCode.length);
      return rowSetStart.length - 2;
    };
    const cellSetStart: number[] = [0];
    const cellCode: number[] = [];
    const cellP: (number | null)[] = [];
    const cellSet = (rows: Readonly<Record<string, AreaCell>>): number => {
      for (const [id, cell] of byCode(rows)) {
        cellCode.push(id);
        cellP.push(...cell);
      }
      cellSetStart.push(cellCode.length);
      return cellSetStart.length - 2;
    };

    const meta: Meta = {
      primaryYear: part.primaryYear,
      codes: codeList,
      strings,
      national: Object.values(part.national)
        .sort((x, y) => x.year - y.year)
        .map((t) => ({ year: t.year, source: t.source, set: rowSet(t.rows) })),
      sector: part.sector.map((t) => ({
        year: t.year,
        source: t.source,
        sectors: Object.entries(t.sectors).map(([k, s]): [string, string, number] => [
          k,
          s.title,
          rowSet(s.rows),
        ]),
      })),
      areaTables: part.areaTables.map((t) => ({
        year: t.year,
        source: t.source,
        kind: t.kind,
        topCode: t.topCode,
        areas: Object.entries(t.areas).map(([k, a]): [string, string, number] => [
          k,
          a.title,
          cellSet(a.rows),
        ]),
      })),
    };
    // Whole dollars fit an Int32Array exactly; anything else (a cents figure) keeps every cell in Float64.
    const whole = cellP.every((v) => v === null || (Number.isInteger(v) && v >= 0 && v <= 0x7fffffff));
    const a: Arrays = {
      rowSetStart: Int32Array.from(rowSetStart),
      rowCode: Uint16Array.from(rowCode),
      rowP: Float64Array.from(rowP),
      rowFlags: Uint8Array.from(rowFlags),
      rowTitle: Uint32Array.from(rowTitle),
      rowGroup: Uint32Array.from(rowGroup),
      cellSetStart: Int32Array.from(cellSetStart),
      cellCode: Uint16Array.from(cellCode),
      cellP: whole
        ? Int32Array.from(cellP, (v) => (v === null ? BLANK_INT : v))
        : Float64Array.from(cellP, (v) => (v === null ? NaN : v)),
    };
    check(meta, a);
    return new WageIndex(meta, a);
  }
}

/** A blank is -1 (Int32 cells) or NaN (Float64 cells); every published figure is positive. */
const cellValue = (v: number | undefined): number | null => (v !== undefined && v >= 0 ? v : null);

/** Position of code id `id` in set `set` of a sorted code array, or -1. */
function findIn(codes: Uint16Array, starts: Int32Array, set: number, id: number): number {
  let lo = starts[set] as number;
  let hi = (starts[set + 1] as number) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = codes[mid] as number;
    if (c === id) return mid;
    if (c < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Everything a lookup trusts: set bounds in order, sizes that agree, ids in range, codes sorted. */
function check(meta: Meta, a: Arrays): void {
  const fail = (what: string): never => {
    throw new PackedFileError(`wage index: ${what}`);
  };
  const sets = (starts: Int32Array, codes: Uint16Array, name: string): number => {
    if (starts.length < 1 || starts[0] !== 0 || starts[starts.length - 1] !== codes.length)
      fail(`${name} set bounds do not cover its rows`);
    for (let s = 0; s + 1 < starts.length; s++) {
      const from = starts[s] as number;
      const to = starts[s + 1] as number;
      if (to < from) fail(`${name} set bounds out of order`);
      for (let r = from + 1; r < to; r++)
        if ((codes[r] as number) <= (codes[r - 1] as number)) fail(`${name} codes not sorted in set ${s}`);
      // Sorted: the last code id of a set is its largest.
      if (to > from && (codes[to - 1] as number) >= meta.codes.length) fail(`${name} code id out of range`);
    }
    return starts.length - 1;
  };
  const rowSets = sets(a.rowSetStart, a.rowCode, 'row');
  const cellSets = sets(a.cellSetStart, a.cellCode, 'cell');
  const rows = a.rowCode.length;
  if (
    a.rowP.length !== rows * 5 ||
    a.rowFlags.length !== rows ||
    a.rowTitle.length !== rows ||
    a.rowGroup.length !== rows
  )
    fail('row arrays of different lengths');
  if (a.cellP.length !== a.cellCode.length * 5) fail('cell arrays of different lengths');
  for (let i = 0; i < rows; i++)
    if ((a.rowTitle[i] as number) >= meta.strings.length || (a.rowGroup[i] as number) >= meta.strings.length)
      fail('row title out of range');
  for (let i = 0; i < a.rowP.length; i++)
    if (!Number.isFinite(a.rowP[i])) fail('a national or sector figure is not a number');
  const inRange = (set: number, count: number): boolean => set >= 0 && set < count;
  for (const n of meta.national) if (!inRange(n.set, rowSets)) fail(`national ${n.year} names a missing set`);
  for (const t of meta.sector)
    for (const [k, , set] of t.sectors) if (!inRange(set, rowSets)) fail(`sector ${k} names a missing set`);
  for (const t of meta.areaTables)
    for (const [k, , set] of t.areas) if (!inRange(set, cellSets)) fail(`area ${k} names a missing set`);
}
