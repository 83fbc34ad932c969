import { colLetters, formatAddress, formatRect, parseAddress, type Rect } from './a1';
import { checkRect, ClientObject, requireSet, SimOfficeError, type Located, type Op } from './client-object';
import {
  basicValueOf,
  SimSheet,
  type Cell,
  type CellValue,
  type CellValueJson,
  type SimTable,
  type SimWorkbook,
  type SyncRecord,
} from './model';
import {
  addSheet,
  addTable,
  ChartCollectionProxy,
  ConditionalFormatCollectionProxy,
  deleteSheet,
  findCell,
  NamedItemCollectionProxy,
  renameTable,
  SelectionChangedEvent,
} from './workbook-objects';

export { requireSet, SimOfficeError };

/**
 * Office.js semantics over a SimWorkbook, close enough that code passing here behaves the same in Excel:
 * - proxy objects: methods only queue work; a property read before `load()` + `context.sync()` throws
 *   PropertyNotLoaded; writes are queued and applied, in order, at the next sync;
 * - 2-D `values` / `formulas` / `numberFormat` must match the range's shape (InvalidArgument otherwise);
 *   null entries leave a cell unchanged;
 * - every sync is logged with the JSON size of what it sends and receives, and one whose request or
 *   response exceeds 5 MB is refused as a whole, like Excel on the web (RequestPayloadSizeLimitExceeded);
 * - `*OrNullObject` methods give proxies with `isNullObject`.
 */

const jsonSize = (v: unknown): number => {
  const s = JSON.stringify(v);
  return s === undefined ? 0 : s.length;
};

export class SimRequestContext {
  readonly workbook: WorkbookProxy;
  readonly application: ApplicationProxy;
  /** Excel's own: calling it with nothing to track is harmless. */
  readonly trackedObjects = { add: (): void => undefined, remove: (): void => undefined };
  private queue: Op[] = [];

  constructor(readonly book: SimWorkbook) {
    this.workbook = new WorkbookProxy(this);
    this.application = this.workbook.application;
  }

  enqueue(op: Op): void {
    this.queue.push(op);
  }

  hasPending(): boolean {
    return this.queue.length > 0;
  }

  /** A range proxy over whatever `locate` finds at sync time (null: a null object), for workbook-objects.ts. */
  rangeAt(locate: () => Located | null): RangeProxy {
    return new RangeProxy(this, locate);
  }

  /** Applies the queue in order; the first failing operation rejects the sync (earlier ones stay applied, as in Excel). */
  async sync<T>(passThrough?: T): Promise<T | undefined> {
    const ops = this.queue;
    this.queue = [];
    const record: SyncRecord = {
      requestBytes: 0,
      responseBytes: 0,
      ops: ops.length,
      writes: 0,
      calcSuspended: false,
    };
    for (const op of ops) {
      record.requestBytes +=
        40 + jsonSize(op.kind === 'set' ? op.value : op.kind === 'call' ? op.args : op.props);
      if (op.kind === 'set') record.writes++;
      if (op.kind === 'call' && op.name === 'suspendApiCalculationUntilNextSync') record.calcSuspended = true;
    }
    this.book.syncs.push(record);
    // Excel's own round trip: other work (network replies, UI) gets to run between syncs.
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    if (this.book.failingSyncs.has(this.book.syncs.length)) {
      throw new SimOfficeError('GeneralException', 'An internal error has occurred (simulated).');
    }
    if (record.requestBytes > this.book.limits.requestBytes) {
      throw new SimOfficeError(
        'RequestPayloadSizeLimitExceeded',
        `The request payload size has exceeded the limit (${record.requestBytes} bytes > ${this.book.limits.requestBytes}).`,
      );
    }
    // Loads are answered from the state after the writes queued before them.
    const loaded: Array<{ target: ClientObject; values: Map<string, unknown> }> = [];
    for (const op of ops) {
      if (op.kind === 'set') op.target.applySet(op.prop, op.value);
      else if (op.kind === 'call') op.run();
      else {
        const values = op.target.snapshot(op.props);
        record.responseBytes += jsonSize(Object.fromEntries(values));
        loaded.push({ target: op.target, values });
      }
    }
    if (record.responseBytes > this.book.limits.responseBytes) {
      throw new SimOfficeError(
        'ResponsePayloadSizeLimitExceeded',
        `The response payload size has exceeded the limit (${record.responseBytes} bytes > ${this.book.limits.responseBytes}).`,
      );
    }
    for (const { target, values } of loaded) target.accept(values);
    // Automatic calculation, when a test installed an evaluator: dependants follow what this sync wrote.
    if (record.writes > 0 || ops.some((op) => op.kind === 'call')) this.book.recalculate?.();
    return passThrough;
  }
}

export class RangeProxy extends ClientObject {
  protected readonly scalarProps = [
    'address',
    'rowCount',
    'columnCount',
    'rowIndex',
    'columnIndex',
    'cellCount',
    'values',
    'formulas',
    'numberFormat',
    'rowHidden',
    'columnHidden',
    'valuesAsJson',
    'text',
  ] as const;
  private located: Located | null | undefined;

  constructor(
    context: SimRequestContext,
    private readonly locate: () => Located | null,
  ) {
    super(context);
  }

  /** `valuesAsJson` is ExcelApi 1.16: an older host has no such property. */
  override load(props?: string | string[] | { select?: string | string[] }): this {
    const list = typeof props === 'string' ? props : Array.isArray(props) ? props.join(',') : '';
    if (/\bvaluesAsJson\b/.test(list))
      requireSet(this.context.book, 'ExcelApi', '1.16', 'Range.valuesAsJson');
    return super.load(props);
  }

  /** Resolved once, at the first sync that needs it, then fixed (an Excel range keeps its address). */
  where(): Located | null {
    if (this.located === undefined) this.located = this.locate();
    return this.located;
  }

  private must(): Located {
    const w = this.where();
    if (w === null)
      throw new SimOfficeError('InvalidObjectPath', 'The object path is not valid: a null object was used.');
    return w;
  }

  protected override isNull(): boolean {
    return this.where() === null;
  }

