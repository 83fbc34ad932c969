import {
  DATASCOPE_FIELDS,
  PROVENANCE_FIELDS,
  RESULT_FIELDS,
  type JobResult,
  type ResultField,
} from '../api/wire';

/**
 * Which result field a function or a FIELD(name, …) call asks for, and what a cell shows for it.
 *
 * A figure the item does not carry is never invented: money, bonus and the descriptive fields become
 * #N/A "Not included in your data scope" (D15: the credentials' scope omits Comp/Bonus). The DataScope_
 * fields are different: an absent one means that part of the scope was not applied (D11: only one of
 * FTERange / RevenueRange is present), which reads best as an empty cell.
 */

export const NOT_IN_SCOPE = 'Not included in your data scope';

const BY_LOWER: ReadonlyMap<string, ResultField> = new Map(RESULT_FIELDS.map((f) => [f.toLowerCase(), f]));
const BLANK_WHEN_ABSENT: ReadonlySet<string> = new Set([...DATASCOPE_FIELDS, ...PROVENANCE_FIELDS]);

export type FieldLookup = { ok: true; field: ResultField } | { ok: false; message: string };

/** Case-insensitive, surrounding spaces ignored; the message lists every valid name. */
export function lookupField(name: unknown): FieldLookup {
  const text = typeof name === 'string' ? name.trim() : typeof name === 'number' ? String(name) : '';
  const field = BY_LOWER.get(text.toLowerCase());
  if (field !== undefined) return { ok: true, field };
  const shown = text === '' ? 'No field name given' : `Unknown field "${text.slice(0, 60)}"`;
  return { ok: false, message: `${shown}. Valid names: ${RESULT_FIELDS.join(', ')}.` };
}

export type FieldValue = { ok: true; value: number | string } | { ok: false; message: string };

export function fieldValue(result: JobResult, field: ResultField): FieldValue {
  const value = result[field];
  if (value !== undefined) return { ok: true, value };
  if (BLANK_WHEN_ABSENT.has(field)) return { ok: true, value: '' };
  return { ok: false, message: NOT_IN_SCOPE };
}
