import { errorMessage } from '../domain/error-message';
import { applyReviewChoices, loadReview, type ReviewJob, type ReviewSet } from '../usecases/review-matches';
import type { CandidateSource } from '../usecases/review-matches';
import { byId } from './dom';
import { reviewTexts as T } from './texts';
import { resolveMapping } from './mapping-view';

/**
 * The "Review matches" card: one fieldset per distinct job, its current match, and a
 * radio group of candidates (mouse or keyboard: arrow keys move within a group, Tab between jobs).
 * Nothing is written until "Apply and re-price"; then the codes go into the Job Code column and the
 * pane re-prices the selection, which sends them as JobCode (D19).
 */

let current: ReviewSet | null = null;
/** Which load of the card is the latest: ticking the filter while candidates load starts another load,
 * and only the newest may fill the card (an older answer arriving last would show the wrong filter). */
let loads = 0;

const place = (j: ReviewJob): string =>
  [j.spec.scope.city, j.spec.scope.state, j.spec.scope.zip].filter((p) => p !== '').join(', ');

function jobFieldset(job: ReviewJob, index: number): HTMLFieldSetElement {
  const set = document.createElement('fieldset');
  set.dataset.testid = 'review-job';
  set.dataset.key = job.key;
  const legend = document.createElement('legend');
  legend.textContent = `${job.spec.title}${place(job) === '' ? '' : ` · ${place(job)}`} (${T.rows(job.rows)})`;
  set.append(legend);
  const now = document.createElement('p');
  now.className = 'current';
  now.textContent =
    job.problem !== null
      ? T.notAvailable(job.problem)
      : job.current === null
        ? T.noMatch
        : T.pricedAs(job.current.title, job.current.code, job.current.rating, job.pinned !== '');
  set.append(now);
  const name = `review-${index}`;
  const option = (value: string, text: string, checked: boolean): void => {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = name;
    input.value = value;
    input.checked = checked;
    input.dataset.testid = 'review-option';
    label.append(input, document.createTextNode(text));
    set.append(label);
  };
  option('', T.keep, true);
  for (const c of job.candidates) {
    if (c.MatchedJobCode === job.current?.code) continue;
    option(c.MatchedJobCode, T.candidate(c.MatchedJobTitle, c.MatchedJobCode, c.MatchRating), false);
  }
  return set;
}

function render(set: ReviewSet): void {
  const list = byId('review-list');
  list.replaceChildren(...set.jobs.map(jobFieldset));
  const shown = set.jobs.length;
  byId('review-status').textContent =
    shown === 0 ? T.allConfident(set.distinct) : T.shown(shown, set.distinct);
  byId<HTMLButtonElement>('apply-review').disabled = shown === 0;
}

function choices(): Map<string, string> {
  const out = new Map<string, string>();
  for (const set of byId('review-list').querySelectorAll<HTMLFieldSetElement>('fieldset')) {
    const picked = set.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    if (set.dataset.key !== undefined && picked !== null && picked.value !== '')
      out.set(set.dataset.key, picked.value);
  }
  return out;
}

/** Wires the card; returns `open`, which reviews the rows selected now (the summary selects a run's rows first). */
export function initReviewView(deps: { client: () => CandidateSource; reprice: () => Promise<void> }): {
  open: () => Promise<void>;
} {
  const open = async (): Promise<void> => {
    const load = ++loads;
    byId('review-card').hidden = false;
    byId('review-status').textContent = T.asking;
    byId('review-list').replaceChildren();
    byId<HTMLButtonElement>('apply-review').disabled = true;
    try {
      const set = await loadReview({
        client: deps.client(),
        mappingFor: resolveMapping,
        onlyBelowConfident: byId<HTMLInputElement>('review-below').checked,
      });
      if (load !== loads) return;
      current = set;
      render(set);
      byId('review-list').querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
    } catch (err) {
      if (load !== loads) return;
      current = null;
      byId('review-status').textContent = errorMessage(err);
    }
  };
  byId('review-matches').addEventListener('click', () => void open());
  byId('review-below').addEventListener('change', () => void open());
  byId('review-close').addEventListener('click', () => {
    byId('review-card').hidden = true;
    current = null;
  });
  byId('apply-review').addEventListener('click', () => {
    void (async () => {
      if (current === null) return;
      const button = byId<HTMLButtonElement>('apply-review');
      button.disabled = true;
      try {
        const written = await applyReviewChoices(current, choices());
        byId('review-status').textContent = T.wrote(written.rows, written.created);
        await deps.reprice();
        byId('review-status').textContent = T.repriced(written.rows);
        current = null;
        byId('review-list').replaceChildren();
      } catch (err) {
        byId('review-status').textContent = errorMessage(err);
        button.disabled = false;
      }
    })();
  });
  return { open };
}
