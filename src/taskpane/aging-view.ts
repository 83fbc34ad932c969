import { errorMessage } from '../domain/error-message';
import type { AgingSettings } from '../domain/aging';
import { loadAgingSettings, saveAgingSettings } from '../excel/workbook-settings';
import { byId } from './dom';
import { agingTexts as T } from './texts';

/**
 * The "Age to an effective date" card: shows the workbook's aging settings and saves every change.
 * The next "Price selected rows" or "Re-price selection" writes aged figures; the
 * arithmetic is src/domain/aging.ts, the columns src/excel/output-columns.ts.
 */

function fromInputs(): AgingSettings {
  return {
    enabled: byId<HTMLInputElement>('aging-enabled').checked,
    effectiveDate: byId<HTMLInputElement>('aging-date').value,
    ratePercent: Number(byId<HTMLInputElement>('aging-rate').value),
  };
}

export function initAgingView(): void {
  const current = loadAgingSettings();
  byId<HTMLInputElement>('aging-enabled').checked = current.enabled;
  byId<HTMLInputElement>('aging-date').value = current.effectiveDate;
  byId<HTMLInputElement>('aging-rate').value = String(current.ratePercent);
  byId('aging-status').textContent = T.status(current);
  const onChange = async (): Promise<void> => {
    const next = fromInputs();
    try {
      await saveAgingSettings(next);
      byId('aging-status').textContent = T.status(next);
    } catch (err) {
      byId('aging-status').textContent = T.notSaved(errorMessage(err));
    }
  };
  for (const id of ['aging-enabled', 'aging-date', 'aging-rate'])
    byId(id).addEventListener('change', () => void onChange());
}
