import type { JobSpec } from '../domain/job';
import { EN_US, type NumberCulture } from '../domain/number-text';
import { readCulture } from '../excel/selection-reader';
import {
  readCellValues,
  readJobPriceFormulasInSelection,
  recalculateAll,
  reenterFormulas,
  refKey,
  type CellRef,
  type FormulaCell,
} from '../excel/jobprice-cells';
import { parseJobArgs } from '../formulas/args';
import { findJobPriceCalls, type ArgExpr } from '../formulas/formula-args';
import { jobArgsFromValues, jobArgumentPositions } from '../formulas/function-catalog';
import type { JobPricer } from '../formulas/pricer';
import { functionsPricer } from '../formulas/functions-pricer';

/**
 * "Refresh selection" and "Refresh all" for the task pane: drop cached answers, then make Excel
 * recalculate, so the cells ask the service again (still coalesced into batch calls).
 *
 * Selection: the JOBPRICE formulas in the selection are read, their arguments resolved (literals and
 * single-cell references; see formula-args.ts) into jobs, those jobs' entries dropped, and the formulas
 * re-entered. A cell whose arguments are expressions cannot be named that way; for it, the cache is
 * bypassed for a few seconds while Excel recalculates, so it is fetched again too.
 */

/** The sheet operations refresh needs; the real ones are in src/excel/jobprice-cells.ts. */
export interface SheetOps {
  readJobPriceFormulasInSelection(): Promise<FormulaCell[]>;
  readCellValues(refs: readonly CellRef[]): Promise<Map<string, unknown>>;
  reenterFormulas(cells: readonly FormulaCell[]): Promise<void>;
  recalculateAll(): Promise<void>;
  /** The workbook's culture, which the functions read typed numbers in (same keys); EN_US when absent. */
  readCulture?(): Promise<NumberCulture | null>;
}

export const excelSheetOps: SheetOps = {
  readJobPriceFormulasInSelection,
  readCellValues,
  reenterFormulas,
  recalculateAll,
  readCulture,
};

/** An argument left out of a call, like one left empty. */
const EMPTY_ARG: ArgExpr = { kind: 'empty' };

/** How long refresh keeps the cache bypassed for cells it could not name. */
export const BYPASS_MS = 5_000;

export interface Refresher {
  /** @returns the number of JOBPRICE formula cells recalculated. */
  refreshSelection(): Promise<number>;
  /** Drops every cached answer and recalculates the workbook. @returns the number of cached jobs dropped. */
  refreshAll(): Promise<number>;
}

export function createRefresher(deps: { sheet: SheetOps; pricer: () => JobPricer }): Refresher {
  const { sheet } = deps;
  return {
    async refreshSelection() {
      const cells = await sheet.readJobPriceFormulasInSelection();
      if (cells.length === 0) return 0;
      const calls = cells.flatMap((cell) => findJobPriceCalls(cell.formula).map((call) => ({ cell, call })));
      const refs: CellRef[] = [];
      for (const { cell, call } of calls) {
        for (const arg of call.args)
          if (arg.kind === 'ref') refs.push({ sheet: arg.sheet ?? cell.sheet, address: arg.address });
      }
      const values = await sheet.readCellValues(refs);
      const culture = sheet.readCulture ? await sheet.readCulture().catch(() => null) : EN_US;

      const specs: JobSpec[] = [];
      let unnamed = false;
      for (const { cell, call } of calls) {
        const resolved = resolveArgs(
          jobArgumentPositions(call.name).map((i) => call.args[i] ?? EMPTY_ARG),
          cell.sheet,
          values,
        );
        const parsed = resolved === null ? null : parseJobArgs(jobArgsFromValues(resolved), culture);
        if (parsed === null) unnamed = true;
        else if (parsed.ok) specs.push(parsed.spec);
        // A job whose arguments are invalid has no cache entry: nothing to drop.
      }
      const pricer = deps.pricer();
      await pricer.forget(specs);
      if (unnamed) pricer.bypassCacheFor(BYPASS_MS);
      await sheet.reenterFormulas(cells);
      if (unnamed) pricer.bypassCacheFor(BYPASS_MS);
      return cells.length;
    },
    async refreshAll() {
      const pricer = deps.pricer();
      const before = pricer.stats().cacheSize;
      await pricer.forgetAll();
      await sheet.recalculateAll();
      return before;
    },
  };
}

/** An error value in a cell ("#VALUE!", "#N/A"): Excel does not call a function with it, so it names no job. */
const ERROR_VALUE = /^#[A-Z0-9/!?_]+/;

/**
 * The argument values, or null when one of them is an expression that cannot be resolved here, or a cell
 * showing an error (as a data-type cell does where valuesAsJson is missing): such a cell is refreshed by
 * bypassing the cache instead.
 */
function resolveArgs(
  args: readonly ArgExpr[],
  sheetName: string,
  values: Map<string, unknown>,
): unknown[] | null {
  const out: unknown[] = [];
  for (const arg of args) {
    if (arg.kind === 'empty') out.push(null);
    else if (arg.kind === 'literal') out.push(arg.value);
    else if (arg.kind === 'ref') {
      const key = refKey({ sheet: arg.sheet ?? sheetName, address: arg.address });
      const value = values.get(key);
      if (!values.has(key) || (typeof value === 'string' && ERROR_VALUE.test(value))) return null;
      out.push(value);
    } else return null;
  }
  return out;
}

const defaultRefresher = createRefresher({ sheet: excelSheetOps, pricer: functionsPricer });

/** Drops the cached answers of the JOBPRICE formulas in the selection and recalculates them. */
export function refreshSelection(): Promise<number> {
  return defaultRefresher.refreshSelection();
}

/** Drops every cached answer and recalculates the whole workbook. */
export function refreshAll(): Promise<number> {
  return defaultRefresher.refreshAll();
}
