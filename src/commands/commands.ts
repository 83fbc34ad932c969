import { convertJobPriceFormulasToValues } from '../excel/convert-to-values';

/**
 * Ribbon commands (manifest: ExecuteFunction). They run in the shared runtime and must call
 * `event.completed()` whatever happens, or Excel keeps the button busy.
 */

export async function convertToValues(event: Office.AddinCommands.Event): Promise<void> {
  try {
    await convertJobPriceFormulasToValues();
  } catch {
    // A ribbon button has nowhere to show a message; the pane's button of the same name does.
  } finally {
    event.completed();
  }
}

// Registered when the bundle loads, as Microsoft's templates do: office.js is already there (it is a
// plain script in the page head), and a command pressed before Office.onReady still finds its handler.
if (typeof Office !== 'undefined' && Office.actions)
  Office.actions.associate('convertToValues', convertToValues);
