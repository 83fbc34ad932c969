import type { WageEntry } from '../data/index-types';
import type { WageIndex } from '../data/wage-index';
import { broadOccupationCode, isSocCode, majorGroupCode, minorGroupCode } from '../soc-code';

/**
 * SOC 2018 code -> the OEWS row used, falling back along the SOC hierarchy when OEWS publishes no
 * estimate for the detailed code: detailed (15-1252) -> broad (15-1250) -> minor (15-1200) ->
 * major (15-0000). The broad step is also what handles BLS-only aggregates such as 13-1020 or
 * 29-2010, which OEWS publishes in place of their detailed codes (many-to-one).
 */
export type SocLevel = 'detailed' | 'broad' | 'minor' | 'major';

export interface OccupationWages {
  readonly code: string;
  readonly level: SocLevel;
  readonly entry: WageEntry;
}

export function socFallbacks(soc: string): readonly { code: string; level: SocLevel }[] {
  if (!isSocCode(soc)) return [];
  const chain = [
    { code: soc, level: 'detailed' as const },
    { code: broadOccupationCode(soc), level: 'broad' as const },
    { code: minorGroupCode(soc), level: 'minor' as const },
    { code: majorGroupCode(soc), level: 'major' as const },
  ];
  return chain.filter((c, i) => chain.findIndex((d) => d.code === c.code) === i);
}

/** The national row of vintage `year` used for `soc`, along the fallbacks above; null when none. */
export function occupationWages(wages: WageIndex, year: number, soc: string): OccupationWages | null {
  for (const c of socFallbacks(soc)) {
    const entry = wages.national(year, c.code);
    if (entry !== undefined) return { code: c.code, level: c.level, entry };
  }
  return null;
}
