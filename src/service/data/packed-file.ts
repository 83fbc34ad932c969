import { endianness } from 'node:os';
import { z } from 'zod';

/**
 * A file of typed arrays with a small JSON header, for index parts that are mostly numbers (the wage
 * index: wage-index.ts). Loading one is a read and a few views onto the bytes read: no parsing, and
 * the numbers take 4 or 8 bytes each instead of a JavaScript array slot, a boxed number and their text.
 *
 *   bytes 0-7   "JPPACK01"
 *   bytes 8-11  header length in bytes (unsigned, little-endian)
 *   then        the header, UTF-8 JSON: { endian, arrays: [{ name, type, offset, length }], meta }
 *   then        each array's elements at its `offset` (from the file's start, a multiple of 8),
 *               in the byte order `endian` names (the order of the machine that built the file)
 *
 * A file built on a machine of the other byte order is refused with IndexNotReadyError's usual advice
 * (rebuild here); every machine Node supports in practice is little-endian.
 */

const MAGIC = 'JPPACK01';

const TYPES = {
  Float64: Float64Array,
  Int32: Int32Array,
  Uint32: Uint32Array,
  Uint16: Uint16Array,
  Uint8: Uint8Array,
} as const;
export type PackedType = keyof typeof TYPES;
export type PackedArray = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

const HeaderSchema = z.object({
  endian: z.enum(['LE', 'BE']),
  arrays: z.array(
    z.object({
      name: z.string(),
      type: z.enum(Object.keys(TYPES) as [PackedType, ...PackedType[]]),
      offset: z.number().int().nonnegative(),
      length: z.number().int().nonnegative(),
    }),
  ),
  meta: z.unknown(),
});

/** A packed file that cannot be read; the message says what is wrong with it. */
export class PackedFileError extends Error {
  override readonly name = 'PackedFileError';
}

function typeOf(array: PackedArray): PackedType {
  for (const [name, ctor] of Object.entries(TYPES)) if (array instanceof ctor) return name as PackedType;
  throw new PackedFileError('not a packable array');
}

const align8 = (n: number): number => Math.ceil(n / 8) * 8;

/** The bytes of a packed file holding `arrays` and the JSON value `meta`. */
export function pack(meta: unknown, arrays: Readonly<Record<string, PackedArray>>): Buffer {
  const names = Object.keys(arrays);
  // The header holds the offsets, and its length moves them: lay out with room for the longest offsets.
  const entries = names.map((name) => {
    const a = arrays[name] as PackedArray;
    return { name, type: typeOf(a), offset: 0, length: a.length };
  });
  const header = { endian: endianness(), arrays: entries, meta };
  const provisional = Buffer.byteLength(JSON.stringify(header)) + names.length * 16;
  let at = align8(12 + provisional);
  for (const e of entries) {
    e.offset = at;
    at = align8(at + (arrays[e.name] as PackedArray).byteLength);
  }
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  if (12 + headerBytes.length > (entries[0]?.offset ?? Infinity))
    throw new PackedFileError('header grew past its room'); // cannot happen: offsets add at most 16 digits each
  const out = Buffer.alloc(at);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(headerBytes.length, 8);
  headerBytes.copy(out, 12);
  for (const e of entries) {
    const a = arrays[e.name] as PackedArray;
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).copy(out, e.offset);
  }
  return out;
}

/**
 * The arrays and meta of a packed file. The arrays are views onto `bytes` where its memory is 8-byte
 * aligned (a whole file read with fs.readFile is), else onto one aligned copy.
 */
export function unpack(bytes: Uint8Array): { meta: unknown; arrays: ReadonlyMap<string, PackedArray> } {
  if (bytes.length < 12 || Buffer.from(bytes.buffer, bytes.byteOffset, 8).toString('latin1') !== MAGIC)
    throw new PackedFileError('not a packed index file');
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset + 8, 4).getUint32(0, true);
  if (12 + headerLength > bytes.length) throw new PackedFileError('truncated header');
  let header: z.infer<typeof HeaderSchema>;
  try {
    const parsed = HeaderSchema.safeParse(
      JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + 12, headerLength).toString('utf8')),
    );
    if (!parsed.success) throw new PackedFileError(`header: ${parsed.error.issues[0]?.message ?? ''}`);
    header = parsed.data;
  } catch (e) {
    throw e instanceof PackedFileError ? e : new PackedFileError(`header is not JSON`);
  }
  if (header.endian !== endianness())
    throw new PackedFileError(`built on a ${header.endian} machine, this one is ${endianness()}`);
  const aligned = bytes.byteOffset % 8 === 0 ? bytes : Uint8Array.from(bytes);
  const arrays = new Map<string, PackedArray>();
  for (const e of header.arrays) {
    const ctor = TYPES[e.type];
    const end = e.offset + e.length * ctor.BYTES_PER_ELEMENT;
    if (e.offset % 8 !== 0 || e.offset < 12 + headerLength || end > aligned.length)
      throw new PackedFileError(`array ${e.name} lies outside the file`);
    arrays.set(e.name, new ctor(aligned.buffer as ArrayBuffer, aligned.byteOffset + e.offset, e.length));
  }
  return { meta: header.meta, arrays };
}