  get address(): string {
    return this.get('address');
  }
  get rowCount(): number {
    return this.get('rowCount');
  }
  get columnCount(): number {
    return this.get('columnCount');
  }
  get rowIndex(): number {
    return this.get('rowIndex');
  }
  get columnIndex(): number {
    return this.get('columnIndex');
  }
  get cellCount(): number {
    return this.get('cellCount');
  }
  get rowHidden(): boolean | null {
    return this.get('rowHidden');
  }
  get columnHidden(): boolean {
    return this.get('columnHidden');
  }
  get values(): CellValue[][] {
    return this.get('values');
  }
  set values(v: unknown) {
    this.queueSet('values', v);
  }
  get formulas(): CellValue[][] {
    return this.get('formulas');
  }
  set formulas(v: unknown) {
    this.queueSet('formulas', v);
  }
  /** ExcelApi 1.2: formulas in R1C1 notation; stored as Excel does, in A1 notation relative to each cell. */
  set formulasR1C1(v: unknown) {
    requireSet(this.context.book, 'ExcelApi', '1.2', 'Range.formulasR1C1');
    this.queueSet('formulasR1C1', v);
  }
  get numberFormat(): string[][] {
    return this.get('numberFormat');
  }
  /** ExcelApi 1.16: every cell as CellValue JSON; writing it stores data types (entities) as they are. */
  get valuesAsJson(): CellValueJson[][] {
    return this.get('valuesAsJson');
  }
  set valuesAsJson(v: unknown) {
    requireSet(this.context.book, 'ExcelApi', '1.16', 'Range.valuesAsJson');
    this.queueSet('valuesAsJson', v);
  }
  /** What each cell shows: an entity's text, else its value as text (number formats are not applied here). */
  get text(): string[][] {
    return this.get('text');
  }
  set numberFormat(v: unknown) {
    this.queueSet('numberFormat', v);
  }

  get worksheet(): WorksheetProxy {
    return new WorksheetProxy(this.context, () => this.must().sheet);
  }

  protected read(prop: string): unknown {
    const { sheet, rect } = this.must();
    const grid = <T>(f: (cell: Cell | undefined) => T): T[][] => {
      const out: T[][] = [];
      for (let r = rect.r0; r <= rect.r1; r++) {
        const row: T[] = [];
        for (let c = rect.c0; c <= rect.c1; c++) row.push(f(sheet.get(r, c)));
        out.push(row);
      }
      return out;
    };
    switch (prop) {
      case 'address':
        return formatAddress(sheet.name, rect);
      case 'rowCount':
        return rect.r1 - rect.r0 + 1;
      case 'columnCount':
        return rect.c1 - rect.c0 + 1;
      case 'rowIndex':
        return rect.r0;
      case 'columnIndex':
        return rect.c0;
      case 'cellCount':
        return (rect.r1 - rect.r0 + 1) * (rect.c1 - rect.c0 + 1);
      case 'values':
        return grid((cell) => cell?.value ?? '');
      case 'formulas':
        return grid((cell) => cell?.formula ?? cell?.value ?? '');
      case 'numberFormat':
        return grid((cell) => cell?.numberFormat ?? 'General');
      case 'valuesAsJson':
        return grid((cell) => cellJson(cell));
      case 'text':
        return grid((cell) =>
          cell?.json?.text !== undefined ? String(cell.json.text) : String(cell?.value ?? ''),
        );
      case 'rowHidden': {
        let hidden = 0;
        for (let r = rect.r0; r <= rect.r1; r++) if (sheet.hiddenRows.has(r)) hidden++;
        const total = rect.r1 - rect.r0 + 1;
        return hidden === 0 ? false : hidden === total ? true : null;
      }
      case 'columnHidden':
        return false;
      default:
        throw new SimOfficeError('InvalidArgument', `Unknown property ${prop}`);
    }
  }

