import { convertJobPriceFormulasToValues } from '../excel/convert-to-values';
import { errorMessage } from '../domain/error-message';
import { postNotice } from '../session/notices';

/**
 * Ribbon commands (manifest: ExecuteFunction). They run in the shared runtime and must call
 * `event.completed()` whatever happens, or Excel keeps the button busy. A button has nowhere to show a
 * message, so a failure opens the pane (Office.addin.showAsTaskpane, SharedRuntime 1.1) and says it there.
 */

export async function convertToValues(event: Office.AddinCommands.Event): Promise<void> {
  try {
    await convertJobPriceFormulasToValues();
  } catch (err) {
    postNotice({ tone: 'error', text: `Convert to Values failed: ${errorMessage(err)}` });
    try {
      await Office.addin.showAsTaskpane();
    } catch {
      // The pane cannot be shown (host without the shared runtime): the notice waits for it to open.
    }
  } finally {
    event.completed();
  }
}

// Registered when the bundle loads, as Microsoft's templates do: office.js is already there (it is a
// plain script in the page head), and a command pressed before Office.onReady still finds its handler.
if (typeof Office !== 'undefined' && Office.actions)
  Office.actions.associate(
    'convertToValues',
    (event: Office.AddinCommands.Event) => void convertToValues(event),
  );
