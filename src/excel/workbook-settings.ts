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
  store.set(KEY, next);
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
  const store = settings();
  const parsed = AgingSettingsSchema.safeParse(store?.get(AGING_KEY));
  return parsed.success ? parsed.data : DEFAULT_AGING;
}

/** @throws Error with the field at fault when `value` is not valid aging settings. */
export async function saveAgingSettings(value: AgingSettings): Promise<void> {
  const checked = AgingSettingsSchema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new Error(`${String(issue?.path[0] ?? 'aging')}: ${issue?.message ?? 'invalid'}`);
  }
  const store = settings();
  if (!store) return;
  store.set(AGING_KEY, checked.data);
  await new Promise<void>((resolve, reject) =>
    store.saveAsync((result) =>
      result.status === Office.AsyncResultStatus.Failed ? reject(new Error(result.error.message)) : resolve(),
    ),
  );
}
