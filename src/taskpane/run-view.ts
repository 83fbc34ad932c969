import { errorMessage } from '../domain/error-message';
import { abortsRun, isPayloadTooLarge } from '../api/errors';
import { batchSender } from '../api/batch-sender';
import { selectRows, selectRowSpan } from '../excel/select-rows';
import { loadAgingSettings } from '../excel/workbook-settings';
import type { Session } from '../session/session';
import {
  priceSelection,
  SelectionProblem,
  type PriceRunSummary,
  type RunMode,
} from '../usecases/pricing-run';
import { renderChanges } from './changes-view';
import { confirmDialog } from './confirm-dialog';
import { busy, byId } from './dom';
import { renderMapping, resolveMapping } from './mapping-view';
import {
  moreFailuresText,
  progressPercent,
  progressText,
  runTexts as T,
  changeTexts,
  summaryLines,
  summaryTitle,
} from './texts';

/**
 * The "Price jobs" card: one run at a time (src/usecases/pricing-run.ts does the work), its progress bar,
 * Cancel, and the summary with its follow-ups (select the failed rows, review the run's matches).
 */

let running: AbortController | null = null;

function setRunning(controller: AbortController | null): void {
  running = controller;
  byId<HTMLButtonElement>('price-selection').disabled = controller !== null;
  byId<HTMLButtonElement>('reprice-selection').disabled = controller !== null;
  byId<HTMLButtonElement>('cancel').disabled = controller === null;
  byId('app').setAttribute('aria-busy', controller ? 'true' : 'false');
}

function showProgress(percent: number, text: string): void {
  byId('progress-block').hidden = false;
  const bar = byId('progress');
  bar.setAttribute('aria-valuenow', String(percent));
  bar.setAttribute('aria-valuetext', text);
  byId('progress-bar').style.width = `${percent}%`;
  byId('progress-text').textContent = text;
}

/** A button under the run summary and the status line beside it, which says what `act` returns. */
function summaryAction(box: HTMLElement, testid: string, label: string, act: () => Promise<string>): void {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn';
  button.dataset.testid = testid;
  button.textContent = label;
  const note = document.createElement('p');
  note.className = 'hint';
  note.setAttribute('role', 'status');
  button.addEventListener(
    'click',
    busy(button, async () => {
      try {
        note.textContent = await act();
      } catch (err) {
        note.textContent = T.couldNotSelect(errorMessage(err));
      }
    }),
  );
  box.append(button, note);
}

/** Clears the summary box and shows it; `error` marks it as an error box. */
function openSummary(status: string, error: boolean): HTMLElement {
  const box = byId('summary');
  box.hidden = false;
  box.replaceChildren();
  box.classList.toggle('error', error);
  box.dataset.status = status;
  return box;
}

/** An error in the summary box instead of a summary: a run that could not start, or the pane itself. */
export function showRunError(text: string): void {
  openSummary('error', true).textContent = text;
}

/** The run's summary, with its follow-ups (select the failed rows, review the run's matches). */
function showSummary(summary: PriceRunSummary, openReview: () => Promise<void>): void {
  const box = openSummary(summary.status, false);
  const where = summary.where;
  const title = document.createElement('h3');
  title.textContent = summaryTitle(summary);
  const dl = document.createElement('dl');
  for (const line of summaryLines(summary)) {
    const dt = document.createElement('dt');
    dt.textContent = line.label;
    const dd = document.createElement('dd');
    dd.textContent = line.value;
    dd.dataset.testid = `summary-${line.key}`;
    if (line.tone) dd.classList.add(line.tone);
    dl.append(dt, dd);
  }
  box.append(title, dl);
  if (summary.failures.length > 0) {
    const list = document.createElement('ul');
    list.setAttribute('aria-label', T.firstFailures);
    for (const f of summary.failures) {
      const li = document.createElement('li');
      li.textContent = T.failedRow(f.row, f.message);
      list.append(li);
    }
    const more = moreFailuresText(summary);
    if (more !== null) {
      const li = document.createElement('li');
      li.textContent = more;
      li.dataset.testid = 'more-failures';
      list.append(li);
    }
    box.append(list);
    if (where !== null && summary.failedRows.length > 0)
      summaryAction(box, 'select-failed', T.selectFailed(summary.failedRows.length), async () => {
        const r = await selectRows(where, summary.failedRows);
        return r.capped ? T.selectedFirstFailed(r.selected, r.areas) : T.selectedFailed(r.selected);
      });
  }
  // Priced again: the rows whose figure moved, and a button that selects them.
  renderChanges(box, summary.changes);
  if (where !== null && summary.changes.length > 0) {
    const moved = summary.changes.map((c) => c.row);
    summaryAction(box, 'select-moved', changeTexts.select(moved.length), async () => {
      const r = await selectRows(where, moved);
      return r.capped ? changeTexts.selectedFirst(r.selected, r.areas) : changeTexts.selected(r.selected);
    });
  }
  // Review the matches of the rows just priced: the run's rows are selected again, whatever is selected
  // now, and the Review card opens on them.
  if (where !== null && summary.priced > 0)
    summaryAction(box, 'review-run', T.reviewRun, async () => {
      await selectRowSpan(where, where.firstRow, where.lastRow);
      await openReview();
      return '';
    });
}

