import { cellAddress, columnLetters } from '../domain/a1';
import {
  FIELD_DESCRIPTIONS,
  mappingProblems,
  type ColumnMapping,
  type InputField,
} from '../domain/column-mapping';
import {
  readFormulaTarget,
  readTargetCells,
  writeRowFormulas,
  type DataBlock,
  type FormulaTarget,
} from '../excel/formula-target';
import { formulaParameters, JOB_ARGUMENTS, type ExtraParameter } from '../formulas/function-catalog';
import type { FormulaChoice } from '../formulas/formula-search';
import {
  columnSpan,
  defaultExtras,
  extraInputText,
  formulaForRow,
  jobColumns,
  parseExtraInput,
  type ExtraArg,
} from '../formulas/formula-text';

/**
 * The formula builder's two actions: show the formula of a chosen function or field for the active row,
 * and insert it into the active cell's column, one formula per selected row, with relative references to
 * that row's cells through the header mapping (the pricing run's, remembered per sheet). Nothing is
 * overwritten without asking. Sheet I/O in src/excel/formula-target.ts, formula text in
 * src/formulas/formula-text.ts.
 */

export interface BuilderDeps {
  /** The column mapping for the block: remembered, detected, or fixed in the pane (as for a pricing run). */
  mappingFor: (block: DataBlock & { sheetName: string }) => ColumnMapping;
}

export interface BuilderRequest {
  choice: FormulaChoice;
  /** What the user typed for parameters that are not job arguments; a missing one takes its default. */
  typed?: ReadonlyMap<string, string>;
}

/** One job argument of the shown formula and the cell it reads. */
export interface ArgumentNote {
  param: string;
  address: string;
  header: string;
  value: string;
}

export interface ExtraInput {
  param: string;
  help: string;
  optional: boolean;
  /** The box's text for the shown row. */
  text: string;
}

export interface FormulaPreview {
  /** The formula of the shown row (the active row, or the first row to fill when that is not a data row). */
  formula: string;
  /** 1-based sheet row of the shown formula. */
  row: number;
  /** Where Insert writes ("K2:K41"), the rows it fills and the hidden rows it skips. */
  span: string;
  rows: number;
  hiddenRows: number;
  args: ArgumentNote[];
  extras: ExtraInput[];
  /** Why Insert cannot write here, in the pane's words; null when it can. */
  problem: string | null;
}

export type InsertReport =
  | { status: 'inserted'; written: number; span: string; replaced: number }
  | { status: 'declined'; cells: number }
  | { status: 'refused'; problem: string };

export function protectedMessage(sheet: string): string {
  return `The sheet "${sheet}" is protected, so formulas cannot be inserted. Unprotect it (Review > Unprotect Sheet) and try again.`;
}
export const NO_ROWS =
  'Select the rows to fill, below the header row: click a cell in the column for the formulas (an empty one right of your data), then extend the selection down.';
export function missingArgumentMessage(param: string, help: string): string {
  return `Fill in ${param} first: ${help}`;
}
export function inputColumnMessage(column: string, field: InputField): string {
  return `Column ${column} holds the ${FIELD_DESCRIPTIONS[field].toLowerCase()} the formulas read. Click a cell in an empty column for the formulas.`;
}

interface Planned {
  target: FormulaTarget;
  columns: ReturnType<typeof jobColumns>;
  extras: Map<string, ExtraArg>;
  shownRow: number;
  problem: string | null;
}

async function plan(req: BuilderRequest, deps: BuilderDeps): Promise<Planned> {
  const target = await readFormulaTarget();
  const { block } = target;
  const mapping = deps.mappingFor({ ...block, sheetName: target.sheetName });
  const columns = jobColumns(mapping, block.firstCol);
  const shownRow = target.rows.includes(target.activeRow)
    ? target.activeRow
    : (target.rows[0] ?? target.activeRow);
  const headers = (block.headerCells ?? []).map((header, i) => ({ col: block.firstCol + i, header }));
  const extras = defaultExtras(req.choice.entry, req.choice.field, headers);
  for (const [param, text] of req.typed ?? [])
    if (extras.has(param)) extras.set(param, parseExtraInput(text, shownRow));
  return { target, columns, extras, shownRow, problem: problemOf(req, target, mapping, extras) };
}

