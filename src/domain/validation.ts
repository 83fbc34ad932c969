import type { JobSpec } from './job';
import { FIELD_LIMITS, MSG, TEXT_LIMITS, type TextLimitedField } from './messages';

/**
 * The service's own rules for one job that can be checked without its data (D4, D21, D5, D7).
 * The add-in runs them before any call so that a bad row fails at once, with the message the
 * service would have given; the reference service runs the same function, so the two cannot drift.
 *
 * Order matters and is the service's: required fields and types, then the text limits (before any
 * matching work: a long text is what makes matching expensive), then the FTE/Revenue rules, then
 * location completeness. Whether a complete location exists (D8), an industry code is known (D10) or a
 * job code is known (D19) needs the service's data and is not decided here.
 *
 * @returns null when the job may be sent, otherwise the exact business message.
 */
export function localJobError(spec: JobSpec): string | null {
  if (typeof spec.title !== 'string' || spec.title.trim() === '') return MSG.serviceFailed;
  const { scope } = spec;
  const tooLong =
    textLimitError('JobTitle', spec.title.trim()) ??
    textLimitError('CompanyName', spec.company.trim()) ??
    textLimitError('JobDesc', spec.description.trim()) ??
    // The other fields' own limits (FIELD_LIMITS), in the order of the request's fields.
    textLimitError('JobCode', (spec.jobCode ?? '').trim()) ??
    textLimitError('CountryCode', scope.country.trim()) ??
    textLimitError('State', scope.state.trim()) ??
    textLimitError('City', scope.city.trim()) ??
    textLimitError('ZipCode', scope.zip.trim()) ??
    textLimitError('NAICSCode', scope.naics.trim());
  if (tooLong !== null) return tooLong;
  const { fte, revenue } = spec.scope;
  if (!Number.isFinite(fte) || !Number.isFinite(revenue)) return MSG.serviceFailed;
  if (fte < 0 || revenue < 0) return MSG.negativeFteOrRevenue;
  if (fte > 0 && revenue > 0) return MSG.bothFteAndRevenue;
  return locationError(spec);
}

const LIMITS: Readonly<Record<TextLimitedField, number>> = { ...TEXT_LIMITS, ...FIELD_LIMITS };

/** D21 (and FIELD_LIMITS): the message for `text` in `field` when it is over the field's limit, else null. */
export function textLimitError(field: TextLimitedField, text: string): string | null {
  const max = LIMITS[field];
  return codePointsOver(text, max) ? MSG.tooLong(field, max) : null;
}

/**
 * Whether `text` holds more than `max` Unicode code points. A string never holds more code points than
 * UTF-16 units, so the usual short text is decided by its length alone; a long one is counted only up to
 * `max + 1`, so a huge text costs no more than a just-too-long one.
 */
function codePointsOver(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is a single code point: skip the low half.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    if (++count > max) return true;
  }
  return false;
}

/** D7: a City needs a State or a ZipCode beside it. */
function locationError(spec: JobSpec): string | null {
  const { state, city, zip } = spec.scope;
  if (city.trim() !== '' && state.trim() === '' && zip.trim() === '') return MSG.locationIncomplete;
  return null;
}
