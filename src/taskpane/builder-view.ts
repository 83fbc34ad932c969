import { formulaChoices, searchFormulas, type FormulaChoice } from '../formulas/formula-search';
import { insertFormulas, previewFormula, type FormulaPreview } from '../usecases/insert-formulas';
import { confirmDialog } from './confirm-dialog';
import { errorMessage } from '../domain/error-message';
import { busy, byId, showMessage } from './dom';
import { resolveMapping } from './mapping-view';
import { builderTexts as T } from './texts';

/**
 * The "Find a formula" card (`data-testid="formula-builder"`): a field search over every JOBPRICE function
 * and output field (src/formulas/formula-search.ts reads the catalog, so new functions appear here), the
 * formula of the picked one for the active row, and Insert (src/usecases/insert-formulas.ts). Keyboard: the
 * arrow keys move from the search box through the results; Enter or a click picks one.
 */

/** Results listed at once; the count says how many more there are. */
export const LISTED_RESULTS = 8;

const choices = formulaChoices();
let picked: FormulaChoice | null = null;
/** What the user typed for parameters that are not job arguments, by parameter name. */
const typed = new Map<string, string>();

function resultItem(choice: FormulaChoice): HTMLLIElement {
  const li = document.createElement('li');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'builder-item';
  button.dataset.testid = 'builder-result';
  button.dataset.key = choice.key;
  button.setAttribute('aria-pressed', String(picked?.key === choice.key));
  const name = document.createElement('span');
  name.className = 'name';
  name.textContent = choice.name;
  const kind = document.createElement('span');
  kind.className = 'kind';
  kind.textContent = T.kind(choice.kind);
  const desc = document.createElement('span');
  desc.className = 'desc';
  desc.textContent = choice.help;
  button.append(name, kind, desc);
  button.addEventListener('click', () => void pick(choice));
  li.append(button);
  return li;
}

function renderResults(): void {
  const found = searchFormulas(byId<HTMLInputElement>('builder-search').value, choices);
  byId('builder-results').replaceChildren(...found.slice(0, LISTED_RESULTS).map(resultItem));
  byId('builder-count').textContent =
    found.length === 0 ? T.none : T.shown(Math.min(found.length, LISTED_RESULTS), found.length);
}

function renderPreview(p: FormulaPreview): void {
  byId('builder-row').textContent = T.forRow(p.row);
  byId('builder-formula').textContent = p.formula;
  byId('builder-args').replaceChildren(
    ...p.args.map((a) => {
      const li = document.createElement('li');
      li.textContent = T.argument(a);
      return li;
    }),
  );
  const extras = byId('builder-extras');
  extras.replaceChildren();
  for (const e of p.extras) {
    const id = `builder-extra-${e.param}`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = e.optional ? T.optional(e.param) : e.param;
    label.title = e.help;
    const input = document.createElement('input');
    input.type = 'text';
    input.id = id;
    input.dataset.testid = id;
    input.value = e.text;
    input.title = e.help;
    input.spellcheck = false;
    input.addEventListener('change', () => {
      typed.set(e.param, input.value);
      void refresh();
    });
    extras.append(label, input);
  }
  byId('builder-target').textContent = p.rows > 0 ? T.target(p.span, p.rows, p.hiddenRows) : '';
  byId<HTMLButtonElement>('builder-insert').disabled = p.problem !== null;
  showMessage(byId('builder-message'), p.problem ?? '', p.problem === null ? 'info' : 'error');
}

/** Shows the picked formula for the cell and rows selected now. */
async function refresh(): Promise<void> {
  if (picked === null) return;
  const message = byId('builder-message');
  showMessage(message, T.reading);
  try {
    renderPreview(await previewFormula({ choice: picked, typed }, { mappingFor: resolveMapping }));
  } catch (err) {
    showMessage(message, errorMessage(err), 'error');
  }
}

async function pick(choice: FormulaChoice): Promise<void> {
  picked = choice;
  typed.clear();
  for (const b of byId('builder-results').querySelectorAll<HTMLButtonElement>('button'))
    b.setAttribute('aria-pressed', String(b.dataset.key === choice.key));
  byId('builder-pick').hidden = false;
  byId('builder-name').textContent = choice.name;
  byId('builder-help').textContent = choice.help;
  await refresh();
}

async function insert(): Promise<void> {
  if (picked === null) return;
  const message = byId('builder-message');
  try {
    const report = await insertFormulas(
      { choice: picked, typed },
      { mappingFor: resolveMapping, confirmOverwrite: (cells) => confirmDialog(T.replaceCells(cells)) },
    );
    if (report.status === 'refused') showMessage(message, report.problem, 'error');
    else if (report.status === 'declined') showMessage(message, T.declined);
    else showMessage(message, T.inserted(report.written, report.span, report.replaced), 'success');
  } catch (err) {
    showMessage(message, errorMessage(err), 'error');
  }
}

/** Arrow keys: from the search box into the results, and between them. */
function onKeys(e: KeyboardEvent): void {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const buttons = [...byId('builder-results').querySelectorAll<HTMLButtonElement>('button')];
  if (buttons.length === 0) return;
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = e.key === 'ArrowDown' ? Math.min(at + 1, buttons.length - 1) : at - 1;
  e.preventDefault();
  if (next < 0) byId('builder-search').focus();
  else buttons[next]?.focus();
}

export function initBuilderView(): void {
  const search = byId<HTMLInputElement>('builder-search');
  search.addEventListener('input', renderResults);
  byId('formula-builder').addEventListener('keydown', onKeys);
  const insertButton = byId<HTMLButtonElement>('builder-insert');
  insertButton.addEventListener('click', busy(insertButton, insert));
  const refreshButton = byId<HTMLButtonElement>('builder-refresh');
  refreshButton.addEventListener('click', busy(refreshButton, refresh));
  renderResults();
}
