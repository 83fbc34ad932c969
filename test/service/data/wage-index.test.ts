import type { AreaCell, WageEntry, WagesPart } from '../../../src/service/data/index-types';
import { pack, PackedFileError, unpack } from '../../../src/service/data/packed-file';
import { WageIndex } from '../../../src/service/data/wage-index';

const entry = (title: string, p: number[], extra: Partial<WageEntry> = {}): WageEntry => ({
  title,
  group: 'detailed',
  p: p as unknown as WageEntry['p'],
  topCoded: 0,
  hourlyOnly: false,
  ...extra,
});

/** A small part with every kind of table, codes out of order, blanks, a top-coded and an hourly row. */
function part(cell: (n: number) => number = (n) => n): WagesPart {
  const cells = (codes: string[], base: number): Record<string, AreaCell> =>
    Object.fromEntries(
      codes.map((c, i) => [
        c,
        [cell(base + i), null, cell(base + i + 2), null, cell(base + i + 4)] as AreaCell,
      ]),
    );
  return {
    primaryYear: 2025,
    national: {
      '2024': { year: 2024, source: 'n24', rows: { '29-1141': entry('Registered Nurses', [1, 2, 3, 4, 5]) } },
      '2025': {
        year: 2025,
        source: 'n25',
        rows: {
          '53-3032': entry('Heavy and Tractor-Trailer Truck Drivers', [10, 20, 30, 40, 50]),
          '11-1011': entry('Chief Executives', [100, 200, 239200, 239200, 239200], { topCoded: 0b11100 }),
          '35-2014': entry('Cooks, Restaurant', [33238.4, 35000.8, 36000, 37000, 38000], {
            hourlyOnly: true,
          }),
          '00-0000': entry('All Occupations', [7, 8, 9, 10, 11], { group: 'total' }),
        },
      },
    },
    sector: [
      {
        year: 2024,
        source: 's24',
        sectors: {
          '31': { title: 'Manufacturing', rows: { '53-3032': entry('Truck Drivers', [11, 21, 31, 41, 51]) } },
          '62': { title: 'Health Care', rows: {} },
        },
      },
    ],
    areaTables: [
      {
        year: 2025,
        source: 'states',
        kind: 'state',
        topCode: null,
        areas: {
          's:CA': { title: 'California', rows: cells(['53-3032', '29-1141', '11-1011'], 100) },
          's:TX': { title: 'Texas', rows: cells(['29-1141'], 200) },
        },
      },
      {
        year: 2024,
        source: 'msa',
        kind: 'msa',
        topCode: 239200,
        areas: { 'm:41940': { title: 'San Jose', rows: cells(['29-1141'], 300) } },
      },
    ],
  };
}

/** Every lookup the part allows, read from an index: what pricing can see. */
function everything(part: WagesPart, index: WageIndex): unknown[] {
  const out: unknown[] = [];
  for (const t of Object.values(part.national))
    for (const code of [...Object.keys(t.rows), '99-9999'])
      out.push(['n', t.year, code, index.national(t.year, code)]);
  part.sector.forEach((t, i) => {
    for (const [key, s] of Object.entries(t.sectors))
      for (const code of [...Object.keys(s.rows), '29-1141'])
        out.push(['s', i, key, code, index.sector(i, key, code)]);
  });
  part.areaTables.forEach((t, i) => {
    for (const [key, a] of Object.entries(t.areas))
      for (const code of [...Object.keys(a.rows), '99-9999'])
        out.push(['a', i, key, code, index.areaCell(i, key, code), index.areaMedian(i, key, code)]);
  });
  return out;
}

