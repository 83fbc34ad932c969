import { normalisedWeights, type CompositeSettings } from '../domain/composite';
import type { SurveyColumns } from '../domain/survey-columns';
import { loadCompositeSettings, saveCompositeSettings } from '../excel/analyst-settings';
import { loadAgingSettings } from '../excel/workbook-settings';
import { findSurveys, writeComposite } from '../usecases/composite';
import { confirmDialog } from './confirm-dialog';
import { busy, byId, reportIn } from './dom';
import { resolveMapping } from './mapping-view';
import { compositeTexts as T } from './texts';

/**
 * The "Composite of your surveys" card: "Find surveys" lists the surveys beside the selected rows
 * (and JobPrice's own figures) with a tick, a weight and an effective date each; the common date and
 * yearly rate every source is aged to; "Write composite" (src/usecases/composite.ts). The choices are
 * saved with the workbook, by header.
 */

/** One source row of the card: a fieldset whose data-header is the survey's P50 header ('' for JobPrice). */
function sourceRow(
  label: string,
  header: string,
  weight: number,
  date: string | null,
  checked: boolean,
): HTMLElement {
  const set = document.createElement('fieldset');
  set.className = 'composite-source';
  set.dataset.testid = 'composite-source';
  set.dataset.header = header;
  const legend = document.createElement('legend');
  const tick = document.createElement('label');
  tick.className = 'check';
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.checked = checked;
  box.dataset.role = 'use';
  tick.append(box, document.createTextNode(` ${label}`));
  legend.append(tick);
  const fields = document.createElement('div');
  fields.className = 'composite-fields';
  const field = (text: string, input: HTMLInputElement): void => {
    const l = document.createElement('label');
    l.append(document.createTextNode(text), input);
    fields.append(l);
  };
  const w = document.createElement('input');
  w.type = 'number';
  w.min = '0';
  w.step = '0.5';
  w.value = String(weight);
  w.dataset.role = 'weight';
  field('Weight ', w);
  if (date !== null) {
    const d = document.createElement('input');
    d.type = 'date';
    d.value = date;
    d.dataset.role = 'date';
    field('Effective ', d);
  }
  const share = document.createElement('span');
  share.className = 'share';
  share.dataset.role = 'share';
  fields.append(share);
  set.append(legend, fields);
  return set;
}

const rows = (): HTMLFieldSetElement[] => [
  ...byId('composite-sources').querySelectorAll<HTMLFieldSetElement>('fieldset.composite-source'),
];
const input = (set: HTMLElement, role: string): HTMLInputElement | null =>
  set.querySelector<HTMLInputElement>(`input[data-role="${role}"]`);

/** Each ticked source's share of the weights, beside it. */
function showShares(): void {
  const sets = rows();
  const weights = sets.map((s) => (input(s, 'use')?.checked ? Number(input(s, 'weight')?.value) || 0 : 0));
  normalisedWeights(weights).forEach((share, i) => {
    const el = (sets[i] as HTMLElement).querySelector('[data-role="share"]');
    if (el) el.textContent = weights[i] === 0 ? '' : T.share(share);
  });
}

function render(surveys: readonly SurveyColumns[], saved: CompositeSettings): void {
  const host = byId('composite-sources');
  const jobPrice = sourceRow(T.jobPrice, '', saved.jobPrice.weight, null, saved.jobPrice.use);
  const list = surveys.map((s) => {
    const chosen = saved.sources.find((c) => c.header === s.header);
    const percentiles = [s.p25 === undefined ? null : 25, 50, s.p75 === undefined ? null : 75].filter(
      (p): p is number => p !== null,
    );
    return sourceRow(
      T.source(s.survey, percentiles),
      s.header,
      chosen?.weight ?? 1,
      chosen?.effectiveDate ?? '',
      chosen !== undefined,
    );
  });
  host.replaceChildren(...list, jobPrice);
  showShares();
}

function fromInputs(): CompositeSettings {
  const sets = rows();
  const ticked = sets.filter((s) => s.dataset.header !== '' && input(s, 'use')?.checked);
  const jobPrice = sets.find((s) => s.dataset.header === '');
  return {
    sources: ticked.map((s) => ({
      header: s.dataset.header ?? '',
      weight: Number(input(s, 'weight')?.value),
      effectiveDate: input(s, 'date')?.value ?? '',
    })),
    jobPrice: {
      use: jobPrice !== undefined && (input(jobPrice, 'use')?.checked ?? false),
      weight: jobPrice === undefined ? 1 : Number(input(jobPrice, 'weight')?.value),
    },
    agedTo: byId<HTMLInputElement>('composite-date').value,
    ratePercent: Number(byId<HTMLInputElement>('composite-rate').value),
  };
}

async function find(): Promise<void> {
  await reportIn(byId('composite-status'), async () => {
    const surveys = await findSurveys(resolveMapping);
    // Keep what is ticked on the card; before anything is, what the workbook remembers.
    const now = fromInputs();
    render(surveys, now.sources.length > 0 ? now : { ...now, sources: loadCompositeSettings().sources });
    return { text: T.found(surveys.length), tone: 'info' };
  });
}

async function write(afterWrite: () => void): Promise<void> {
  const settings = fromInputs();
  await reportIn(byId('composite-status'), async () => {
    await saveCompositeSettings(settings);
    const summary = await writeComposite({
      settings,
      mappingFor: resolveMapping,
      confirmOverwrite: (cells) => confirmDialog(T.replaceCells(cells)),
    });
    if (summary.status === 'done') afterWrite();
    return { text: T.wrote(summary, settings.agedTo), tone: summary.status === 'done' ? 'success' : 'info' };
  });
}

export function initCompositeView(deps: { afterWrite: () => void }): void {
  const saved = loadCompositeSettings();
  // The common date: the saved one, else the aging card's, else today.
  const aging = loadAgingSettings();
  byId<HTMLInputElement>('composite-date').value =
    saved.agedTo || aging.effectiveDate || new Date().toISOString().slice(0, 10);
  byId<HTMLInputElement>('composite-rate').value = String(saved.ratePercent);
  render([], saved);
  byId('composite-sources').addEventListener('input', showShares);
  byId('composite-sources').addEventListener('change', showShares);
  const findButton = byId<HTMLButtonElement>('find-surveys');
  findButton.addEventListener('click', busy(findButton, find));
  const writeButton = byId<HTMLButtonElement>('write-composite');
  writeButton.addEventListener(
    'click',
    busy(writeButton, () => write(deps.afterWrite)),
  );
}
