import type { JobSpec } from './job';
import { MSG } from './messages';

/**
 * The service's own rules for one job that can be checked without its data (D4, D5, D7).
 * The add-in runs them before any call so that a bad row fails at once, with the message the
 * service would have given; the reference service runs the same function, so the two cannot drift.
 *
 * Order matters and is the service's: required fields and types, then the FTE/Revenue rules, then
 * location completeness. Whether a complete location exists (D8) or an industry code is known (D10)
 * needs the service's data and is not decided here.
 *
 * @returns null when the job may be sent, otherwise the exact business message.
 */
export function localJobError(spec: JobSpec): string | null {
  if (typeof spec.title !== 'string' || spec.title.trim() === '') return MSG.serviceFailed;
  const { fte, revenue } = spec.scope;
  if (!Number.isFinite(fte) || !Number.isFinite(revenue)) return MSG.serviceFailed;
  if (fte < 0 || revenue < 0) return MSG.negativeFteOrRevenue;
  if (fte > 0 && revenue > 0) return MSG.bothFteAndRevenue;
  return locationError(spec);
}

/** D7: a City needs a State or a ZipCode beside it. */
function locationError(spec: JobSpec): string | null {
  const { state, city, zip } = spec.scope;
  if (city.trim() !== '' && state.trim() === '' && zip.trim() === '') return MSG.locationIncomplete;
  return null;
}