  override applySet(prop: string, value: unknown): void {
    const { sheet, rect } = this.must();
    if (sheet.protected)
      throw new SimOfficeError(
        'AccessDenied',
        'The cell or chart you are trying to change is on a protected sheet.',
      );
    const rows = rect.r1 - rect.r0 + 1;
    const cols = rect.c1 - rect.c0 + 1;
    if (
      !Array.isArray(value) ||
      value.length !== rows ||
      value.some((row) => !Array.isArray(row) || row.length !== cols)
    ) {
      throw new SimOfficeError(
        'InvalidArgument',
        `The number of rows or columns in the input array doesn't match the size or dimensions of the range (${formatRect(rect)} is ${rows}x${cols}).`,
      );
    }
    const rowsIn = value as unknown[][];
    for (let i = 0; i < rows; i++) {
      const row = rowsIn[i] as unknown[];
      for (let j = 0; j < cols; j++) {
        const given = row[j];
        if (given === null || given === undefined) continue; // Office.js: null leaves the cell as it is
        const r = rect.r0 + i;
        const c = rect.c0 + j;
        // Shared arrays of R1C1 formulas are not changed: each cell gets its own A1 text.
        const v =
          prop === 'formulasR1C1' && typeof given === 'string' && given.startsWith('=')
            ? r1c1ToA1(given, r, c)
            : given;
        const prev = sheet.get(r, c);
        if (prop === 'numberFormat') {
          if (typeof v !== 'string')
            throw new SimOfficeError('InvalidArgument', 'A number format must be text.');
          const next: Cell = { value: prev?.value ?? '' };
          if (prev?.formula !== undefined) next.formula = prev.formula;
          if (prev?.json !== undefined) next.json = prev.json;
          if (v !== 'General') next.numberFormat = v;
          sheet.set(r, c, next);
          continue;
        }
        if (prop === 'valuesAsJson') {
          if (typeof v !== 'object' || Array.isArray(v) || typeof (v as { type?: unknown }).type !== 'string')
            throw new SimOfficeError('InvalidArgument', 'valuesAsJson takes CellValue objects with a type.');
          if (prev?.spill) clearSpill(sheet, r, c, prev.spill);
          const json = v as CellValueJson;
          const next: Cell = { value: basicValueOf(json) };
          // Only data types are kept as JSON; a plain Double, String or Boolean is just its value.
          if (!PLAIN_TYPES.has(json.type)) next.json = json;
          if (prev?.numberFormat !== undefined) next.numberFormat = prev.numberFormat;
          sheet.set(r, c, next);
          continue;
        }
        if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
          throw new SimOfficeError(
            'InvalidArgument',
            `Cell values must be text, numbers or booleans, got ${typeof v}.`,
          );
        }
        const format = prev?.numberFormat;
        // A dynamic array's anchor overwritten: its spilled cells empty, as in Excel.
        if (prev?.spill) clearSpill(sheet, r, c, prev.spill);
        if (typeof v === 'string' && v.startsWith('=') && format !== '@') {
          const next: Cell = {
            value: this.context.book.evaluateFormula(v, { sheet, row: r, col: c }),
            formula: v,
          };
          if (format !== undefined) next.numberFormat = format;
          sheet.set(r, c, next);
        } else if (format === '@') {
          sheet.set(r, c, { value: v, numberFormat: format });
        } else {
          const typed = typedInput(v);
          const next: Cell = { value: typed.value };
          // A date typed into a General cell also gets a date format; a cell already formatted keeps its own.
          const shown = format ?? typed.numberFormat;
          if (shown !== undefined) next.numberFormat = shown;
          sheet.set(r, c, next);
        }
      }
    }
  }

  private derived(f: (l: Located) => Located | null): RangeProxy {
    return new RangeProxy(this.context, () => {
      const l = this.must();
      const d = f(l);
      return d === null ? null : { sheet: d.sheet, rect: checkRect(d.rect) };
    });
  }

  getCell(row: number, column: number): RangeProxy {
    return this.derived(({ sheet, rect }) => ({
      sheet,
      rect: { r0: rect.r0 + row, c0: rect.c0 + column, r1: rect.r0 + row, c1: rect.c0 + column },
    }));
  }
  getResizedRange(deltaRows: number, deltaColumns: number): RangeProxy {
    return this.derived(({ sheet, rect }) => ({
      sheet,
      rect: { ...rect, r1: rect.r1 + deltaRows, c1: rect.c1 + deltaColumns },
    }));
  }
  getOffsetRange(rowOffset: number, columnOffset: number): RangeProxy {
    return this.derived(({ sheet, rect }) => ({
      sheet,
      rect: {
        r0: rect.r0 + rowOffset,
        r1: rect.r1 + rowOffset,
        c0: rect.c0 + columnOffset,
        c1: rect.c1 + columnOffset,
      },
    }));
  }
  getRow(row: number): RangeProxy {
    return this.derived(({ sheet, rect }) => ({
      sheet,
      rect: { ...rect, r0: rect.r0 + row, r1: rect.r0 + row },
    }));
  }
  getColumn(column: number): RangeProxy {
    return this.derived(({ sheet, rect }) => ({
      sheet,
      rect: { ...rect, c0: rect.c0 + column, c1: rect.c0 + column },
    }));
  }
  getUsedRangeOrNullObject(valuesOnly = false): RangeProxy {
    requireSet(this.context.book, 'ExcelApi', '1.4', 'getUsedRangeOrNullObject');
    return this.derived(({ sheet, rect }) => {
      const used = sheet.usedRect(valuesOnly);
      if (!used) return null;
      const r = {
        r0: Math.max(used.r0, rect.r0),
        c0: Math.max(used.c0, rect.c0),
        r1: Math.min(used.r1, rect.r1),
        c1: Math.min(used.c1, rect.c1),
      };
      return r.r0 > r.r1 || r.c0 > r.c1 ? null : { sheet, rect: r };
    });
  }
  getUsedRange(valuesOnly = false): RangeProxy {
    const inner = this.getUsedRangeOrNullObject(valuesOnly);
    return this.derived(() => {
      const w = inner.where();
      if (w === null) throw new SimOfficeError('ItemNotFound', 'The requested resource does not exist.');
      return w;
    });
  }
  getSpecialCellsOrNullObject(cellType: string): RangeAreasProxy {
    requireSet(this.context.book, 'ExcelApi', '1.9', 'Range.getSpecialCellsOrNullObject');
    return new RangeAreasProxy(this.context, () => {
      const { sheet, rect } = this.must();
      return specialCells(sheet, rect, cellType);
    });
  }
  getSpecialCells(cellType: string): RangeAreasProxy {
    requireSet(this.context.book, 'ExcelApi', '1.9', 'Range.getSpecialCells');
    return new RangeAreasProxy(this.context, () => {
      const { sheet, rect } = this.must();
      const found = specialCells(sheet, rect, cellType);
      if (found === null) throw new SimOfficeError('ItemNotFound', 'No cells were found.');
      return found;
    });
  }
  /** ExcelApi 1.6: the conditional formats that apply to any cell of this range. */
  get conditionalFormats(): ConditionalFormatCollectionProxy {
    requireSet(this.context.book, 'ExcelApi', '1.6', 'Range.conditionalFormats');
    return new ConditionalFormatCollectionProxy(this.context, () => this.must());
  }
  /** ExcelApi 1.9: the first cell whose whole text is `text` (completeMatch), or a null object. */
  findOrNullObject(
    text: string,
    criteria: { completeMatch?: boolean; matchCase?: boolean } = {},
  ): RangeProxy {
    requireSet(this.context.book, 'ExcelApi', '1.9', 'Range.findOrNullObject');
    if (criteria.completeMatch !== true)
      throw new SimOfficeError('InvalidArgument', 'Only completeMatch searches are simulated.');
    return this.derived(({ sheet, rect }) => {
      const found = findCell(sheet, rect, text, criteria.matchCase === true);
      return found === null ? null : { sheet, rect: found };
    });
  }
  /** ExcelApi 1.12: the range a dynamic array anchored in this (single) cell spills into, or a null object. */
  getSpillingToRangeOrNullObject(): RangeProxy {
    requireSet(this.context.book, 'ExcelApi', '1.12', 'Range.getSpillingToRangeOrNullObject');
    return this.derived(({ sheet, rect }) => {
      const spill = sheet.get(rect.r0, rect.c0)?.spill;
      if (!spill || rect.r0 !== rect.r1 || rect.c0 !== rect.c1) return null;
      return {
        sheet,
        rect: { r0: rect.r0, c0: rect.c0, r1: rect.r0 + spill.rows - 1, c1: rect.c0 + spill.cols - 1 },
      };
    });
  }
  getTables(fullyContained = false): TableCollectionProxy {
    requireSet(this.context.book, 'ExcelApi', '1.9', 'Range.getTables');
    return new TableCollectionProxy(this.context, () => {
      const { sheet, rect } = this.must();
      return this.context.book.tables.filter((t) => {
        if (t.sheet !== sheet.name) return false;
        const inter = !(
          t.rect.r1 < rect.r0 ||
          t.rect.r0 > rect.r1 ||
          t.rect.c1 < rect.c0 ||
          t.rect.c0 > rect.c1
        );
        const inside =
          rect.r0 >= t.rect.r0 && rect.r1 <= t.rect.r1 && rect.c0 >= t.rect.c0 && rect.c1 <= t.rect.c1;
        return fullyContained ? inside : inter;
      });
    });
  }
  /** Range.insert (ExcelApi 1.1): only "Right" is simulated; tables crossed by the insert grow or move. */
  insert(shift: string): RangeProxy {
    this.queueCall('insert', [shift], () => {
      if (shift !== 'Right')
        throw new SimOfficeError('InvalidArgument', `insert(${shift}) is not simulated.`);
      const { sheet, rect } = this.must();
      const count = rect.c1 - rect.c0 + 1;
      sheet.shiftRight(rect.r0, rect.r1, rect.c0, count);
      for (const t of this.context.book.tables) {
        if (t.sheet !== sheet.name || rect.r0 > t.rect.r0 || rect.r1 < t.rect.r1) continue;
        if (rect.c0 <= t.rect.c0) t.rect = { ...t.rect, c0: t.rect.c0 + count, c1: t.rect.c1 + count };
        else if (rect.c0 <= t.rect.c1) t.rect = { ...t.rect, c1: t.rect.c1 + count };
      }
    });
    return this;
  }
  getEntireColumn(): RangeProxy {
    return new RangeProxy(this.context, () => {
      const { sheet, rect } = this.must();
      return { sheet, rect: { r0: 0, r1: 1_048_575, c0: rect.c0, c1: rect.c1 } };
    });
  }
  select(): void {
    this.queueCall('select', [], () => {
      const { sheet, rect } = this.must();
      this.context.book.select(sheet.name, rect);
    });
  }
}