async function runPricing(session: Session, mode: RunMode, deps: RunViewDeps): Promise<void> {
  // A second press while a run is going does nothing (the buttons are disabled too).
  if (running) return;
  if (session.getAccessToken() === null) {
    showRunError(T.signInFirst);
    deps.focusSignIn();
    return;
  }
  const controller = new AbortController();
  setRunning(controller);
  byId('summary').hidden = true;
  showProgress(0, T.reading);
  try {
    const summary = await priceSelection({
      mode,
      send: batchSender(session.client()),
      mappingFor: resolveMapping,
      confirmOverwrite: (cells) => confirmDialog(T.replaceCells(cells)),
      signal: controller.signal,
      isFatal: abortsRun,
      // A commercial service may accept smaller bodies than ours: split such a call rather than fail its rows.
      shouldSplit: isPayloadTooLarge,
      onBlockRead: (block, mapping) => {
        renderMapping(block, mapping);
        showProgress(0, T.checkingOutput);
      },
      onPhase: (phase) => {
        if (phase === 'prepared') showProgress(0, T.pricing);
      },
      onProgress: (p) => showProgress(progressPercent(p), progressText(p)),
      writer: { aging: loadAgingSettings() },
    });
    if (summary.status === 'declined' || summary.status === 'empty') byId('progress-block').hidden = true;
    if (summary.status === 'cancelled') {
      // The planner settles every row (cancelled ones too); the bar should say how far pricing really got.
      const finished = summary.priced + summary.failed;
      showProgress(
        summary.rows === 0 ? 0 : Math.round((100 * finished) / summary.rows),
        T.stopped(finished, summary.rows),
      );
    }
    showSummary(summary, deps.openReview);
  } catch (err) {
    byId('progress-block').hidden = true;
    if (err instanceof SelectionProblem && err.block) renderMapping(err.block, resolveMapping(err.block));
    showRunError(errorMessage(err));
  } finally {
    setRunning(null);
    deps.afterRun?.();
  }
}

export interface RunViewDeps {
  /** Called when a run is asked for while signed out. */
  focusSignIn: () => void;
  /** Opens the Review card on the rows selected now. */
  openReview: () => Promise<void>;
  /** Called after every run, however it ended (the market picture redraws its row). */
  afterRun?: () => void;
}

export interface RunView {
  /** Prices (or re-prices) the selection, as the card's buttons do. */
  price: (mode: RunMode) => Promise<void>;
  /** Enables the run buttons and tells the page (aria-busy) that the pane is ready. */
  ready: () => void;
}

export function initRunView(session: Session, deps: RunViewDeps): RunView {
  const price = (mode: RunMode): Promise<void> => runPricing(session, mode, deps);
  byId('price-selection').addEventListener('click', () => void price('price'));
  byId('reprice-selection').addEventListener('click', () => void price('reprice'));
  byId('cancel').addEventListener('click', () => {
    if (!running || running.signal.aborted) return;
    running.abort();
    showProgress(Number(byId('progress').getAttribute('aria-valuenow') ?? 0), T.cancelling);
  });
  return { price, ready: () => setRunning(null) };
}
