import { convertJobPriceFormulasToValues } from '../excel/convert-to-values';
import { onNotice } from '../session/notices';
import { refreshAll, refreshSelection } from '../usecases/refresh';
import { busy, byId, reportIn, showMessage } from './dom';
import { formulasTexts as T } from './texts';

/**
 * The "JOBPRICE formulas" card: refresh the selection's formulas or all of them (src/usecases/refresh.ts),
 * convert them to values, and the messages of the ribbon commands, which opened the pane to show them.
 */
export function initFormulasView(): void {
  const message = byId('formulas-message');
  const onClick = (id: string, action: () => Promise<string>): void => {
    const button = byId<HTMLButtonElement>(id);
    button.addEventListener(
      'click',
      busy(button, () => reportIn(message, action)),
    );
  };
  onClick('refresh-selection', async () => T.recalculated(await refreshSelection()));
  onClick('refresh-all', async () => T.dropped(await refreshAll()));
  onClick('convert-to-values', async () => {
    const r = await convertJobPriceFormulasToValues();
    return T.converted(r.converted, r.skipped);
  });
  onNotice((notice) => {
    showMessage(message, notice.text, notice.tone);
    message.scrollIntoView?.({ block: 'nearest' });
  });
}
