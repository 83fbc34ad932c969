import { resolve } from 'node:path';
import { generateCustomFunctionsMetadata } from 'custom-functions-metadata';
import {
  installCustomFunctions,
  installOfficeRequirements,
  installOfficeRuntime,
  MemoryOfficeStorage,
} from './office-fakes';

/**
 * Loads src/functions/functions.ts the way Excel's shared runtime does after webpack: the globals
 * CustomFunctions and OfficeRuntime exist, the module is evaluated, and one CustomFunctions.associate(id,
 * fn) runs per function, exactly the list custom-functions-metadata produces (the webpack plugin's
 * loader appends those calls to the bundle). Cells are then invoked by id, with null for every omitted
 * optional argument, as Excel does.
 */

export const FUNCTIONS_FILE = resolve(__dirname, '..', '..', '..', 'src', 'functions', 'functions.ts');

export interface FunctionMetadata {
  id: string;
  name: string;
  description?: string;
  parameters: { name: string; description?: string; optional?: boolean; type?: string }[];
  result: { type?: string; dimensionality?: string };
}

export interface FunctionsHost {
  readonly storage: MemoryOfficeStorage;
  readonly metadata: FunctionMetadata[];
  /** Calls the function associated with `id` as a cell would: omitted optional arguments are null. */
  cell(id: string, ...args: unknown[]): Promise<unknown>;
}

export async function loadFunctionsHost(storage = new MemoryOfficeStorage()): Promise<FunctionsHost> {
  const { associated } = installCustomFunctions();
  installOfficeRuntime(storage);
  installOfficeRequirements();
  const generated = await generateCustomFunctionsMetadata([FUNCTIONS_FILE], false);
  if (generated.errors.length > 0) throw new Error(`metadata errors: ${generated.errors.join('; ')}`);
  const metadata = (JSON.parse(generated.metadataJson) as { functions: FunctionMetadata[] }).functions;
  const mod = (await import('../../../src/functions/functions')) as unknown as Record<
    string,
    (...a: unknown[]) => unknown
  >;
  for (const item of generated.associate) {
    const fn = mod[item.functionName];
    if (typeof fn !== 'function')
      throw new Error(`functions.ts does not export ${item.functionName} for ${item.id}`);
    CustomFunctions.associate(item.id, fn);
  }
  const byId = new Map(metadata.map((m) => [m.id, m]));
  return {
    storage,
    metadata,
    async cell(id, ...args) {
      const fn = associated.get(id);
      const meta = byId.get(id);
      if (!fn || !meta) throw new Error(`no function ${id}`);
      const padded = meta.parameters.map((_, i) => (i < args.length ? args[i] : null));
      return fn(...padded);
    },
  };
}
