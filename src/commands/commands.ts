import { convertJobPriceFormulasToValues } from '../excel/convert-to-values';

/**
 * Ribbon commands (manifest: ExecuteFunction). They run in the shared runtime and must call
 * `event.completed()` whatever happens, or Excel keeps the button busy.
 */

async function convertToValues(event: Office.AddinCommands.Event): Promise<void> {
  try {
    await convertJobPriceFormulasToValues();
  } catch {
    // A ribbon button has nowhere to show a message; the pane's button of the same name does.
  } finally {
    event.completed();
  }
}

Office.onReady(() => {
  Office.actions.associate('convertToValues', convertToValues);
});
