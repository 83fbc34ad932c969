import { z } from 'zod';

/**
 * What a cell holding an Excel data type hands a formula argument, read the way the cell reads.
 *
 * functions.json carries `allowCustomDataForDataTypeAny: true` (custom-functions-metadata writes it), so
 * Excel (CustomFunctionsRuntime 1.4) passes a parameter declared `any` the value of a data-type cell as
 * JSON, in the CellValue schema of `Range.valuesAsJson` (ExcelApi 1.16), instead of its basic value:
 * - a Geography "Seattle" or a Stocks value: `{ type: "LinkedEntity", text: "Seattle", id: {…}, … }`;
 * - a JOBPRICE.JOB card or another add-in's entity: `{ type: "Entity", text: "Software Developers", … }`;
 * - a formatted number: `{ type: "Double", basicValue: 250, numberFormat: "#,##0" }`, text likewise.
 * `Range.valuesAsJson` gives the same objects, so Refresh reads argument cells through this too.
 *
 * An entity is read by its `text` (what the cell shows: a Geography "Seattle" is the city Seattle);
 * any other data type by its `basicValue`. Images, arrays and errors have neither and are refused with
 * what they are. Pure; nothing here knows Office.
 */

export type ScalarArg = string | number | boolean | null;

export type DataTypeReading = { ok: true; value: ScalarArg } | { ok: false; problem: string };

const BasicValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const DataTypeSchema = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  basicValue: BasicValueSchema.optional(),
});

const ENTITY_TYPES: ReadonlySet<string> = new Set(['entity', 'linkedentity']);
const IMAGE_TYPES: ReadonlySet<string> = new Set(['webimage', 'localimage']);
/** The basic value Excel reports for a cell whose value has no plain form (entities, images, arrays). */
const ERROR_TEXT = /^#[A-Z0-9/!?_]+/;

/** true for an object in the CellValue shape (a `type` text); plain scalars and arrays are not. */
export function isDataTypeValue(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    DataTypeSchema.safeParse(value).success
  );
}

/**
 * The scalar a data-type value stands for, or what it is when it has none. Call only for values that
 * `isDataTypeValue` accepts; anything else is reported as not a data type.
 */
export function readDataTypeValue(value: unknown): DataTypeReading {
  const parsed = DataTypeSchema.safeParse(value);
  if (!parsed.success || Array.isArray(value)) return { ok: false, problem: 'a value of an unknown kind' };
  const { type, text, basicValue } = parsed.data;
  const kind = type.toLowerCase();
  const plain = basicValue !== undefined && !(typeof basicValue === 'string' && ERROR_TEXT.test(basicValue));
  if (ENTITY_TYPES.has(kind)) {
    const shown = text?.trim() ?? '';
    if (shown !== '') return { ok: true, value: shown };
    if (plain) return { ok: true, value: basicValue ?? null };
    return { ok: false, problem: 'a data type without text' };
  }
  if (kind === 'empty') return { ok: true, value: null };
  if (IMAGE_TYPES.has(kind)) return { ok: false, problem: 'an image' };
  if (kind === 'array') return { ok: false, problem: 'an array' };
  if (kind === 'error') return { ok: false, problem: `an error (${String(basicValue ?? '#VALUE!')})` };
  if (plain) return { ok: true, value: basicValue ?? null };
  const shown = text?.trim() ?? '';
  if (shown !== '') return { ok: true, value: shown };
  return { ok: false, problem: `a ${type} value without a plain form` };
}
