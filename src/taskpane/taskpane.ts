import css from './taskpane.css';
import { abortsRun, isPayloadTooLarge } from '../api/errors';
import { batchSender } from '../api/batch-sender';
import { getSession, type Session } from '../session/session';
import { DEFAULT_SETTINGS, SettingsError } from '../session/settings';
import { selectRows, selectRowSpan } from '../excel/select-rows';
import { convertJobPriceFormulasToValues } from '../excel/convert-to-values';
import { readSelection } from '../excel/selection-reader';
import { refreshAll, refreshSelection } from '../usecases/refresh';
import { onNotice } from '../session/notices';
import { confirmDialog } from './confirm-dialog';
import { busy, byId, errorText, showMessage } from './dom';
import { initAgingView } from './aging-view';
import { initReviewView } from './review-view';
import { renderMapping, resolveMapping } from './mapping-view';
import { loadAgingSettings } from '../excel/workbook-settings';
import {
  priceSelection,
  SelectionProblem,
  type PriceRunSummary,
  type RunMode,
} from '../usecases/pricing-run';
import { moreFailuresText, progressPercent, progressText, summaryLines, summaryTitle } from './summary-text';

/**
 * The task pane: wires the template's controls to the session (connection), the pricing run (src/excel +
 * src/domain do the work) and the custom functions' refresh. It keeps no logic of its own beyond
 * "what is on screen".
 */

if (!document.getElementById('jobprice-css')) {
  const style = document.createElement('style');
  style.id = 'jobprice-css';
  style.textContent = css;
  document.head.append(style);
}

// The fields show their defaults from the first paint (start() replaces them with the saved settings).
byId<HTMLInputElement>('service-url').value = DEFAULT_SETTINGS.serviceUrl;
byId<HTMLInputElement>('cache-ttl').value = String(DEFAULT_SETTINGS.cacheTtlHours);

let running: AbortController | null = null;
/** Opens the Review card on the selected rows (set once the card is wired). */
let openReview: (() => Promise<void>) | null = null;

function setRunning(controller: AbortController | null): void {
  running = controller;
  byId<HTMLButtonElement>('price-selection').disabled = controller !== null;
  byId<HTMLButtonElement>('reprice-selection').disabled = controller !== null;
  byId<HTMLButtonElement>('cancel').disabled = controller === null;
  byId('app').setAttribute('aria-busy', controller ? 'true' : 'false');
}

// ---------- connection ----------

function signInMethod(): 'token' | 'credentials' {
  const checked = document.querySelector<HTMLInputElement>('input[name="signin-method"]:checked');
  return checked?.value === 'credentials' ? 'credentials' : 'token';
}

/** The user asked to see the sign-in fields although signed in ("Change"). */
let editingSignIn = false;

function renderConnection(session: Session): void {
  const signedIn = session.getAccessToken() !== null;
  const badge = byId('connection-badge');
  badge.textContent = signedIn ? 'Signed in' : 'Not signed in';
  badge.classList.toggle('ok', signedIn);
  byId('sign-out').hidden = !signedIn;
  // Signed in: the form folds away to one line; the token itself is never shown, not even masked.
  const folded = signedIn && !editingSignIn;
  byId('signin-form').hidden = folded;
  byId('sign-in').hidden = folded;
  byId('signed-in-line').hidden = !signedIn;
  byId('signed-in-text').textContent = `Signed in to ${new URL(session.getSettings().serviceUrl).host}.`;
  byId('change-signin').setAttribute('aria-expanded', String(!folded));
  byId('change-signin').textContent = folded ? 'Change' : 'Hide';
}

