import { errorMessage } from '../domain/error-message';
import { onSelectionChanged } from '../excel/active-row';
import { loadMarketBand } from '../usecases/market-band';
import { chartSelection } from '../usecases/market-chart';
import { bandShapes, drawBand } from './band-picture';
import { confirmDialog } from './confirm-dialog';
import { busy, byId, reportIn } from './dom';
import { resolveMapping } from './mapping-view';
import { bandTexts as T } from './texts';

/**
 * The "Market picture" card: the active row's market band drawn as SVG with its text equivalent
 * (redrawn when the selection moves, after a run, and on its button), and "Chart these jobs", which puts a
 * native chart of the selected jobs on the JobPrice Chart sheet.
 */

/** Selection events come in bursts (a drag): the band is read once the selection rests. */
const SETTLE_MS = 250;

async function drawActiveRow(): Promise<void> {
  const svg = byId('band-svg') as unknown as SVGSVGElement;
  const caption = byId('band-caption');
  try {
    const band = await loadMarketBand();
    svg.style.display = band === null ? 'none' : '';
    if (band === null) {
      svg.replaceChildren();
      caption.textContent = T.none;
      return;
    }
    drawBand(svg, bandShapes(band));
    caption.textContent = T.describe(band);
  } catch (err) {
    svg.style.display = 'none';
    caption.textContent = T.couldNotRead(errorMessage(err));
  }
}

async function chartJobs(): Promise<void> {
  await reportIn(byId('chart-status'), async () => {
    const summary = await chartSelection({
      mappingFor: resolveMapping,
      confirmReplace: () => confirmDialog(T.replaceChart),
    });
    return { text: T.charted(summary), tone: summary.status === 'done' ? 'success' : 'info' };
  });
}

export interface MarketPictureView {
  /** Redraws the band of the active row (after a run or a write changed its figures). */
  refresh: () => void;
}

export function initMarketPictureView(): MarketPictureView {
  const refresh = byId<HTMLButtonElement>('band-refresh');
  refresh.addEventListener('click', busy(refresh, drawActiveRow));
  const chart = byId<HTMLButtonElement>('chart-market');
  chart.addEventListener('click', busy(chart, chartJobs));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => void drawActiveRow(), SETTLE_MS);
  };
  void onSelectionChanged(later);
  void drawActiveRow();
  return { refresh: later };
}
