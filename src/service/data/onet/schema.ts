import { z } from 'zod';
import { ONET_SOC_CODE } from '../../soc-code';
import type { OnetPart } from './part';

/**
 * The built O*NET part is read from disk at start-up (a boundary): `parseOnetPart` checks its shape
 * with zod and then its internal consistency (parallel arrays of equal length, offsets in order,
 * word and occupation ids in range), so a damaged or stale file is refused with a message rather than
 * giving wrong matches. createMatcher runs the consistency half on every part it is given.
 */
/**
 * Arrays of ids and counts hold hundreds of thousands of numbers: one plain loop checks them
 * (z.array(z.number().int()) would check element by element through zod, several times slower).
 */
const ids = z.custom<number[]>(
  (v) => Array.isArray(v) && v.every((x) => Number.isInteger(x) && (x as number) >= 0),
  {
    message: 'expected an array of non-negative integers',
  },
);

export const OnetPartSchema = z.object({
  kind: z.literal('onet'),
  normalizerVersion: z.number().int(),
  release: z.string(),
  occupations: z.object({
    codes: z.array(z.string().regex(ONET_SOC_CODE)),
    titles: z.array(z.string()),
    zones: z.array(z.number().int().min(0).max(5)),
    family: ids,
    employment: z.array(z.number().nonnegative()),
  }),
  families: z.object({ codes: z.array(z.string()), names: z.array(z.string()) }),
  vocab: z.array(z.string()),
  headCounts: ids,
  titles: z.object({
    occ: ids,
    kind: z.array(z.number().int().min(0).max(4)),
    sources: ids,
    start: ids,
    words: ids,
  }),
  tasks: z.object({ start: ids, terms: ids, counts: ids, length: ids }),
}) satisfies z.ZodType<OnetPart>;

export function parseOnetPart(value: unknown, file = 'onet.json'): OnetPart {
  const r = OnetPartSchema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new Error(
      `${file} does not have the expected shape (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}); rebuild it with npm run data:build`,
    );
  }
  checkOnetPart(r.data);
  return r.data;
}

/** Throws when the part's arrays do not fit together. Linear in the part's size (a few ms). */
export function checkOnetPart(part: OnetPart): void {
  const fail = (what: string): never => {
    throw new Error(`O*NET index is inconsistent (${what}); rebuild it with npm run data:build`);
  };
  const { occupations: occ, titles, tasks, vocab, families } = part;
  const n = occ.codes.length;
  for (const [name, arr] of Object.entries({
    titles: occ.titles,
    zones: occ.zones,
    family: occ.family,
    employment: occ.employment,
  })) {
    if (arr.length !== n) fail(`occupations.${name} has ${arr.length} entries for ${n} codes`);
  }
  if (families.codes.length !== families.names.length)
    fail('families.codes and families.names differ in length');
  for (const f of occ.family) if (f >= families.codes.length) fail(`family index ${f} out of range`);
  const t = titles.occ.length;
  if (titles.kind.length !== t || titles.sources.length !== t || titles.start.length !== t + 1)
    fail('titles arrays differ in length');
  for (const o of titles.occ) if (o >= n) fail(`title occupation ${o} out of range`);
  checkOffsets(titles.start, titles.words.length, 'titles.start', fail);
  if (part.headCounts.length !== vocab.length) fail('headCounts and vocab differ in length');
  for (const w of titles.words) if (w >= vocab.length) fail(`title word ${w} out of range`);
  if (tasks.start.length !== n + 1 || tasks.length.length !== n)
    fail('tasks arrays do not cover every occupation');
  if (tasks.counts.length !== tasks.terms.length) fail('tasks.terms and tasks.counts differ in length');
  checkOffsets(tasks.start, tasks.terms.length, 'tasks.start', fail);
  for (const w of tasks.terms) if (w >= vocab.length) fail(`task word ${w} out of range`);
}

function checkOffsets(
  start: readonly number[],
  end: number,
  name: string,
  fail: (what: string) => never,
): void {
  if (start[0] !== 0 || start[start.length - 1] !== end) fail(`${name} does not span its words`);
  for (let i = 1; i < start.length; i++)
    if ((start[i] as number) < (start[i - 1] as number)) fail(`${name} decreases at ${i}`);
}
