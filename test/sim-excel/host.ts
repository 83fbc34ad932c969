import { createExcelNamespace, SimOfficeError } from './office-api';
import { SimWorkbook, type WorkbookInit } from './model';

/**
 * Installs the simulated host as the globals office.js would define: `Excel`, `Office`, `OfficeRuntime`,
 * `CustomFunctions`, `OfficeExtension`. The same code runs under jest (install on globalThis) and in the
 * browser (browser.ts bundles it and is served in place of office.js).
 */

export interface SimHost {
  workbook: SimWorkbook;
  /** Removes the globals again (jest). */
  uninstall(): void;
}

type Callback = (result: { status: string; value?: unknown; error?: { message: string } }) => void;

export function createOfficeNamespace(book: SimWorkbook) {
  const settings = {
    get: (name: string): unknown => (name in book.documentSettings ? book.documentSettings[name] : null),
    set: (name: string, value: unknown): void => {
      // Office serialises settings as JSON; a value that cannot round-trip must fail here too.
      book.documentSettings[name] = JSON.parse(JSON.stringify(value)) as unknown;
    },
    remove: (name: string): void => {
      delete book.documentSettings[name];
    },
    saveAsync: (...args: unknown[]): void => {
      book.savedDocumentSettings = JSON.parse(JSON.stringify(book.documentSettings)) as Record<
        string,
        unknown
      >;
      const cb = args.find((a) => typeof a === 'function') as Callback | undefined;
      setTimeout(() => cb?.({ status: 'succeeded' }), 0);
    },
  };
  const ready = { host: 'Excel', platform: 'OfficeOnline' };
  return {
    HostType: { Excel: 'Excel' },
    PlatformType: { OfficeOnline: 'OfficeOnline', PC: 'PC', Mac: 'Mac' },
    AsyncResultStatus: { Succeeded: 'succeeded', Failed: 'failed' },
    onReady: (cb?: (info: typeof ready) => void): Promise<typeof ready> =>
      new Promise((resolve) =>
        setTimeout(() => {
          cb?.(ready);
          resolve(ready);
        }, 0),
      ),
    context: {
      host: 'Excel',
      platform: 'OfficeOnline',
      displayLanguage: 'en-US',
      // Office.OfficeTheme (Excel on the web, Windows, Mac, iPad); undefined where Office gives none.
      officeTheme: book.officeTheme,
      document: { settings },
      requirements: {
        isSetSupported: (name: string, minVersion?: string | number): boolean =>
          book.isSetSupported(name, minVersion === undefined ? undefined : String(minVersion)),
      },
    },
    actions: {
      associate: (name: string, fn: (...a: unknown[]) => unknown): void => {
        book.actions.set(name, fn);
      },
    },
    addin: {
      showAsTaskpane: async (): Promise<void> => {
        book.taskpaneShown++;
      },
      hide: async (): Promise<void> => undefined,
      setStartupBehavior: async (): Promise<void> => undefined,
      getStartupBehavior: async (): Promise<string> => 'None',
    },
    StartupBehavior: { load: 'Load', none: 'None' },
  };
}

export function createOfficeRuntime(book: SimWorkbook) {
  return {
    storage: {
      getItem: async (key: string): Promise<string | null> => book.storage.get(key) ?? null,
      setItem: async (key: string, value: string): Promise<void> => {
        if (typeof value !== 'string') throw new Error('OfficeRuntime.storage stores strings only.');
        book.storage.set(key, value);
      },
      removeItem: async (key: string): Promise<void> => {
        book.storage.delete(key);
      },
      getKeys: async (): Promise<string[]> => [...book.storage.keys()],
    },
  };
}

class CustomFunctionsError extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message ?? code);
  }
}

export function createCustomFunctions(book: SimWorkbook) {
  return {
    associate: (id: string, fn: (...args: unknown[]) => unknown): void => {
      book.customFunctions.set(id.toUpperCase(), fn);
    },
    Error: CustomFunctionsError,
    ErrorCode: {
      invalidValue: '#VALUE!',
      notAvailable: '#N/A',
      divisionByZero: '#DIV/0!',
      invalidNumber: '#NUM!',
      nullReference: '#NULL!',
      invalidName: '#NAME?',
      invalidReference: '#REF!',
      busy: '#BUSY!',
      connect: '#CONNECT!',
    },
  };
}

const GLOBALS = ['Excel', 'Office', 'OfficeRuntime', 'CustomFunctions', 'OfficeExtension'] as const;

export function installSimHost(
  init: WorkbookInit | SimWorkbook = {},
  target: Record<string, unknown> = globalThis,
): SimHost {
  const workbook = init instanceof SimWorkbook ? init : new SimWorkbook(init);
  const previous = new Map(GLOBALS.map((g) => [g, target[g]]));
  target.Excel = createExcelNamespace(workbook);
  target.Office = createOfficeNamespace(workbook);
  target.OfficeRuntime = createOfficeRuntime(workbook);
  target.CustomFunctions = createCustomFunctions(workbook);
  target.OfficeExtension = { Error: SimOfficeError };
  return {
    workbook,
    uninstall: () => {
      for (const [g, v] of previous) {
        if (v === undefined) delete target[g];
        else target[g] = v;
      }
    },
  };
}
