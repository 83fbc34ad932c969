import type { RowChange } from '../domain/repricing-changes';
import { changeTexts as T } from './texts';

/**
 * The re-price change list under a run's summary: which rows' Salary50 moved by more than 5 % since they
 * were last priced, old → new, and why where the rows tell (src/domain/repricing-changes.ts). The run
 * view adds the button that selects them.
 */

/** Rows listed by name; the rest are counted (and all of them can be selected). */
export const LISTED_CHANGES = 10;

export function renderChanges(box: HTMLElement, changes: readonly RowChange[]): void {
  if (changes.length === 0) return;
  const section = document.createElement('section');
  section.className = 'changes';
  section.dataset.testid = 'changes';
  const heading = document.createElement('h4');
  heading.textContent = T.heading(changes.length);
  const list = document.createElement('ul');
  list.setAttribute('aria-label', T.listLabel);
  for (const change of changes.slice(0, LISTED_CHANGES)) {
    const li = document.createElement('li');
    li.dataset.testid = 'change';
    li.dataset.row = String(change.row);
    li.textContent = T.row(change);
    list.append(li);
  }
  if (changes.length > LISTED_CHANGES) {
    const li = document.createElement('li');
    li.dataset.testid = 'more-changes';
    li.textContent = T.more(changes.length - LISTED_CHANGES);
    list.append(li);
  }
  section.append(heading, list);
  box.append(section);
}