/** A reference of an R1C1 formula: an absolute (1-based) or relative index, or none (this row or column). */
type R1C1Part = { abs: number } | { rel: number };
/** Each R1C1 formula split once into text and references, so a column of one formula converts quickly. */
const r1c1Templates = new Map<string, Array<string | { row: R1C1Part; col: R1C1Part }>>();

function r1c1Template(formula: string): Array<string | { row: R1C1Part; col: R1C1Part }> {
  let template = r1c1Templates.get(formula);
  if (template !== undefined) return template;
  const spec = (s: string | undefined): R1C1Part =>
    s === undefined || s === ''
      ? { rel: 0 }
      : s.startsWith('[')
        ? { rel: Number(s.slice(1, -1)) }
        : { abs: Number(s) };
  template = [];
  const pieces = formula.split(/("(?:[^"]|"")*")/);
  pieces.forEach((piece, i) => {
    if (i % 2 === 1) return void (template as unknown[]).push(piece);
    let at = 0;
    for (const m of piece.matchAll(
      /(?<![A-Za-z0-9_.$])R(\[-?\d+\]|\d+)?C(\[-?\d+\]|\d+)?(?![A-Za-z0-9_.(])/g,
    )) {
      (template as unknown[]).push(piece.slice(at, m.index), { row: spec(m[1]), col: spec(m[2]) });
      at = (m.index ?? 0) + m[0].length;
    }
    (template as unknown[]).push(piece.slice(at));
  });
  r1c1Templates.set(formula, template);
  return template;
}

/**
 * An R1C1 formula as the A1 formula of the cell at (row, col): RC11 is $K of the same row, R[-1]C[2] the
 * cell one up and two right. Text in quotes is left alone, and so are names (a reference must stand alone).
 */
export function r1c1ToA1(formula: string, row: number, col: number): string {
  return r1c1Template(formula)
    .map((part) => {
      if (typeof part === 'string') return part;
      const c = 'abs' in part.col ? `$${colLetters(part.col.abs - 1)}` : colLetters(col + part.col.rel);
      const r = 'abs' in part.row ? `$${part.row.abs}` : String(row + 1 + part.row.rel);
      return c + r;
    })
    .join('');
}

const PLAIN_TYPES: ReadonlySet<string> = new Set(['String', 'Double', 'Boolean', 'Empty']);

/**
 * A cell as `valuesAsJson` gives it: its data type as stored, else its plain value in the schema's
 * shape (String, Double, Boolean, Empty, Error).
 */
export function cellJson(cell: Cell | undefined): CellValueJson {
  if (cell?.json) return cell.json;
  const v = cell?.value ?? '';
  if (typeof v === 'number') return { type: 'Double', basicType: 'Double', basicValue: v };
  if (typeof v === 'boolean') return { type: 'Boolean', basicType: 'Boolean', basicValue: v };
  if (v === '') return { type: 'Empty', basicType: 'Empty', basicValue: '' };
  if (/^#[A-Z0-9/!?_]+/.test(v)) return { type: 'Error', basicType: 'Error', basicValue: v };
  return { type: 'String', basicType: 'String', basicValue: v };
}

/** Empties the cells a dynamic array spilled into (not the anchor). */
function clearSpill(sheet: SimSheet, r: number, c: number, spill: { rows: number; cols: number }): void {
  for (let i = 0; i < spill.rows; i++)
    for (let j = 0; j < spill.cols; j++) if (i > 0 || j > 0) sheet.set(r + i, c + j, undefined);
}

/**
 * The format a General cell reports after a date was written into it through `values`. Office.js reads
 * `values` as en-US input whatever the user's locale (by design, says the office-js issue tracker, where
 * `range.values = '2018-12-31'` on a General cell is shown to report "m/d/yyyy").
 */
export const TYPED_DATE_FORMAT = 'm/d/yyyy';

/**
 * What Excel makes of text written through `values` into a cell not formatted as text, as if typed:
 * a leading apostrophe keeps the rest as text, numbers and TRUE/FALSE become numbers and booleans, an
 * ISO date becomes a date serial (days since 1899-12-30) shown with a date format. A cell formatted as
 * Text ("@") before the write keeps the text as written; formatting it as Text afterwards does not turn a
 * number back into text, so "2025-05-01" written first and formatted second stays the serial 45778.
 * (Not every rule of Excel's parser: these are the ones that change what the add-in writes.)
 */
function typedInput(v: CellValue): { value: CellValue; numberFormat?: string } {
  if (typeof v !== 'string') return { value: v };
  if (v.startsWith("'")) return { value: v.slice(1) };
  const t = v.trim();
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return { value: Number(t) };
  if (/^(true|false)$/i.test(t)) return { value: t.toLowerCase() === 'true' };
  const date = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (date) {
    const utc = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]));
    return {
      value: Math.round((utc - Date.UTC(1899, 11, 30)) / 86_400_000),
      numberFormat: TYPED_DATE_FORMAT,
    };
  }
  return { value: v };
}