describe('WageIndex', () => {
  test('answers every lookup exactly as the part it was built from', () => {
    const p = part();
    const index = WageIndex.fromPart(p);
    expect(index.national(2025, '11-1011')).toEqual(p.national['2025']?.rows['11-1011']);
    expect(index.national(2025, '35-2014')).toEqual(p.national['2025']?.rows['35-2014']);
    expect(index.national(2025, '29-1141')).toBeUndefined();
    expect(index.national(2023, '29-1141')).toBeUndefined();
    expect(index.sector(0, '31', '53-3032')?.p).toEqual([11, 21, 31, 41, 51]);
    expect(index.sector(0, '62', '53-3032')).toBeUndefined();
    expect(index.sector(0, '99', '53-3032')).toBeUndefined();
    expect(index.areaCell(0, 's:CA', '29-1141')).toEqual(p.areaTables[0]?.areas['s:CA']?.rows['29-1141']);
    expect(index.areaCell(0, 's:CA', '29-1141')?.[1]).toBeNull();
    expect(index.areaMedian(1, 'm:41940', '29-1141')).toBe(302);
    expect(index.areaCell(1, 's:CA', '29-1141')).toBeUndefined();
    expect(index.areaTitle(1, 'm:41940')).toBe('San Jose');
    expect(index.nationalYears).toEqual([2024, 2025]);
    expect(index.nationalCodes(2025)).toEqual(['00-0000', '11-1011', '35-2014', '53-3032']);
    expect(index.areaTables.map((t) => [t.year, t.kind, t.topCode])).toEqual([
      [2025, 'state', null],
      [2024, 'msa', 239200],
    ]);
  });

  test('what it writes reads back the same, to the last bit', () => {
    const p = part();
    const built = WageIndex.fromPart(p);
    const read = WageIndex.decode(built.encode());
    expect(everything(p, read)).toEqual(everything(p, built));
    expect(read.primaryYear).toBe(2025);
    expect(read.sectorTables).toEqual([{ year: 2024, source: 's24' }]);
  });

  test('cents in an area cell keep every cell exact (Float64 instead of whole dollars)', () => {
    const p = part((n) => n + 0.4);
    const read = WageIndex.decode(WageIndex.fromPart(p).encode());
    expect(read.areaCell(0, 's:CA', '53-3032')).toEqual([100.4, null, 102.4, null, 104.4]);
    expect(everything(p, read)).toEqual(everything(p, WageIndex.fromPart(p)));
  });

  test('a damaged file is refused with a reason', () => {
    const good = WageIndex.fromPart(part()).encode();
    expect(() => WageIndex.decode(good.subarray(0, good.length - 100))).toThrow(/lies outside the file/);
    expect(() => WageIndex.decode(Buffer.from('{"primaryYear":2025}'))).toThrow(/not a packed index file/);
    // Codes out of order inside a set would make lookups miss: refused.
    const { meta, arrays } = unpack(good);
    const codes = Uint16Array.from(arrays.get('rowCode') as Uint16Array).reverse();
    const reordered = pack(meta, { ...Object.fromEntries(arrays), rowCode: codes });
    expect(() => WageIndex.decode(reordered)).toThrow(/codes not sorted/);
    const missing = Object.fromEntries([...arrays].filter(([name]) => name !== 'cellP'));
    expect(() => WageIndex.decode(pack(meta, missing))).toThrow(/array cellP missing/);
    const wrongSet = {
      ...(meta as Record<string, unknown>),
      national: [{ year: 2025, source: 'x', set: 99 }],
    };
    expect(() => WageIndex.decode(pack(wrongSet, Object.fromEntries(arrays)))).toThrow(/names a missing set/);
    expect(() => WageIndex.decode(good)).not.toThrow();
  });

  test('a packed file reads back its arrays, aligned or not', () => {
    const bytes = pack(
      { note: 'x' },
      { a: Float64Array.of(1.5, NaN), b: Uint8Array.of(7), c: Int32Array.of(-1, 2) },
    );
    const shifted = Buffer.alloc(bytes.length + 3);
    bytes.copy(shifted, 3);
    for (const view of [bytes, shifted.subarray(3)]) {
      const { meta, arrays } = unpack(view);
      expect(meta).toEqual({ note: 'x' });
      expect([...(arrays.get('a') ?? [])]).toEqual([1.5, NaN]);
      expect([...(arrays.get('b') ?? [])]).toEqual([7]);
      expect([...(arrays.get('c') ?? [])]).toEqual([-1, 2]);
    }
    expect(() => unpack(Buffer.from('JPPACK01\xff\xff\xff\xff', 'latin1'))).toThrow(PackedFileError);
  });
});