/** Saves the URL field if it changed; shows a refusal next to the field. @returns false when refused. */
async function applyServiceUrl(session: Session): Promise<boolean> {
  const input = byId<HTMLInputElement>('service-url');
  const error = byId('service-url-error');
  try {
    const settings = await session.updateSettings({ serviceUrl: input.value });
    input.value = settings.serviceUrl;
    input.removeAttribute('aria-invalid');
    error.hidden = true;
    error.textContent = '';
    return true;
  } catch (err) {
    if (!(err instanceof SettingsError)) throw err;
    input.setAttribute('aria-invalid', 'true');
    error.textContent = err.message;
    error.hidden = false;
    input.focus();
    return false;
  }
}

async function signIn(session: Session): Promise<void> {
  const message = byId('connection-message');
  showMessage(message, '');
  if (!(await applyServiceUrl(session))) return;
  const remember = byId<HTMLInputElement>('remember-me').checked;
  try {
    if (signInMethod() === 'token') {
      const tokenInput = byId<HTMLInputElement>('access-token');
      if (tokenInput.value.trim() === '') {
        showMessage(message, 'Paste your access token first.', 'error');
        tokenInput.focus();
        return;
      }
      const token = tokenInput.value;
      tokenInput.value = '';
      await session.setAccessToken(token, { remember });
    } else {
      const id = byId<HTMLInputElement>('client-id');
      const secretInput = byId<HTMLInputElement>('client-secret');
      if (id.value.trim() === '' || secretInput.value === '') {
        showMessage(message, 'Enter the client ID and the client secret.', 'error');
        (id.value.trim() === '' ? id : secretInput).focus();
        return;
      }
      // The secret is used once: it leaves the page before the request is even sent.
      const secret = secretInput.value;
      secretInput.value = '';
      await session.signInWithClientCredentials(id.value, secret, { remember });
    }
    editingSignIn = false;
    renderConnection(session);
    showMessage(
      message,
      remember ? 'Signed in. You stay signed in on this computer.' : 'Signed in for this session.',
      'success',
    );
  } catch (err) {
    showMessage(message, errorText(err), 'error');
  }
}

async function testConnection(session: Session): Promise<void> {
  const message = byId('connection-message');
  showMessage(message, 'Testing…');
  if (!(await applyServiceUrl(session))) {
    showMessage(message, '');
    return;
  }
  try {
    showMessage(message, await session.client().testConnection(), 'success');
  } catch (err) {
    showMessage(message, errorText(err), 'error');
  }
}

// ---------- pricing ----------

function showProgress(percent: number, text: string): void {
  byId('progress-block').hidden = false;
  const bar = byId('progress');
  bar.setAttribute('aria-valuenow', String(percent));
  bar.setAttribute('aria-valuetext', text);
  byId('progress-bar').style.width = `${percent}%`;
  byId('progress-text').textContent = text;
}

function showSummary(summary: PriceRunSummary | null, error?: string): void {
  const box = byId('summary');
  box.hidden = false;
  box.replaceChildren();
  box.classList.toggle('error', error !== undefined);
  box.dataset.status = summary?.status ?? 'error';
  if (error !== undefined) {
    box.textContent = error;
    return;
  }
  if (!summary) return;
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
    list.setAttribute('aria-label', 'First rows that failed');
    for (const f of summary.failures) {
      const li = document.createElement('li');
      li.textContent = `Row ${f.row}: ${f.message}`;
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
      summaryAction(
        box,
        'select-failed',
        `Select the ${summary.failedRows.length.toLocaleString('en-US')} failed ${summary.failedRows.length === 1 ? 'row' : 'rows'}`,
        async () => {
          const r = await selectRows(where, summary.failedRows);
          return r.capped
            ? `Selected the first ${r.selected.toLocaleString('en-US')} failed rows (${r.areas} groups; Excel takes no more at once).`
            : `Selected ${r.selected.toLocaleString('en-US')} failed ${r.selected === 1 ? 'row' : 'rows'}.`;
        },
      );
  }
  // Review the matches of the rows just priced (issue 10 item 4: "the rows of the last run"): the run's
  // rows are selected again, whatever is selected now, and the Review card opens on them.
  const review = openReview;
  if (where !== null && summary.priced > 0 && review !== null)
    summaryAction(box, 'review-run', 'Review the matches of these rows', async () => {
      await selectRowSpan(where, where.firstRow, where.lastRow);
      await review();
      return '';
    });
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
        note.textContent = `Could not select the rows: ${errorText(err)}`;
      }
    }),
  );
  box.append(button, note);
}