/** Rows of `rect` that match, merged into maximal full-width bands per row run (what Excel reports for filtered lists). */
function specialCells(
  sheet: SimSheet,
  rect: Rect,
  cellType: string,
): { sheet: SimSheet; rects: Rect[] } | null {
  const type = cellType.toLowerCase();
  const rects: Rect[] = [];
  if (type === 'visible') {
    let start = -1;
    for (let r = rect.r0; r <= rect.r1 + 1; r++) {
      const visible = r <= rect.r1 && !sheet.hiddenRows.has(r);
      if (visible && start < 0) start = r;
      if (!visible && start >= 0) {
        rects.push({ r0: start, r1: r - 1, c0: rect.c0, c1: rect.c1 });
        start = -1;
      }
    }
  } else if (type === 'constants' || type === 'formulas') {
    for (let r = rect.r0; r <= rect.r1; r++) {
      for (let c = rect.c0; c <= rect.c1; c++) {
        const cell = sheet.get(r, c);
        if (!cell) continue;
        const isFormula = cell.formula !== undefined;
        if (type === 'formulas' ? isFormula : !isFormula && cell.value !== '')
          rects.push({ r0: r, r1: r, c0: c, c1: c });
      }
    }
  } else {
    throw new SimOfficeError('InvalidArgument', `Special cell type ${cellType} is not simulated.`);
  }
  return rects.length === 0 ? null : { sheet, rects };
}

export class RangeAreasProxy extends ClientObject {
  protected readonly scalarProps = ['address', 'cellCount', 'areaCount'] as const;
  private located: { sheet: SimSheet; rects: Rect[] } | null | undefined;
  constructor(
    context: SimRequestContext,
    private readonly locate: () => { sheet: SimSheet; rects: Rect[] } | null,
  ) {
    super(context);
  }
  private where(): { sheet: SimSheet; rects: Rect[] } | null {
    if (this.located === undefined) this.located = this.locate();
    return this.located;
  }
  protected override isNull(): boolean {
    return this.where() === null;
  }
  get address(): string {
    return this.get('address');
  }
  get cellCount(): number {
    return this.get('cellCount');
  }
  get areaCount(): number {
    return this.get('areaCount');
  }
  /** ExcelApi 1.9: the rectangular areas, as a RangeCollection (load their properties through it). */
  get areas(): RangeCollectionProxy {
    requireSet(this.context.book, 'ExcelApi', '1.9', 'RangeAreas.areas');
    return new RangeCollectionProxy(this.context, () => {
      const w = this.where();
      if (!w)
        throw new SimOfficeError(
          'InvalidObjectPath',
          'The object path is not valid: a null object was used.',
        );
      return w.rects.map((rect) => ({ sheet: w.sheet, rect }));
    });
  }
  /** ExcelApi 1.9: selects every area (the first one becomes `selection`, all of them `selectedAreas`). */
  select(): void {
    requireSet(this.context.book, 'ExcelApi', '1.9', 'RangeAreas.select');
    this.queueCall('select', [], () => {
      const w = this.where();
      if (!w) throw new SimOfficeError('InvalidObjectPath', 'null object');
      this.context.book.selection = { sheet: w.sheet.name, rect: { ...(w.rects[0] as Rect) } };
      this.context.book.selectedAreas = w.rects.map((r) => ({ ...r }));
    });
  }
  protected read(prop: string): unknown {
    const w = this.where();
    if (!w) throw new SimOfficeError('InvalidObjectPath', 'null object');
    if (prop === 'address') return w.rects.map((r) => formatAddress(w.sheet.name, r)).join(',');
    if (prop === 'areaCount') return w.rects.length;
    return w.rects.reduce((n, r) => n + (r.r1 - r.r0 + 1) * (r.c1 - r.c0 + 1), 0);
  }
}

/** A collection of ranges (RangeAreas.areas): `load(props)` loads those properties of every item. */
export class RangeCollectionProxy extends ClientObject {
  protected readonly scalarProps = [] as const;
  private located: Located[] | null = null;
  private loadedItems: RangeProxy[] | null = null;
  constructor(
    context: SimRequestContext,
    private readonly list: () => Located[],
  ) {
    super(context);
  }
  override load(props?: string | string[] | { select?: string | string[] }): this {
    const pick = (p: string | string[]): string[] =>
      (Array.isArray(p) ? p : p.split(',')).map((x) => x.trim()).filter(Boolean);
    let list: string[] | null = null;
    if (typeof props === 'string' || Array.isArray(props)) list = pick(props);
    else if (props && props.select) list = pick(props.select);
    this.context.enqueue({ kind: 'load', target: this, props: list });
    return this;
  }
  override snapshot(props: string[] | null): Map<string, unknown> {
    this.located = this.list();
    const items = this.located.map((loc) =>
      Object.fromEntries(new RangeProxy(this.context, () => loc).snapshot(props)),
    );
    return new Map<string, unknown>([['items', items]]);
  }
  override accept(values: Map<string, unknown>): void {
    const items = values.get('items') as Array<Record<string, unknown>>;
    const located = this.located ?? [];
    this.loadedItems = items.map((item, i) => {
      const loc = located[i] as Located;
      const proxy = new RangeProxy(this.context, () => loc);
      proxy.accept(new Map(Object.entries(item)));
      return proxy;
    });
  }
  get items(): RangeProxy[] {
    if (this.loadedItems === null)
      throw new SimOfficeError('PropertyNotLoaded', "The property 'items' is not available.");
    return this.loadedItems;
  }
  protected read(): unknown {
    return undefined;
  }
}

