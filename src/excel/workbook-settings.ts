import { z } from 'zod';
import { AgingSettingsSchema, DEFAULT_AGING, type AgingSettings } from '../domain/aging';
import { INPUT_FIELDS, type StoredMapping } from '../domain/column-mapping';

/**
 * The column mapping the user confirmed, remembered in the workbook (Office.context.document.settings),
 * per sheet, so it travels with the file to colleagues. Only column names or offsets go here: never a
 * token, a URL with credentials, or cell contents.
 */

const KEY = 'jobprice.columnMapping';

const EntrySchema = z.union([
  z.object({ header: z.string().max(255) }),
  z.object({ offset: z.number().int().min(0).max(16383) }),
  z.object({ none: z.literal(true) }),
]);
// partialRecord: zod 4's record over an enum requires every key; a mapping names only the fields in use.
const StoredMappingSchema = z.partialRecord(z.enum(INPUT_FIELDS), EntrySchema);
const AllMappingsSchema = z.record(z.string(), z.unknown());

function settings(): Office.Settings | null {
  return typeof Office !== 'undefined' && Office.context?.document?.settings
    ? Office.context.document.settings
    : null;
}

export function loadStoredMapping(sheetName: string): StoredMapping | null {
  const store = settings();
  if (!store) return null;
  const all = AllMappingsSchema.safeParse(store.get(KEY));
  if (!all.success) return null;
  const entry = StoredMappingSchema.safeParse(all.data[sheetName]);
  return entry.success ? entry.data : null;
}

export async function saveStoredMapping(sheetName: string, mapping: StoredMapping | null): Promise<void> {
  const store = settings();
  if (!store) return;
  const all = AllMappingsSchema.safeParse(store.get(KEY));
  const next: Record<string, unknown> = all.success ? { ...all.data } : {};
  if (mapping === null) delete next[sheetName];
  else next[sheetName] = StoredMappingSchema.parse(mapping);
  await saveSetting(KEY, next);
}

/**
 * A setting of this workbook as `schema` reads it, or `fallback` when it is absent or does not read
 * (hand-edited, from an older version): settings are a boundary, checked, never trusted.
 */
export function loadSetting<T>(key: string, schema: z.ZodType<T>, fallback: T): T {
  const parsed = schema.safeParse(settings()?.get(key));
  return parsed.success ? parsed.data : fallback;
}

/** Sets one setting of this workbook and saves the settings with it (Office.context.document.settings). */
export async function saveSetting(key: string, value: unknown): Promise<void> {
  const store = settings();
  if (!store) return;
  store.set(key, value);
  await new Promise<void>((resolve, reject) =>
    store.saveAsync((result) =>
      result.status === Office.AsyncResultStatus.Failed ? reject(new Error(result.error.message)) : resolve(),
    ),
  );
}

const AGING_KEY = 'jobprice.aging';

/**
 * Aging settings of this workbook (src/domain/aging.ts): off, or the date and yearly rate the pane ages
 * Salary and Comp figures to. A value that does not read as settings (hand-edited, older) counts as off.
 */
export function loadAgingSettings(): AgingSettings {
  return loadSetting(AGING_KEY, AgingSettingsSchema, DEFAULT_AGING);
}

/** @throws Error with the field at fault when `value` is not valid aging settings. */
export async function saveAgingSettings(value: AgingSettings): Promise<void> {
  await saveCheckedSetting(AGING_KEY, AgingSettingsSchema, value, 'aging');
}

/**
 * Saves `value` under `key` once `schema` accepts it.
 * @throws Error naming the field at fault ("ratePercent: Too big…"), or `what` for the whole value.
 */
export async function saveCheckedSetting<T>(
  key: string,
  schema: z.ZodType<T>,
  value: T,
  what: string,
): Promise<void> {
  const checked = schema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new Error(`${String(issue?.path[0] ?? what)}: ${issue?.message ?? 'invalid'}`);
  }
  await saveSetting(key, checked.data);
}
