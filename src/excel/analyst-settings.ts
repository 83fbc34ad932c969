import { CompositeSettingsSchema, DEFAULT_COMPOSITE, type CompositeSettings } from '../domain/composite';
import { DEFAULT_PAY_RANGES, PayRangeSettingsSchema, type PayRangeSettings } from '../domain/pay-range';
import { loadSetting, saveCheckedSetting } from './workbook-settings';

/**
 * The pay-range and composite cards' choices, saved with the workbook (Office.context.document.settings)
 * so they travel with the file: headers, weights, dates and rates, never cell contents or secrets.
 */

const PAY_RANGES_KEY = 'jobprice.payRanges';
const COMPOSITE_KEY = 'jobprice.composite';

export function loadPayRangeSettings(): PayRangeSettings {
  return loadSetting(PAY_RANGES_KEY, PayRangeSettingsSchema, DEFAULT_PAY_RANGES);
}

/** @throws Error with the field at fault. */
export async function savePayRangeSettings(value: PayRangeSettings): Promise<void> {
  await saveCheckedSetting(PAY_RANGES_KEY, PayRangeSettingsSchema, value, 'pay ranges');
}

export function loadCompositeSettings(): CompositeSettings {
  return loadSetting(COMPOSITE_KEY, CompositeSettingsSchema, DEFAULT_COMPOSITE);
}

/** @throws Error with the field at fault. */
export async function saveCompositeSettings(value: CompositeSettings): Promise<void> {
  await saveCheckedSetting(COMPOSITE_KEY, CompositeSettingsSchema, value, 'composite');
}