export class WorksheetProxy extends ClientObject {
  protected readonly scalarProps = ['name', 'position', 'visibility'] as const;
  constructor(
    context: SimRequestContext,
    private readonly locate: () => SimSheet | null,
  ) {
    super(context);
  }
  private sheet(): SimSheet {
    const s = this.locate();
    if (!s) throw new SimOfficeError('ItemNotFound', 'The requested worksheet does not exist.');
    return s;
  }
  protected override isNull(): boolean {
    return this.locate() === null;
  }
  get name(): string {
    return this.get('name');
  }
  /** ExcelApi 1.2: the sheet's protection; `protected` is true while the sheet is protected. */
  get protection(): WorksheetProtectionProxy {
    requireSet(this.context.book, 'ExcelApi', '1.2', 'Worksheet.protection');
    return new WorksheetProtectionProxy(this.context, () => this.sheet());
  }
  protected read(prop: string): unknown {
    const s = this.sheet();
    if (prop === 'name') return s.name;
    if (prop === 'position') return this.context.book.sheets.indexOf(s);
    return 'Visible';
  }
  getRange(address: string): RangeProxy {
    return new RangeProxy(this.context, () => {
      const parsed = parseAddress(address);
      return { sheet: this.sheet(), rect: checkRect(parsed.rect) };
    });
  }
  /** ExcelApi 1.9: "A2:J2,A5:J7" as one RangeAreas. */
  getRanges(address: string): RangeAreasProxy {
    requireSet(this.context.book, 'ExcelApi', '1.9', 'Worksheet.getRanges');
    return new RangeAreasProxy(this.context, () => ({
      sheet: this.sheet(),
      rects: address.split(',').map((a) => checkRect(parseAddress(a).rect)),
    }));
  }
  getCell(row: number, column: number): RangeProxy {
    return new RangeProxy(this.context, () => ({
      sheet: this.sheet(),
      rect: checkRect({ r0: row, c0: column, r1: row, c1: column }),
    }));
  }
  getRangeByIndexes(
    startRow: number,
    startColumn: number,
    rowCount: number,
    columnCount: number,
  ): RangeProxy {
    requireSet(this.context.book, 'ExcelApi', '1.7', 'Worksheet.getRangeByIndexes');
    return new RangeProxy(this.context, () => ({
      sheet: this.sheet(),
      rect: checkRect({
        r0: startRow,
        c0: startColumn,
        r1: startRow + rowCount - 1,
        c1: startColumn + columnCount - 1,
      }),
    }));
  }
  getUsedRangeOrNullObject(valuesOnly = false): RangeProxy {
    requireSet(this.context.book, 'ExcelApi', '1.4', 'getUsedRangeOrNullObject');
    return new RangeProxy(this.context, () => {
      const s = this.sheet();
      const rect = s.usedRect(valuesOnly);
      return rect ? { sheet: s, rect } : null;
    });
  }
  getUsedRange(valuesOnly = false): RangeProxy {
    return new RangeProxy(this.context, () => {
      const s = this.sheet();
      // Excel answers A1 for an empty sheet.
      return { sheet: s, rect: s.usedRect(valuesOnly) ?? { r0: 0, c0: 0, r1: 0, c1: 0 } };
    });
  }
  get tables(): TableCollectionProxy {
    return new TableCollectionProxy(
      this.context,
      () => this.context.book.tables.filter((t) => t.sheet === this.sheet().name),
      () => this.sheet(),
    );
  }
  /** ExcelApi 1.1. */
  get charts(): ChartCollectionProxy {
    return new ChartCollectionProxy(this.context, () => this.sheet());
  }
  /** ExcelApi 1.1: the sheet goes, with its tables and charts; names that pointed there become #REF!. */
  delete(): void {
    this.queueCall('delete', [], () => deleteSheet(this.context.book, this.sheet()));
  }
  /** Makes this the active sheet: the selection moves to it (to A1 here; Excel keeps each sheet's own). */
  activate(): void {
    this.queueCall('activate', [], () =>
      this.context.book.select(this.sheet().name, { r0: 0, c0: 0, r1: 0, c1: 0 }),
    );
  }
}

export class WorksheetProtectionProxy extends ClientObject {
  protected readonly scalarProps = ['protected'] as const;
  constructor(
    context: SimRequestContext,
    private readonly sheet: () => SimSheet,
  ) {
    super(context);
  }
  get protected(): boolean {
    return this.get('protected');
  }
  protected read(): unknown {
    return this.sheet().protected;
  }
}

export class WorksheetCollectionProxy extends ClientObject {
  protected readonly scalarProps = [] as const;
  protected read(): unknown {
    return undefined;
  }
  /** ExcelApi 1.1: a new, empty sheet after the others. */
  add(name: string): WorksheetProxy {
    this.queueCall('worksheets.add', [name], () => addSheet(this.context.book, name, (n) => new SimSheet(n)));
    return new WorksheetProxy(this.context, () => this.context.book.sheet(name) ?? null);
  }
  getItem(name: string): WorksheetProxy {
    return new WorksheetProxy(this.context, () => {
      const s = this.context.book.sheet(name);
      if (!s) throw new SimOfficeError('ItemNotFound', `The worksheet '${name}' does not exist.`);
      return s;
    });
  }
  getItemOrNullObject(name: string): WorksheetProxy {
    return new WorksheetProxy(this.context, () => this.context.book.sheet(name) ?? null);
  }
  getActiveWorksheet(): WorksheetProxy {
    return new WorksheetProxy(
      this.context,
      () => this.context.book.sheet(this.context.book.selection.sheet) ?? null,
    );
  }
}

export class TableProxy extends ClientObject {
  protected readonly scalarProps = ['name', 'showHeaders', 'id'] as const;
  readonly columns: TableColumnCollectionProxy;
  constructor(
    context: SimRequestContext,
    readonly locate: () => SimTable | null,
  ) {
    super(context);
    this.columns = new TableColumnCollectionProxy(context, this);
  }
  table(): SimTable {
    const t = this.locate();
    if (!t) throw new SimOfficeError('InvalidObjectPath', 'The table does not exist (null object).');
    return t;
  }
  protected override isNull(): boolean {
    return this.locate() === null;
  }
  get name(): string {
    return this.get('name');
  }
  /** ExcelApi 1.1: a new name, unique in the workbook. */
  set name(value: string) {
    this.queueSet('name', value);
  }
  /** ExcelApi 1.1: a built-in table style ("TableStyleLight9"); only remembered. */
  set style(value: string) {
    this.queueSet('style', value);
  }
  override applySet(prop: string, value: unknown): void {
    if (prop === 'name') renameTable(this.context.book, this.table(), String(value));
    else if (prop === 'style') this.table().style = String(value);
    else super.applySet(prop, value);
  }
  protected read(prop: string): unknown {
    const t = this.table();
    if (prop === 'name' || prop === 'id') return t.name;
    return true;
  }
  private range(f: (rect: Rect) => Rect): RangeProxy {
    return new RangeProxy(this.context, () => {
      const t = this.table();
      const sheet = this.context.book.sheet(t.sheet);
      if (!sheet) throw new SimOfficeError('ItemNotFound', 'sheet gone');
      return { sheet, rect: f(t.rect) };
    });
  }
  getRange(): RangeProxy {
    return this.range((r) => ({ ...r }));
  }
  getHeaderRowRange(): RangeProxy {
    return this.range((r) => ({ ...r, r1: r.r0 }));
  }
  getDataBodyRange(): RangeProxy {
    return this.range((r) => ({ ...r, r0: r.r0 + 1 }));
  }
}

