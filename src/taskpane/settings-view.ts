import type { Session } from '../session/session';
import { DEFAULT_SETTINGS, SettingsError } from '../session/settings';
import { busy, byId, reportIn } from './dom';
import { settingsTexts } from './texts';

/**
 * The settings the pane edits: the service address (in the Connection card; saved before every sign-in and
 * connection test) and how long formula results are kept (in the formulas card). The session validates and
 * saves them (src/session/settings.ts).
 */

/** The fields show their defaults from the first paint (initSettingsView puts in the saved settings). */
export function showDefaultSettings(): void {
  byId<HTMLInputElement>('service-url').value = DEFAULT_SETTINGS.serviceUrl;
  byId<HTMLInputElement>('cache-ttl').value = String(DEFAULT_SETTINGS.cacheTtlHours);
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

export interface SettingsView {
  /** Saves the service address the user typed; false (and the refusal shown) when it is not valid. */
  applyServiceUrl: () => Promise<boolean>;
}

export function initSettingsView(session: Session): SettingsView {
  const settings = session.getSettings();
  const urlInput = byId<HTMLInputElement>('service-url');
  urlInput.value = settings.serviceUrl;
  byId<HTMLInputElement>('cache-ttl').value = String(settings.cacheTtlHours);
  // The error goes away as soon as the user types, not on blur: hiding it on blur would move the
  // controls below while the user is clicking one of them.
  urlInput.addEventListener('input', () => {
    if (urlInput.getAttribute('aria-invalid') !== 'true') return;
    urlInput.removeAttribute('aria-invalid');
    byId('service-url-error').hidden = true;
  });
  urlInput.addEventListener('change', () => void applyServiceUrl(session));

  const saveTtl = byId<HTMLButtonElement>('save-ttl');
  saveTtl.addEventListener(
    'click',
    busy(saveTtl, () =>
      reportIn(byId('formulas-message'), async () => {
        const hours = Number(byId<HTMLInputElement>('cache-ttl').value);
        const next = await session.updateSettings({ cacheTtlHours: hours });
        return settingsTexts.keptFor(next.cacheTtlHours);
      }),
    ),
  );
  return { applyServiceUrl: () => applyServiceUrl(session) };
}
