import { convertJobPriceFormulasToValues } from '../excel/convert-to-values';
import { errorMessage } from '../domain/error-message';
import { postNotice } from '../session/notices';

/**
 * Ribbon commands (manifest: ExecuteFunction). They run in the shared runtime and must call
 * `event.completed()` whatever happens: until then Excel keeps the button busy and, on Windows and Mac,
 * shows "JobPrice is working on your … request" in its status bar. So the event is completed
 * - before the pane is shown on failure (showAsTaskpane may take long, or never settle, and the status
 *   text must not wait for it), and
 * - at the latest COMMAND_STATUS_LIMIT_MS after the click, even if Excel is still busy with the work:
 *   the work goes on, and a failure still reaches the pane.
 * A button has nowhere to show a message, so a failure opens the pane (Office.addin.showAsTaskpane,
 * SharedRuntime 1.1) and says it there.
 */

/** How long a command may hold Excel's busy status before it is released. */
export const COMMAND_STATUS_LIMIT_MS = 10_000;

export async function convertToValues(event: Office.AddinCommands.Event): Promise<void> {
  let done = false;
  const complete = (): void => {
    if (done) return;
    done = true;
    event.completed();
  };
  const release = setTimeout(complete, COMMAND_STATUS_LIMIT_MS);
  try {
    await convertJobPriceFormulasToValues();
  } catch (err) {
    complete();
    postNotice({ tone: 'error', text: `Convert to Values failed: ${errorMessage(err)}` });
    try {
      await Office.addin.showAsTaskpane();
    } catch {
      // The pane cannot be shown (host without the shared runtime): the notice waits for it to open.
    }
  } finally {
    clearTimeout(release);
    complete();
  }
}

// Registered when the bundle loads, as Microsoft's templates do: office.js is already there (it is a
// plain script in the page head), and a command pressed before Office.onReady still finds its handler.
if (typeof Office !== 'undefined' && Office.actions)
  Office.actions.associate(
    'convertToValues',
    (event: Office.AddinCommands.Event) => void convertToValues(event),
  );