export class TableColumnCollectionProxy extends ClientObject {
  protected readonly scalarProps = ['count'] as const;
  constructor(
    context: SimRequestContext,
    private readonly owner: TableProxy,
  ) {
    super(context);
  }
  protected read(): unknown {
    const t = this.owner.table();
    return t.rect.c1 - t.rect.c0 + 1;
  }
  /** Appends a column at the right edge (index null) with its header `name`; the table grows by one column. */
  add(index?: number | null, values?: unknown, name?: string): { load: () => void } {
    this.queueCall('tableColumns.add', [index ?? null, values ?? null, name ?? null], () => {
      const t = this.owner.table();
      const width = t.rect.c1 - t.rect.c0 + 1;
      const at = index === null || index === undefined ? width : index;
      if (at < 0 || at > width)
        throw new SimOfficeError('InvalidArgument', `Column index ${at} is outside the table.`);
      const sheet = this.context.book.sheet(t.sheet) as SimSheet;
      // Inside the table the cells right of the new column move right, as Excel does for the table's rows.
      if (at < width) sheet.shiftRight(t.rect.r0, t.rect.r1, t.rect.c0 + at, 1);
      t.rect = { ...t.rect, c1: t.rect.c1 + 1 };
      const header = name ?? `Column${t.rect.c1 - t.rect.c0 + 1}`;
      sheet.set(t.rect.r0, t.rect.c0 + at, {
        ...(sheet.get(t.rect.r0, t.rect.c0 + at) ?? {}),
        value: header,
      });
      if (values !== null && values !== undefined)
        throw new SimOfficeError('InvalidArgument', 'values not simulated in columns.add');
    });
    return { load: () => undefined };
  }
}

export class TableCollectionProxy extends ClientObject {
  protected readonly scalarProps = ['count'] as const;
  constructor(
    context: SimRequestContext,
    private readonly list: () => SimTable[],
    /** The sheet of worksheet.tables; absent for workbook.tables (then `add` takes a sheet-qualified address). */
    private readonly sheet?: () => SimSheet,
  ) {
    super(context);
  }
  get count(): number {
    return this.get('count');
  }
  protected read(): unknown {
    return this.list().length;
  }
  /** ExcelApi 1.1: a table over `address` (text or a range), with its first row as headers. */
  add(address: RangeProxy | string, hasHeaders: boolean): TableProxy {
    let created: SimTable | null = null;
    this.queueCall('tables.add', [typeof address === 'string' ? address : 'range', hasHeaders], () => {
      let where: Located | null;
      if (typeof address === 'string') {
        const parsed = parseAddress(address);
        const sheet = parsed.sheet !== null ? this.context.book.sheet(parsed.sheet) : this.sheet?.();
        where = sheet ? { sheet, rect: checkRect(parsed.rect) } : null;
      } else where = address.where();
      if (where === null) throw new SimOfficeError('InvalidArgument', 'The table range is not on a sheet.');
      created = addTable(this.context.book, where, hasHeaders);
    });
    return new TableProxy(this.context, () => created);
  }
  getItem(name: string): TableProxy {
    return new TableProxy(this.context, () => {
      const t = this.list().find((x) => x.name.toLowerCase() === name.toLowerCase());
      if (!t) throw new SimOfficeError('ItemNotFound', `The table '${name}' does not exist.`);
      return t;
    });
  }
  getItemOrNullObject(name: string): TableProxy {
    return new TableProxy(
      this.context,
      () => this.list().find((x) => x.name.toLowerCase() === name.toLowerCase()) ?? null,
    );
  }
  /** Like OfficeExtension.ClientResult: `value` readable after the next sync. */
  getCount(): ClientResultProxy<number> {
    return new ClientResultProxy(this.context, () => this.list().length);
  }
  getFirst(): TableProxy {
    requireSet(this.context.book, 'ExcelApi', '1.9', 'TableScopedCollection.getFirst');
    return new TableProxy(this.context, () => {
      const t = this.list()[0];
      if (!t) throw new SimOfficeError('ItemNotFound', 'The collection is empty.');
      return t;
    });
  }
  getFirstOrNullObject(): TableProxy {
    let memo: SimTable | null | undefined;
    return new TableProxy(this.context, () => {
      if (memo === undefined) memo = this.list()[0] ?? null;
      return memo;
    });
  }
}

export class ClientResultProxy<T> extends ClientObject {
  protected readonly scalarProps = ['value'] as const;
  constructor(
    context: SimRequestContext,
    private readonly compute: () => T,
  ) {
    super(context);
    context.enqueue({ kind: 'load', target: this, props: ['value'] });
  }
  get value(): T {
    return this.get('value');
  }
  protected read(): unknown {
    return this.compute();
  }
}

/** Application.cultureInfo.numberFormat (ExcelApi 1.11). */
export class NumberFormatInfoProxy extends ClientObject {
  protected readonly scalarProps = ['numberDecimalSeparator', 'numberGroupSeparator'] as const;
  protected read(prop: string): unknown {
    const c = this.context.book.culture;
    return prop === 'numberDecimalSeparator' ? c.decimal : c.group;
  }
  get numberDecimalSeparator(): string {
    return this.get('numberDecimalSeparator');
  }
  get numberGroupSeparator(): string {
    return this.get('numberGroupSeparator');
  }
}

