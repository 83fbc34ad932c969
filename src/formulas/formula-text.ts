import { cellAddress, columnLetters, lettersToColumn } from '../domain/a1';
import type { ColumnMapping } from '../domain/column-mapping';
import { normalizeHeader } from '../domain/column-mapping';
import type { JobArgs } from './args';
import {
  formulaParameters,
  type ExtraParameter,
  type FunctionEntry,
  type JobArgument,
} from './function-catalog';

/**
 * The text of a JOBPRICE formula for one sheet row: the job arguments point at that row's cells through
 * the header mapping (title in A2, state in E2, …), with relative references, so the formula of row 7
 * reads row 7. What the formula builder shows and inserts. Pure.
 */

/** manifest.xml's `<Namespace>` for the functions: formulas call JOBPRICE.<ID>(…). */
export const FUNCTION_NAMESPACE = 'JOBPRICE';

/** The sheet column (0-based) of each job argument the mapping feeds; company is no function argument. */
export type JobColumns = Partial<Record<keyof JobArgs, number>>;

/** The mapping's offsets (from the block's first column) as sheet columns of the job arguments. */
export function jobColumns(mapping: ColumnMapping, firstCol: number): JobColumns {
  const out: JobColumns = {};
  for (const [field, offset] of Object.entries(mapping)) {
    if (field === 'company' || offset === undefined) continue;
    out[field as keyof JobArgs] = firstCol + offset;
  }
  return out;
}

/** A parameter that is not a job argument (FIELD's name, MATCH's header, or one a newer function adds). */
export type ExtraArg =
  | { readonly kind: 'empty' }
  /** Written as is: "Salary50" in quotes, 12, TRUE. */
  | { readonly kind: 'literal'; readonly text: string }
  /** A cell of the formula's own row, relative like the job arguments. */
  | { readonly kind: 'column'; readonly col: number }
  /** A reference written as typed, the same for every row ($K$1, Rates!B2). */
  | { readonly kind: 'fixed'; readonly text: string };

const isJobArgument = (p: ExtraParameter | JobArgument): p is JobArgument => 'key' in p;

/** The formula for sheet row `row` (0-based). Empty arguments at the end are left out. */
export function formulaForRow(
  entry: FunctionEntry,
  columns: JobColumns,
  row: number,
  extras: ReadonlyMap<string, ExtraArg> = new Map(),
): string {
  const args = formulaParameters(entry).map((p) => {
    if (isJobArgument(p)) {
      const col = columns[p.key];
      return col === undefined ? '' : cellAddress(row, col);
    }
    const extra = extras.get(p.param) ?? { kind: 'empty' };
    if (extra.kind === 'column') return cellAddress(row, extra.col);
    return extra.kind === 'empty' ? '' : extra.text;
  });
  while (args.length > 0 && args[args.length - 1] === '') args.pop();
  return `=${FUNCTION_NAMESPACE}.${entry.id}(${args.join(',')})`;
}

const CELL = /^(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})$/;

/**
 * What the user typed for an extra parameter, read against the active row: a cell of that row without $
 * ("K2" when the active row is 2) follows each row; another reference stays as typed; a number, TRUE or
 * FALSE, or text already in quotes, is written as is; any other text becomes a quoted text.
 */
export function parseExtraInput(typed: string, activeRow: number): ExtraArg {
  const t = typed.trim();
  if (t === '') return { kind: 'empty' };
  const cell = CELL.exec(t);
  if (cell !== null) {
    const relative = cell[1] === '' && cell[3] === '';
    if (relative && Number(cell[4]) === activeRow + 1)
      return { kind: 'column', col: lettersToColumn(cell[2] as string) };
    return { kind: 'fixed', text: t.toUpperCase() };
  }
  if (/^[A-Za-z_][A-Za-z0-9_.]*!\$?[A-Za-z]{1,3}\$?\d{1,7}$|^'[^']+'!\$?[A-Za-z]{1,3}\$?\d{1,7}$/.test(t))
    return { kind: 'fixed', text: t };
  if (/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t)) return { kind: 'literal', text: t };
  if (/^(TRUE|FALSE)$/i.test(t)) return { kind: 'literal', text: t.toUpperCase() };
  if (/^"(?:[^"]|"")*"$/.test(t)) return { kind: 'literal', text: t };
  return { kind: 'literal', text: `"${t.replace(/"/g, '""')}"` };
}

/** How an ExtraArg reads in the box it was typed in, for the active row. */
export function extraInputText(extra: ExtraArg, activeRow: number): string {
  if (extra.kind === 'column') return cellAddress(activeRow, extra.col);
  return extra.kind === 'empty' ? '' : extra.text;
}

/**
 * The starting value of each extra parameter: the chosen field for FIELD's name, else a column of the
 * sheet whose header names the parameter ("Current Pay" for `currentpay`), else empty.
 */
export function defaultExtras(
  entry: FunctionEntry,
  field: string | undefined,
  headers: ReadonlyArray<{ col: number; header: unknown }>,
): Map<string, ExtraArg> {
  const out = new Map<string, ExtraArg>();
  for (const p of formulaParameters(entry)) {
    if (isJobArgument(p)) continue;
    if (entry.returns.kind === 'field' && p.param === 'name') {
      out.set(p.param, field === undefined ? { kind: 'empty' } : { kind: 'literal', text: `"${field}"` });
      continue;
    }
    const want = normalizeHeader(p.param);
    const hit = headers.find((h) => want !== '' && normalizeHeader(h.header) === want);
    out.set(p.param, hit === undefined ? { kind: 'empty' } : { kind: 'column', col: hit.col });
  }
  return out;
}

/** "A2:A41" for rows r0..r1 (0-based) of one column; "A2" for one row. */
export function columnSpan(col: number, r0: number, r1: number): string {
  const letters = columnLetters(col);
  return r0 === r1 ? `${letters}${r0 + 1}` : `${letters}${r0 + 1}:${letters}${r1 + 1}`;
}
