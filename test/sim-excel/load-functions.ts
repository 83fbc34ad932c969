import { resolve } from 'node:path';
import { generateCustomFunctionsMetadata } from 'custom-functions-metadata';
import type { FunctionsMetadata, SimWorkbook } from './model';

/**
 * Registers the add-in's custom functions with a simulated host under jest, as Excel does when it loads
 * the add-in: functions.json from the same generator the webpack plugin runs (kept on the workbook for
 * calc.ts), then the bundle's CustomFunctions.associate(id, fn) calls against the host's CustomFunctions.
 * The browser end-to-end test gets both from the built pane instead (functions.js associates itself;
 * the test reads dist/functions.json).
 */
const FUNCTIONS_FILE = resolve(__dirname, '..', '..', 'src', 'functions', 'functions.ts');

export async function loadFunctionsInto(book: SimWorkbook): Promise<FunctionsMetadata> {
  const generated = await generateCustomFunctionsMetadata([FUNCTIONS_FILE], false);
  if (generated.errors.length > 0) throw new Error(`metadata errors: ${generated.errors.join('; ')}`);
  const metadata = JSON.parse(generated.metadataJson) as FunctionsMetadata;
  book.functionsMetadata = metadata;
  const mod = (await import('../../src/functions/functions')) as unknown as Record<
    string,
    (...a: unknown[]) => unknown
  >;
  for (const item of generated.associate) {
    const fn = mod[item.functionName];
    if (typeof fn !== 'function') throw new Error(`functions.ts does not export ${item.functionName}`);
    CustomFunctions.associate(item.id, fn);
  }
  return metadata;
}