/** Application.cultureInfo (ExcelApi 1.11): the system culture Excel reads and writes numbers in. */
export class CultureInfoProxy extends ClientObject {
  protected readonly scalarProps = ['name'] as const;
  readonly numberFormat: NumberFormatInfoProxy;
  constructor(context: SimRequestContext) {
    super(context);
    this.numberFormat = new NumberFormatInfoProxy(context);
  }
  protected read(): unknown {
    return this.context.book.culture.name;
  }
  get name(): string {
    return this.get('name');
  }
}

/** The ExcelApi 1.11 properties of Application. */
const CULTURE_PROPS = ['decimalSeparator', 'thousandsSeparator', 'useSystemSeparators'];

export class ApplicationProxy extends ClientObject {
  protected readonly scalarProps = ['calculationMode', ...CULTURE_PROPS] as const;
  protected read(prop: string): unknown {
    const c = this.context.book.culture;
    if (prop === 'decimalSeparator') return c.appDecimal ?? c.decimal;
    if (prop === 'thousandsSeparator') return c.appThousands ?? c.group;
    if (prop === 'useSystemSeparators') return c.useSystemSeparators ?? true;
    return 'Automatic';
  }
  override load(props?: string | string[] | { select?: string | string[] }): this {
    const list = typeof props === 'string' ? props.split(',') : Array.isArray(props) ? props : [];
    if (list.some((p) => CULTURE_PROPS.includes(p.trim())))
      requireSet(this.context.book, 'ExcelApi', '1.11', 'Application separators');
    return super.load(props);
  }
  /** ExcelApi 1.11. */
  get cultureInfo(): CultureInfoProxy {
    requireSet(this.context.book, 'ExcelApi', '1.11', 'Application.cultureInfo');
    return new CultureInfoProxy(this.context);
  }
  get decimalSeparator(): string {
    return this.get('decimalSeparator');
  }
  get thousandsSeparator(): string {
    return this.get('thousandsSeparator');
  }
  get useSystemSeparators(): boolean {
    return this.get('useSystemSeparators');
  }
  suspendApiCalculationUntilNextSync(): void {
    requireSet(this.context.book, 'ExcelApi', '1.6', 'Application.suspendApiCalculationUntilNextSync');
    this.queueCall('suspendApiCalculationUntilNextSync', [], () => undefined);
  }
  /** Recorded, not performed: the simulator does not calculate. */
  calculate(calculationType: string): void {
    this.queueCall('calculate', [calculationType], () => {
      this.context.book.recalculations.push(calculationType);
      this.context.book.recalculate?.();
    });
  }
}

export class WorkbookProxy extends ClientObject {
  protected readonly scalarProps = ['name'] as const;
  readonly worksheets: WorksheetCollectionProxy;
  readonly application: ApplicationProxy;
  readonly tables: TableCollectionProxy;
  /** Workbook-scoped names (ExcelApi 1.1; add and getItemOrNullObject 1.4). */
  readonly names: NamedItemCollectionProxy;
  /** ExcelApi 1.2. */
  readonly onSelectionChanged: SelectionChangedEvent;
  constructor(context: SimRequestContext) {
    super(context);
    this.worksheets = new WorksheetCollectionProxy(context);
    this.application = new ApplicationProxy(context);
    this.tables = new TableCollectionProxy(context, () => context.book.tables);
    this.names = new NamedItemCollectionProxy(context);
    this.onSelectionChanged = new SelectionChangedEvent(context);
  }
  protected read(): unknown {
    return 'Book1.xlsx';
  }
  /** ExcelApi 1.7: the active cell (the selection's top-left unless the test put it elsewhere in it). */
  getActiveCell(): RangeProxy {
    requireSet(this.context.book, 'ExcelApi', '1.7', 'Workbook.getActiveCell');
    return new RangeProxy(this.context, () => {
      const { selection, activeCell } = this.context.book;
      const sheet = this.context.book.sheet(selection.sheet);
      if (!sheet) throw new SimOfficeError('ItemNotFound', 'No active sheet.');
      const rect = selection.rect;
      const inside =
        activeCell !== null &&
        activeCell.r >= rect.r0 &&
        activeCell.r <= rect.r1 &&
        activeCell.c >= rect.c0 &&
        activeCell.c <= rect.c1;
      const r = inside ? activeCell.r : rect.r0;
      const c = inside ? activeCell.c : rect.c0;
      return { sheet, rect: { r0: r, c0: c, r1: r, c1: c } };
    });
  }
  getSelectedRange(): RangeProxy {
    return new RangeProxy(this.context, () => {
      const sel = this.context.book.selection;
      const sheet = this.context.book.sheet(sel.sheet);
      if (!sheet) throw new SimOfficeError('ItemNotFound', 'No active sheet.');
      return { sheet, rect: { ...sel.rect } };
    });
  }
}

/** `Excel.run(batch)`: a fresh context, the batch, then a final sync of anything still queued. */
export function createExcelNamespace(book: SimWorkbook) {
  return {
    run: async <T>(...args: unknown[]): Promise<T> => {
      const batch = args[args.length - 1] as (ctx: SimRequestContext) => Promise<T>;
      const ctx = new SimRequestContext(book);
      const result = await batch(ctx);
      if (ctx.hasPending()) await ctx.sync();
      return result;
    },
    RequestContext: SimRequestContext,
    SpecialCellType: { visible: 'Visible', constants: 'Constants', formulas: 'Formulas', blanks: 'Blanks' },
    CalculationType: { recalculate: 'Recalculate', full: 'Full', fullRebuild: 'FullRebuild' },
    ConditionalFormatType: { custom: 'Custom', cellValue: 'CellValue' },
    ChartType: { columnStacked: 'ColumnStacked', lineMarkers: 'LineMarkers', barStacked: 'BarStacked' },
    ChartSeriesBy: { auto: 'Auto', columns: 'Columns', rows: 'Rows' },
    ChartLineStyle: { none: 'None', continuous: 'Continuous' },
    ChartMarkerStyle: { none: 'None', circle: 'Circle', dash: 'Dash', diamond: 'Diamond' },
    ChartLegendPosition: { top: 'Top', bottom: 'Bottom', right: 'Right' },
    ErrorCodes: {
      invalidArgument: 'InvalidArgument',
      itemNotFound: 'ItemNotFound',
      propertyNotLoaded: 'PropertyNotLoaded',
      requestPayloadSizeLimitExceeded: 'RequestPayloadSizeLimitExceeded',
    },
  };
}
