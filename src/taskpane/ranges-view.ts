import { errorMessage } from '../domain/error-message';
import { RANGE_ROUNDINGS, RANGE_TARGETS, type PayRangeSettings, type RangeTarget } from '../domain/pay-range';
import { loadPayRangeSettings, savePayRangeSettings } from '../excel/analyst-settings';
import { readRangeSettingsCells } from '../excel/range-settings-cells';
import { writePayRanges } from '../usecases/pay-ranges';
import { confirmDialog } from './confirm-dialog';
import { busy, byId, reportIn, showMessage } from './dom';
import { resolveMapping } from './mapping-view';
import { num, RANGE_TARGET_LABELS, rangesTexts as T } from './texts';

/**
 * The "Pay ranges" card: the midpoint's market figure, the spread and the rounding (saved with the
 * workbook; the spread and rounding shown are the named cells' when the workbook has them, since an
 * analyst may have changed those on the sheet), and "Write pay ranges" (src/usecases/pay-ranges.ts).
 */

const target = (): HTMLSelectElement => byId<HTMLSelectElement>('range-target');
const spread = (): HTMLInputElement => byId<HTMLInputElement>('range-spread');
const rounding = (): HTMLSelectElement => byId<HTMLSelectElement>('range-rounding');

function fromInputs(): PayRangeSettings {
  return {
    target: target().value as RangeTarget,
    spreadPercent: Number(spread().value),
    rounding: Number(rounding().value) as PayRangeSettings['rounding'],
  };
}

function show(settings: PayRangeSettings): void {
  target().value = settings.target;
  spread().value = String(settings.spreadPercent);
  rounding().value = String(settings.rounding);
}

async function write(afterWrite: () => void): Promise<void> {
  const settings = fromInputs();
  await reportIn(byId('ranges-status'), async () => {
    await savePayRangeSettings(settings);
    const summary = await writePayRanges({
      settings,
      mappingFor: resolveMapping,
      confirmOverwrite: (cells) => confirmDialog(T.replaceCells(cells)),
    });
    if (summary.status === 'done') afterWrite();
    return {
      text: T.wrote(summary, settings.spreadPercent, settings.rounding),
      tone: summary.status === 'done' ? 'success' : 'info',
    };
  });
}

export function initRangesView(deps: { afterWrite: () => void }): void {
  for (const t of RANGE_TARGETS) target().add(new Option(RANGE_TARGET_LABELS[t], t));
  for (const r of RANGE_ROUNDINGS) rounding().add(new Option(r === 0 ? 'None' : num(r), String(r)));
  show(loadPayRangeSettings());
  // The named cells are the ranges' truth once they exist: show what they hold.
  void readRangeSettingsCells()
    .then((cells) => {
      if (cells === null) return;
      const saved = loadPayRangeSettings();
      const known = (RANGE_ROUNDINGS as readonly number[]).includes(cells.rounding);
      show({
        ...saved,
        spreadPercent: cells.spreadPercent,
        rounding: known ? (cells.rounding as PayRangeSettings['rounding']) : saved.rounding,
      });
      byId('ranges-status').textContent = T.fromCells(cells.spreadPercent, cells.rounding);
    })
    .catch(() => undefined);
  const save = (): void => {
    savePayRangeSettings(fromInputs()).catch((err: unknown) =>
      showMessage(byId('ranges-status'), T.notSaved(errorMessage(err)), 'error'),
    );
  };
  for (const el of [target(), spread(), rounding()]) el.addEventListener('change', save);
  const button = byId<HTMLButtonElement>('write-ranges');
  button.addEventListener(
    'click',
    busy(button, () => write(deps.afterWrite)),
  );
}
