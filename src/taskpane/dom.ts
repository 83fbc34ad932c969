import { errorMessage } from '../domain/error-message';
import { formulasTexts } from './texts';

/** Small DOM helpers for the pane: typed look-ups that fail loudly when the template and the code disagree. */

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`The task pane template has no element #${id}.`);
  return el as T;
}

export type MessageTone = 'info' | 'error' | 'success';

export function showMessage(el: HTMLElement, text: string, tone: MessageTone = 'info'): void {
  el.textContent = text;
  el.classList.toggle('error', tone === 'error' && text !== '');
  el.classList.toggle('success', tone === 'success' && text !== '');
}

/**
 * A click handler that runs a button's action once at a time: the button is disabled (and aria-busy) while
 * it runs. The handler returns nothing, as an event listener does: the action says its own outcome in the
 * pane (reportIn, the run card), and the button comes back whether it succeeds or fails.
 */
export function busy(button: HTMLButtonElement, action: () => Promise<void>): () => void {
  const run = async (): Promise<void> => {
    if (button.disabled) return;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    try {
      await action();
    } finally {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  };
  return () => void run();
}

/**
 * Shows "Working…" in `message`, then what `action` resolves with (a text, shown as a success, or a text
 * and its tone: a "nothing was changed" is no success), or its error.
 */
export async function reportIn(
  message: HTMLElement,
  action: () => Promise<string | { text: string; tone: MessageTone }>,
): Promise<void> {
  showMessage(message, formulasTexts.working);
  try {
    const outcome = await action();
    if (typeof outcome === 'string') showMessage(message, outcome, 'success');
    else showMessage(message, outcome.text, outcome.tone);
  } catch (err) {
    showMessage(message, errorMessage(err), 'error');
  }
}
