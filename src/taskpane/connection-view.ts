import { errorMessage } from '../domain/error-message';
import { BUILT_SERVICE_URL } from '../session/deployment';
import type { Session } from '../session/session';
import { DEFAULT_SETTINGS, isLoopbackHost } from '../session/settings';
import { busy, byId, showMessage } from './dom';
import { connectionTexts as T } from './texts';

/**
 * The Connection card: sign in with an access token or client credentials, test the connection, sign out.
 * Signed in, the form folds away to one line; the token itself is never shown, not even masked.
 */

/** The user asked to see the sign-in fields although signed in ("Change"). */
let editingSignIn = false;

function signInMethod(): 'token' | 'credentials' {
  const checked = document.querySelector<HTMLInputElement>('input[name="signin-method"]:checked');
  return checked?.value === 'credentials' ? 'credentials' : 'token';
}

function renderConnection(session: Session): void {
  const signedIn = session.getAccessToken() !== null;
  const badge = byId('connection-badge');
  badge.textContent = signedIn ? T.signedIn : T.notSignedIn;
  badge.classList.toggle('ok', signedIn);
  byId('sign-out').hidden = !signedIn;
  const folded = signedIn && !editingSignIn;
  byId('signin-form').hidden = folded;
  byId('sign-in').hidden = folded;
  byId('signed-in-line').hidden = !signedIn;
  byId('signed-in-text').textContent = T.signedInTo(new URL(session.getSettings().serviceUrl).host);
  byId('change-signin').setAttribute('aria-expanded', String(!folded));
  byId('change-signin').textContent = folded ? T.change : T.hide;
}

async function signIn(session: Session, applyServiceUrl: () => Promise<boolean>): Promise<void> {
  const message = byId('connection-message');
  showMessage(message, '');
  if (!(await applyServiceUrl())) return;
  const remember = byId<HTMLInputElement>('remember-me').checked;
  try {
    if (signInMethod() === 'token') {
      const tokenInput = byId<HTMLInputElement>('access-token');
      if (tokenInput.value.trim() === '') {
        showMessage(message, T.pasteToken, 'error');
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
        showMessage(message, T.enterCredentials, 'error');
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
    showMessage(message, remember ? T.signedInRemembered : T.signedInForSession, 'success');
  } catch (err) {
    showMessage(message, errorMessage(err), 'error');
  }
}

async function testConnection(session: Session, applyServiceUrl: () => Promise<boolean>): Promise<void> {
  const message = byId('connection-message');
  showMessage(message, T.testing);
  if (!(await applyServiceUrl())) {
    showMessage(message, '');
    return;
  }
  try {
    showMessage(message, await session.client().testConnection(), 'success');
  } catch (err) {
    showMessage(message, errorMessage(err), 'error');
  }
}

/**
 * What a first run says before anything is set up: signed out, the service address still the default.
 * A pane built with JOBPRICE_SERVICE_URL only asks to sign in; a hosted pane built without one (its default
 * is its own origin, right only when the host forwards the API) says what to enter. Served from this
 * computer (npm start), the default is the local reference service and needs no hint.
 */
export function firstRunHint(state: {
  signedIn: boolean;
  serviceUrl: string;
  defaultServiceUrl: string;
  builtServiceUrl: string;
  pageHost: string;
}): string | null {
  if (state.signedIn || state.serviceUrl !== state.defaultServiceUrl) return null;
  if (state.builtServiceUrl !== '') return T.firstRunSignIn(new URL(state.builtServiceUrl).host);
  if (isLoopbackHost(state.pageHost)) return null;
  return T.firstRunEnterService;
}

export interface ConnectionView {
  /** Puts the focus on the first sign-in field of the chosen method (a run asked while signed out). */
  focusSignIn: () => void;
}

export function initConnectionView(
  session: Session,
  applyServiceUrl: () => Promise<boolean>,
): ConnectionView {
  renderConnection(session);
  session.onChange(() => renderConnection(session));
  const hint = firstRunHint({
    signedIn: session.getAccessToken() !== null,
    serviceUrl: session.getSettings().serviceUrl,
    defaultServiceUrl: DEFAULT_SETTINGS.serviceUrl,
    builtServiceUrl: BUILT_SERVICE_URL,
    pageHost: location.hostname,
  });
  if (hint !== null) showMessage(byId('connection-message'), hint);
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="signin-method"]')) {
    radio.addEventListener('change', () => {
      const token = signInMethod() === 'token';
      byId('token-fields').hidden = !token;
      byId('credential-fields').hidden = token;
      byId('signin-help').textContent = token ? T.tokenHelp : T.secretHelp;
    });
  }
  const button = (id: string): HTMLButtonElement => byId<HTMLButtonElement>(id);
  button('sign-in').addEventListener(
    'click',
    busy(button('sign-in'), () => signIn(session, applyServiceUrl)),
  );
  button('test-connection').addEventListener(
    'click',
    busy(button('test-connection'), () => testConnection(session, applyServiceUrl)),
  );
  button('change-signin').addEventListener('click', () => {
    editingSignIn = !editingSignIn;
    renderConnection(session);
    if (editingSignIn)
      document.querySelector<HTMLInputElement>('input[name="signin-method"]:checked')?.focus();
  });
  button('sign-out').addEventListener('click', () => {
    void session.signOut().then(() => showMessage(byId('connection-message'), T.signedOut));
  });
  for (const id of ['access-token', 'client-secret']) {
    byId<HTMLInputElement>(id).addEventListener('keydown', (e) => {
      if (e.key === 'Enter') button('sign-in').click();
    });
  }
  return {
    focusSignIn: () =>
      byId<HTMLInputElement>(signInMethod() === 'token' ? 'access-token' : 'client-id').focus(),
  };
}
