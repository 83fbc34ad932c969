import { z } from 'zod';
import type { GeographyPart, Manifest } from './index-types';

/**
 * zod schemas for the built index's JSON files: they are read from disk at start-up (a boundary), so a
 * damaged or hand-edited file is refused with a clear message instead of failing mid-request. The wage
 * tables are a packed file that checks itself as it loads (wage-index.ts).
 */
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