/** Why Insert cannot write here, in the order a user fixes things; null when it can. */
function problemOf(
  req: BuilderRequest,
  target: FormulaTarget,
  mapping: ColumnMapping,
  extras: ReadonlyMap<string, ExtraArg>,
): string | null {
  const { block } = target;
  if (target.sheetProtected) return protectedMessage(target.sheetName);
  const mappingProblem = mappingProblems(mapping, block.width)[0];
  if (mappingProblem !== undefined) return mappingProblem;
  // A formula in a column it reads would refer to its own cell.
  const inputAt = Object.entries(mapping).find(([, offset]) => block.firstCol + offset === target.activeCol);
  if (inputAt !== undefined)
    return inputColumnMessage(columnLetters(target.activeCol), inputAt[0] as InputField);
  if (target.rows.length === 0) return NO_ROWS;
  const missing = formulaParameters(req.choice.entry).find(
    (p): p is ExtraParameter =>
      !('key' in p) && !p.optional && (extras.get(p.param)?.kind ?? 'empty') === 'empty',
  );
  return missing === undefined ? null : missingArgumentMessage(missing.param, missing.help);
}

export async function previewFormula(req: BuilderRequest, deps: BuilderDeps): Promise<FormulaPreview> {
  const { target, columns, extras, shownRow, problem } = await plan(req, deps);
  const { block } = target;
  const args: ArgumentNote[] = JOB_ARGUMENTS.flatMap((a) => {
    const col = columns[a.key];
    if (col === undefined) return [];
    const header = block.headerCells?.[col - block.firstCol];
    const value = shownRow === target.activeRow ? target.activeCells[col - block.firstCol] : undefined;
    return [
      {
        param: a.param,
        address: cellAddress(shownRow, col),
        header: typeof header === 'string' ? header : '',
        value: value === undefined ? '' : String(value),
      },
    ];
  });
  const extraParams = formulaParameters(req.choice.entry).filter((p): p is ExtraParameter => !('key' in p));
  const rows = target.rows;
  return {
    formula: formulaForRow(req.choice.entry, columns, shownRow, extras),
    row: shownRow + 1,
    span:
      rows.length === 0
        ? ''
        : columnSpan(target.activeCol, rows[0] as number, rows[rows.length - 1] as number),
    rows: rows.length,
    hiddenRows: target.hiddenRows,
    args,
    extras: extraParams.map((p) => ({
      param: p.param,
      help: p.help,
      optional: p.optional,
      text: extraInputText(extras.get(p.param) ?? { kind: 'empty' }, shownRow),
    })),
    problem,
  };
}

/**
 * Writes the formula into the active cell's column on every selected data row (hidden rows skipped), each
 * reading its own row. Asks before replacing any cell that holds something; declining changes nothing.
 */
export async function insertFormulas(
  req: BuilderRequest,
  deps: BuilderDeps & { confirmOverwrite: (cells: number) => Promise<boolean> },
): Promise<InsertReport> {
  const { target, columns, extras, problem } = await plan(req, deps);
  if (problem !== null) return { status: 'refused', problem };
  const { rows } = target;
  const { filled, textRows } = await readTargetCells(target.sheetName, target.activeCol, rows);
  if (filled > 0 && !(await deps.confirmOverwrite(filled))) return { status: 'declined', cells: filled };
  const formulas = new Map(rows.map((r) => [r, formulaForRow(req.choice.entry, columns, r, extras)]));
  // A column formatted as text would keep the formulas as text: those cells become General first.
  await writeRowFormulas(target.sheetName, target.activeCol, formulas, textRows);
  return {
    status: 'inserted',
    written: rows.length,
    span: columnSpan(target.activeCol, rows[0] as number, rows[rows.length - 1] as number),
    replaced: filled,
  };
}
