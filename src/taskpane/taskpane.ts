import { errorMessage } from '../domain/error-message';
import css from './taskpane.css';
import analystCss from './analyst.css';
import { getSession } from '../session/session';
import { byId } from './dom';
import { initAgingView } from './aging-view';
import { initCompositeView } from './composite-view';
import { initMarketPictureView } from './market-picture-view';
import { initRangesView } from './ranges-view';
import { initBuilderView } from './builder-view';
import { initConnectionView } from './connection-view';
import { initFormulasView } from './formulas-view';
import { initMappingView } from './mapping-view';
import { initReviewView } from './review-view';
import { initRunView, showRunError } from './run-view';
import { initSettingsView, showDefaultSettings } from './settings-view';
import { followTheme } from './theme';
import { readCulture } from '../excel/selection-reader';
import { runTexts, setLocale } from './texts';

/**
 * The task pane's composition root: it injects the style sheet, waits for Office and the session, and wires
 * one module per card (src/taskpane/*-view.ts). The views keep no logic beyond "what is on screen"; the work
 * is done by the use cases (src/usecases), their words are in texts.ts.
 */

if (!document.getElementById('jobprice-css')) {
  const style = document.createElement('style');
  style.id = 'jobprice-css';
  style.textContent = `${css}\n${analystCss}`;
  document.head.append(style);
}

showDefaultSettings();
// The system's preference from the first paint; Office's theme once Office is ready (below).
followTheme();

/** Figures in the user's locale: Excel's culture (ExcelApi 1.11), else Office's display language. */
async function followLocale(): Promise<void> {
  setLocale(Office.context.displayLanguage);
  setLocale((await readCulture().catch(() => null))?.name);
}

async function start(): Promise<void> {
  await followLocale();
  const session = getSession();
  await session.ready();
  const settings = initSettingsView(session);
  const connection = initConnectionView(session, settings.applyServiceUrl);
  initMappingView();
  initAgingView();
  // After pricing: the market picture is redrawn whenever a run or a card changes the figures it shows.
  const picture = initMarketPictureView();
  initRangesView({ afterWrite: picture.refresh });
  initCompositeView({ afterWrite: picture.refresh });
  // The run's summary opens the Review card, and the card re-prices through the run: each gets the other late.
  const run = initRunView(session, {
    focusSignIn: connection.focusSignIn,
    openReview: () => review.open(),
    afterRun: picture.refresh,
  });
  const review = initReviewView({
    client: () => session.client(),
    reprice: () => run.price('reprice'),
  });
  initFormulasView();
  initBuilderView();
  run.ready();
}

/** Opened in a browser outside Excel (office.js reports no host): say where to open it instead. */
function showOutsideExcel(): void {
  byId('app').hidden = true;
  byId('outside-excel').hidden = false;
}

void Office.onReady((info) => {
  followTheme();
  if (info.host !== Office.HostType.Excel) {
    showOutsideExcel();
    return;
  }
  start().catch((err: unknown) => showRunError(runTexts.couldNotStart(errorMessage(err))));
});
