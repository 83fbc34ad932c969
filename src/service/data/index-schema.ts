import { z } from 'zod';
import type { GeographyPart, Manifest, WagesPart } from './index-types';

/**
 * zod schemas for the built index files: they are read from disk at start-up (a boundary), so a
 * damaged or hand-edited file is refused with a clear message instead of failing mid-request.
 */
const percentiles = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]);
const wageEntry = z.object({
  title: z.string(),
  group: z.string(),
  p: percentiles,
  topCoded: z.number().int(),
  hourlyOnly: z.boolean(),
});
const wageRows = z.record(z.string(), wageEntry);
const maybe = z.number().nullable();
const areaCell = z.tuple([maybe, maybe, maybe, maybe, maybe]);

export const ManifestSchema = z.object({
  formatVersion: z.number().int(),
  partVersions: z.record(z.string(), z.number()).optional(),
  builtAt: z.string(),
  buildMs: z.number(),
  sources: z.array(z.object({ path: z.string(), size: z.number(), mtimeMs: z.number(), sha256: z.string() })),
  vintages: z.record(z.string(), z.string()),
  parts: z.record(z.string(), z.string()),
  checksums: z.record(z.string(), z.string()).optional(),
}) satisfies z.ZodType<Manifest>;

export const WagesPartSchema = z.object({
  primaryYear: z.number().int(),
  national: z.record(z.string(), z.object({ year: z.number().int(), source: z.string(), rows: wageRows })),
  sector: z.array(
    z.object({
      year: z.number().int(),
      source: z.string(),
      sectors: z.record(z.string(), z.object({ title: z.string(), rows: wageRows })),
    }),
  ),
  areaTables: z.array(
    z.object({
      year: z.number().int(),
      source: z.string(),
      kind: z.enum(['state', 'msa', 'nonmetro']),
      topCode: z.number().nullable(),
      areas: z.record(z.string(), z.object({ title: z.string(), rows: z.record(z.string(), areaCell) })),
    }),
  ),
}) satisfies z.ZodType<WagesPart>;

export const GeographyPartSchema = z.object({
  areaDefinitions: z.string(),
  states: z.record(z.string(), z.object({ usps: z.string(), fips: z.string(), name: z.string() })),
  areas: z.record(
    z.string(),
    z.object({ name: z.string(), kind: z.enum(['metro', 'nonmetro']), state: z.string() }),
  ),
  zips: z.record(z.string(), z.tuple([z.string(), z.string(), z.string()])),
  cities: z.record(z.string(), z.tuple([z.string(), z.string()])),
  counties: z.record(z.string(), z.string()),
  unjoined: z.array(z.object({ fips: z.string(), area: z.string(), why: z.string() })),
}) satisfies z.ZodType<GeographyPart>;