async function runPricing(session: Session, mode: RunMode): Promise<void> {
  // A second press while a run is going does nothing (the buttons are disabled too).
  if (running) return;
  if (session.getAccessToken() === null) {
    showSummary(null, 'Sign in first: enter your access token or client credentials under Connection.');
    byId<HTMLInputElement>(signInMethod() === 'token' ? 'access-token' : 'client-id').focus();
    return;
  }
  const controller = new AbortController();
  setRunning(controller);
  byId('summary').hidden = true;
  showProgress(0, 'Reading the selection…');
  try {
    const summary = await priceSelection({
      mode,
      send: batchSender(session.client()),
      mappingFor: resolveMapping,
      confirmOverwrite: (cells) =>
        confirmDialog(
          `${cells.toLocaleString('en-US')} ${cells === 1 ? 'cell' : 'cells'} where the results go already ${cells === 1 ? 'holds' : 'hold'} data. Replace ${cells === 1 ? 'it' : 'them'}?`,
        ),
      signal: controller.signal,
      isFatal: abortsRun,
      // A commercial service may accept smaller bodies than ours: split such a call rather than fail its rows.
      shouldSplit: isPayloadTooLarge,
      onBlockRead: (block, mapping) => {
        renderMapping(block, mapping);
        showProgress(0, 'Checking where the results go…');
      },
      onPhase: (phase) => {
        if (phase === 'prepared') showProgress(0, 'Pricing…');
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
        `Stopped: ${finished.toLocaleString('en-US')} of ${summary.rows.toLocaleString('en-US')} rows done`,
      );
    }
    showSummary(summary);
  } catch (err) {
    byId('progress-block').hidden = true;
    if (err instanceof SelectionProblem && err.block) renderMapping(err.block, resolveMapping(err.block));
    showSummary(null, errorText(err));
  } finally {
    setRunning(null);
  }
}

async function detectColumns(): Promise<void> {
  try {
    const block = await readSelection();
    renderMapping(block, resolveMapping(block));
  } catch (err) {
    byId('mapping-source').textContent = errorText(err);
  }
}

// ---------- formulas ----------

async function formulasAction(action: () => Promise<string>): Promise<void> {
  const message = byId('formulas-message');
  showMessage(message, 'Working…');
  try {
    showMessage(message, await action(), 'success');
  } catch (err) {
    showMessage(message, errorText(err), 'error');
  }
}

const plural = (count: number, one: string, many: string): string =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

// ---------- start ----------

async function start(): Promise<void> {
  const session = getSession();
  await session.ready();
  const settings = session.getSettings();
  byId<HTMLInputElement>('service-url').value = settings.serviceUrl;
  byId<HTMLInputElement>('cache-ttl').value = String(settings.cacheTtlHours);
  renderConnection(session);
  session.onChange(() => renderConnection(session));

  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="signin-method"]')) {
    radio.addEventListener('change', () => {
      const token = signInMethod() === 'token';
      byId('token-fields').hidden = !token;
      byId('credential-fields').hidden = token;
      byId('signin-help').textContent = token
        ? 'The token stays in memory only, unless you tick "Remember me".'
        : 'The secret is used once to get a token and is never stored.';
    });
  }
  const button = (id: string): HTMLButtonElement => byId<HTMLButtonElement>(id);
  button('sign-in').addEventListener(
    'click',
    busy(button('sign-in'), () => signIn(session)),
  );
  button('test-connection').addEventListener(
    'click',
    busy(button('test-connection'), () => testConnection(session)),
  );
  button('change-signin').addEventListener('click', () => {
    editingSignIn = !editingSignIn;
    renderConnection(session);
    if (editingSignIn)
      document.querySelector<HTMLInputElement>('input[name="signin-method"]:checked')?.focus();
  });
  button('sign-out').addEventListener('click', () => {
    void session.signOut().then(() => showMessage(byId('connection-message'), 'Signed out.'));
  });
  const urlInput = byId<HTMLInputElement>('service-url');
  // The error goes away as soon as the user types, not on blur: hiding it on blur would move the
  // controls below while the user is clicking one of them.
  urlInput.addEventListener('input', () => {
    if (urlInput.getAttribute('aria-invalid') !== 'true') return;
    urlInput.removeAttribute('aria-invalid');
    byId('service-url-error').hidden = true;
  });
  urlInput.addEventListener('change', () => void applyServiceUrl(session));
  for (const id of ['access-token', 'client-secret']) {
    byId<HTMLInputElement>(id).addEventListener('keydown', (e) => {
      if (e.key === 'Enter') button('sign-in').click();
    });
  }

  button('price-selection').addEventListener('click', () => void runPricing(session, 'price'));
  button('reprice-selection').addEventListener('click', () => void runPricing(session, 'reprice'));
  button('cancel').addEventListener('click', () => {
    if (!running || running.signal.aborted) return;
    running.abort();
    showProgress(
      Number(byId('progress').getAttribute('aria-valuenow') ?? 0),
      'Cancelling: no new requests are sent…',
    );
  });
  button('detect-columns').addEventListener('click', busy(button('detect-columns'), detectColumns));
  initAgingView();
  openReview = initReviewView({
    client: () => session.client(),
    reprice: () => runPricing(session, 'reprice'),
  }).open;

  button('refresh-selection').addEventListener(
    'click',
    busy(button('refresh-selection'), () =>
      formulasAction(
        async () =>
          `Recalculated ${plural(await refreshSelection(), 'JOBPRICE formula', 'JOBPRICE formulas')} in the selection.`,
      ),
    ),
  );
  button('refresh-all').addEventListener(
    'click',
    busy(button('refresh-all'), () =>
      formulasAction(
        async () =>
          `Dropped ${plural(await refreshAll(), 'saved result', 'saved results')}; the workbook is recalculating.`,
      ),
    ),
  );
  button('convert-to-values').addEventListener(
    'click',
    busy(button('convert-to-values'), () =>
      formulasAction(async () => {
        const r = await convertJobPriceFormulasToValues();
        const left =
          r.skipped > 0
            ? ` ${plural(r.skipped, 'cell was', 'cells were')} left as formulas (error or still calculating).`
            : '';
        return `Converted ${plural(r.converted, 'formula', 'formulas')} to values.${left}`;
      }),
    ),
  );
  button('save-ttl').addEventListener(
    'click',
    busy(button('save-ttl'), () =>
      formulasAction(async () => {
        const hours = Number(byId<HTMLInputElement>('cache-ttl').value);
        const next = await session.updateSettings({ cacheTtlHours: hours });
        return `Results are kept for ${plural(next.cacheTtlHours, 'hour', 'hours')}.`;
      }),
    ),
  );
  // Messages from the ribbon commands (which opened the pane to show them).
  onNotice((notice) => {
    const message = byId('formulas-message');
    showMessage(message, notice.text, notice.tone);
    message.scrollIntoView?.({ block: 'nearest' });
  });
  setRunning(null);
}

/** Opened in a browser outside Excel (office.js reports no host): say where to open it instead. */
function showOutsideExcel(): void {
  byId('app').hidden = true;
  byId('outside-excel').hidden = false;
}

void Office.onReady((info) => {
  if (info.host !== Office.HostType.Excel) {
    showOutsideExcel();
    return;
  }
  start().catch((err: unknown) => showSummary(null, `The pane could not start: ${errorText(err)}`));
});
