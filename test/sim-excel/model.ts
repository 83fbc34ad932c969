import { type Rect } from './a1';

/**
 * The state behind the simulated Excel host: sheets of cells, tables, the selection, document settings,
 * OfficeRuntime.storage, and a log of every `context.sync()` (bytes sent and received, calc suspended).
 * Plain data, no Office semantics: those live in office-api.ts.
 */

export type CellValue = string | number | boolean;

/**
 * A cell value in the JSON schema of `Range.valuesAsJson` (ExcelApi 1.16): `{ type: "Entity", text,
 * properties, layouts, provider, … }`, `{ type: "LinkedEntity", text, id, … }` (Geography, Stocks),
 * `{ type: "Double", basicValue, numberFormat }`, …. Kept as the plain object Excel would hand over.
 */
export type CellValueJson = { type: string; basicValue?: CellValue; text?: string } & Record<string, unknown>;

export interface Cell {
  value: CellValue;
  /** "=..." when the cell holds a formula. */
  formula?: string;
  /**
   * A data type held by the cell (an entity, a Geography or Stocks value): what `valuesAsJson` gives and
   * what a custom function declared `any` receives. `value` is then its basic value, as `Range.values`
   * reports it ("#VALUE!" for an entity).
   */
  json?: CellValueJson;
  /** The message of a custom function's CustomFunctions.Error, shown by Excel beside the error value. */
  errorMessage?: string;
  numberFormat?: string;
  /** On the anchor of a dynamic array: the size of the range it spills into (anchor included). */
  spill?: { rows: number; cols: number };
}

export interface SimTable {
  name: string;
  sheet: string;
  /** Including the header row. */
  rect: Rect;
  /** Table.style, when set. */
  style?: string;
}

export interface SyncRecord {
  /** JSON size of everything queued for this sync (what Excel on the web limits to 5 MB). */
  requestBytes: number;
  /** JSON size of the loaded values sent back. */
  responseBytes: number;
  ops: number;
  /** Value/format writes in this sync. */
  writes: number;
  /** `suspendApiCalculationUntilNextSync()` was queued in this sync. */
  calcSuspended: boolean;
}

export const FIVE_MB = 5 * 1024 * 1024;

/** A conditional format (ExcelApi 1.6) as it applies to a rectangle of one sheet. */
export interface SimConditionalFormat {
  /** "Custom", "CellValue", …: Excel.ConditionalFormatType. */
  type: string;
  rect: Rect;
  /** The custom rule's formula, relative to the rectangle's top-left cell. */
  formula: string;
  fill?: string;
  font?: string;
}

export interface SimChartSeries {
  name: string;
  /** Excel.ChartType of this series (ExcelApi 1.7), the chart's own type until set. */
  chartType: string;
  /** Addresses of the series' values and categories ("'JobPrice Chart'!C2:C11"). */
  values: string;
  xValues: string;
  /** ChartFill.clear(): no fill, so the series is invisible (a floating bar's base). */
  fillCleared?: boolean;
  fillColor?: string;
  lineStyle?: string;
  lineColor?: string;
  markerStyle?: string;
  markerSize?: number;
  markerBackgroundColor?: string;
  markerForegroundColor?: string;
  gapWidth?: number;
  overlap?: number;
}

export interface SimChart {
  name: string;
  type: string;
  /** The source range given to charts.add, and how it was split into series. */
  source: string;
  seriesBy: string;
  title?: string;
  legendPosition?: string;
  valueAxisNumberFormat?: string;
  /** Chart.setPosition(start, end) as addresses. */
  position?: { start: string; end?: string };
  series: SimChartSeries[];
}

/** A workbook-scoped name: the sheet and cells it refers to; rect null once they were deleted (#REF!). */
export interface SimName {
  name: string;
  sheet: string;
  rect: Rect | null;
  comment: string;
}

/** One Office.js call that changed the workbook's structure or look, recorded with the range it acted on. */
export interface SimCall {
  api: string;
  address?: string;
  detail?: Record<string, unknown>;
}

/** The parts of functions.json (custom-functions-metadata's output) the simulated calculation uses. */
export interface FunctionsMetadata {
  allowCustomDataForDataTypeAny?: boolean;
  allowErrorForDataTypeAny?: boolean;
  functions: Array<{
    id: string;
    parameters: Array<{ name: string; type?: string; cellValueType?: string; dimensionality?: string }>;
    result?: { type?: string; dimensionality?: string };
  }>;
}

export class SimSheet {
  readonly rows = new Map<number, Map<number, Cell>>();
  readonly hiddenRows = new Set<number>();
  readonly conditionalFormats: SimConditionalFormat[] = [];
  readonly charts: SimChart[] = [];
  /** Review > Protect Sheet: writes through the API fail with AccessDenied. */
  protected = false;
  constructor(public name: string) {}

  get(r: number, c: number): Cell | undefined {
    return this.rows.get(r)?.get(c);
  }

  set(r: number, c: number, cell: Cell | undefined): void {
    let row = this.rows.get(r);
    if (
      cell === undefined ||
      (cell.value === '' && cell.formula === undefined && cell.numberFormat === undefined)
    ) {
      row?.delete(c);
      if (row && row.size === 0) this.rows.delete(r);
      return;
    }
    if (!row) {
      row = new Map();
      this.rows.set(r, row);
    }
    row.set(c, cell);
  }

  /**
   * Excel's insert with shift right over rows r0..r1: every cell of those rows at column c0 or beyond
   * moves `count` columns right (an entire-column insert is rows 0..last).
   */
  shiftRight(r0: number, r1: number, c0: number, count: number): void {
    for (const [r, row] of this.rows) {
      if (r < r0 || r > r1) continue;
      const moved = [...row].filter(([c]) => c >= c0).sort((a, b) => b[0] - a[0]);
      for (const [c, cell] of moved) {
        row.delete(c);
        row.set(c + count, cell);
      }
    }
  }

  value(r: number, c: number): CellValue {
    return this.get(r, c)?.value ?? '';
  }

  /** The smallest rectangle holding every non-empty cell (or every formatted one, unless valuesOnly). */
  usedRect(valuesOnly: boolean): Rect | null {
    let rect: Rect | null = null;
    for (const [r, row] of this.rows) {
      for (const [c, cell] of row) {
        const used =
          cell.value !== '' || cell.formula !== undefined || (!valuesOnly && cell.numberFormat !== undefined);
        if (!used) continue;
        if (!rect) rect = { r0: r, c0: c, r1: r, c1: c };
        else {
          rect.r0 = Math.min(rect.r0, r);
          rect.c0 = Math.min(rect.c0, c);
          rect.r1 = Math.max(rect.r1, r);
          rect.c1 = Math.max(rect.c1, c);
        }
      }
    }
    return rect;
  }

  /**
   * A formula at (r, c) whose result spills over `values` (a dynamic array, e.g. JOBPRICE.MATCH): the anchor
   * holds the formula and the first value, the other cells of the spill hold values only, as in Excel.
   */
  setSpill(r: number, c: number, formula: string, values: readonly (readonly CellValue[])[]): void {
    const rows = values.length;
    const cols = values[0]?.length ?? 1;
    values.forEach((row, i) =>
      row.forEach((v, j) => {
        if (i === 0 && j === 0) this.set(r, c, { value: v, formula, spill: { rows, cols } });
        else this.set(r + i, c + j, { value: v });
      }),
    );
  }

  /**
   * Data > Sort over rows r0..r1 (0-based, inclusive), whole rows moving together, ordered by `key` of each
   * row's cells (stable, ascending): what a user does to a sheet while a long run is in flight.
   */
  sortRows(r0: number, r1: number, key: (cells: ReadonlyMap<number, Cell>) => string | number): void {
    const taken: Array<Map<number, Cell>> = [];
    for (let r = r0; r <= r1; r++) {
      taken.push(this.rows.get(r) ?? new Map());
      this.rows.delete(r);
    }
    const order = taken
      .map((cells, i) => ({ cells, i, k: key(cells) }))
      .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i));
    order.forEach(({ cells }, i) => {
      if (cells.size > 0) this.rows.set(r0 + i, cells);
    });
  }

  /** A data type typed or pasted into a cell (no formula): a Geography "Seattle", a Stocks value, an entity. */
  setDataType(r: number, c: number, json: CellValueJson): void {
    this.set(r, c, { value: basicValueOf(json), json });
  }

  /** Writes a block of plain values starting at (r0, c0); convenience for fixtures. */
  putRows(r0: number, c0: number, values: readonly (readonly CellValue[])[]): void {
    values.forEach((row, i) =>
      row.forEach((v, j) => {
        const prev = this.get(r0 + i, c0 + j);
        this.set(r0 + i, c0 + j, {
          ...(prev?.numberFormat ? { numberFormat: prev.numberFormat } : {}),
          value: v,
        });
      }),
    );
  }

  /** Values of a rectangle as Excel's `values` would give them. */
  read(rect: Rect): CellValue[][] {
    const out: CellValue[][] = [];
    for (let r = rect.r0; r <= rect.r1; r++) {
      const row: CellValue[] = [];
      for (let c = rect.c0; c <= rect.c1; c++) row.push(this.value(r, c));
      out.push(row);
    }
    return out;
  }
}

/**
 * Application.cultureInfo (name, numberFormat separators) and Excel's own separators (File > Options >
 * Advanced), used instead when useSystemSeparators is false.
 */
export interface SimCulture {
  name: string;
  decimal: string;
  group: string;
  useSystemSeparators?: boolean;
  appDecimal?: string;
  appThousands?: string;
}

/** What `Range.values` reports for a cell holding `json`: its basicValue, "#VALUE!" for an entity without one. */
export function basicValueOf(json: CellValueJson): CellValue {
  const basic = json.basicValue;
  if (typeof basic === 'string' || typeof basic === 'number' || typeof basic === 'boolean') return basic;
  return json.type === 'Empty' ? '' : '#VALUE!';
}

export interface WorkbookInit {
  sheets?: { name: string; rows?: CellValue[][]; hiddenRows?: number[] }[];
  tables?: { name: string; sheet: string; rect: Rect }[];
  selection?: { sheet: string; rect: Rect };
  /** How this Excel writes numbers (Application.cultureInfo, ExcelApi 1.11); en-US when not given. */
  culture?: SimCulture;
  /** Office.context.officeTheme as Office reports it (absent: Office gives no theme). */
  officeTheme?: { isDarkTheme: boolean; bodyBackgroundColor: string; bodyForegroundColor: string };
}

export class SimWorkbook {
  readonly sheets: SimSheet[] = [];
  readonly tables: SimTable[] = [];
  selection: { sheet: string; rect: Rect };
  readonly officeTheme: WorkbookInit['officeTheme'];
  culture: SimCulture = { name: 'en-US', decimal: '.', group: ',' };
  /** Office.context.document.settings: the in-memory copy, and what saveAsync last persisted. */
  documentSettings: Record<string, unknown> = {};
  savedDocumentSettings: Record<string, unknown> = {};
  /** OfficeRuntime.storage. */
  readonly storage = new Map<string, string>();
  readonly syncs: SyncRecord[] = [];
  limits = { requestBytes: FIVE_MB, responseBytes: FIVE_MB };
  /** Fault injection: the syncs (1-based, counted from the start) that fail with GeneralException, applying nothing. */
  readonly failingSyncs = new Set<number>();
  /**
   * What a formula written through the API evaluates to. The simulator does not calculate unless a test
   * installs an evaluator (formula-eval.ts: `calculateFormulas(book)`), which then also recalculates
   * every formula after each sync, as Excel's automatic calculation does.
   */
  evaluateFormula: (formula: string, at: { sheet: SimSheet; row: number; col: number }) => CellValue = () =>
    0;
  /** Set by `calculateFormulas`: re-evaluates every formula cell of the workbook. */
  recalculate: (() => void) | null = null;
  /** Workbook-scoped names (workbook.names, ExcelApi 1.4 for add), keyed by lower-cased name. */
  readonly names = new Map<string, SimName>();
  /** Conditional formats, tables, sheets, charts and names added or changed, in the order applied. */
  readonly calls: SimCall[] = [];
  /** Handlers of workbook.onSelectionChanged (ExcelApi 1.2). */
  readonly selectionHandlers: Array<(args: { workbook: unknown }) => unknown> = [];
  /** Every `application.calculate(type)` asked for. */
  readonly recalculations: string[] = [];
  readonly customFunctions = new Map<string, (...args: unknown[]) => unknown>();
  /**
   * The add-in's functions.json as Excel registered it (calc.ts reads the parameter types and
   * `allowCustomDataForDataTypeAny` from it to decide what each argument receives); null until loaded.
   */
  functionsMetadata: FunctionsMetadata | null = null;
  /** The custom functions' namespace from the manifest (`<Namespace>`): formulas call NAMESPACE.ID(…). */
  functionsNamespace = 'JOBPRICE';
  readonly actions = new Map<string, (...args: unknown[]) => unknown>();
  /**
   * The newest version of each requirement set this host supports (Office.context.requirements.isSetSupported);
   * an API of a newer ExcelApi version fails with ApiNotFound, as on an older Excel.
   */
  apiVersions: Record<string, string> = {
    ExcelApi: '1.17',
    SharedRuntime: '1.1',
    CustomFunctionsRuntime: '1.4',
  };
  /**
   * The active cell, where the user clicked or typed last; null means the selection's top-left cell, as
   * Excel has it after a selection is made by code (Range.select).
   */
  activeCell: { r: number; c: number } | null = null;
  /** The areas of a multiple selection (RangeAreas.select), or null for one rectangle. */
  selectedAreas: Rect[] | null = null;
  /** How many times Office.addin.showAsTaskpane() was called. */
  taskpaneShown = 0;

  constructor(init: WorkbookInit = {}) {
    this.officeTheme = init.officeTheme;
    if (init.culture) this.culture = init.culture;
    for (const s of init.sheets ?? [{ name: 'Sheet1' }]) {
      const sheet = new SimSheet(s.name);
      if (s.rows) sheet.putRows(0, 0, s.rows);
      for (const r of s.hiddenRows ?? []) sheet.hiddenRows.add(r);
      this.sheets.push(sheet);
    }
    for (const t of init.tables ?? []) this.tables.push({ ...t, rect: { ...t.rect } });
    const first = this.sheets[0] as SimSheet;
    this.selection = init.selection ?? { sheet: first.name, rect: { r0: 0, c0: 0, r1: 0, c1: 0 } };
  }

  /** Office.context.requirements.isSetSupported(name, minVersion): versions compare part by part (1.12 > 1.9). */
  isSetSupported(name: string, minVersion = '1.1'): boolean {
    const have = this.apiVersions[name];
    if (have === undefined) return false;
    const a = have.split('.').map(Number);
    const b = minVersion.split('.').map(Number);
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = (a[i] ?? 0) - (b[i] ?? 0);
      if (d !== 0) return d > 0;
    }
    return true;
  }

  /** Selects a rectangle as the user does, and raises onSelectionChanged. */
  select(sheet: string, rect: Rect): void {
    this.selection = { sheet, rect: { ...rect } };
    this.selectedAreas = null;
    this.selectionChanged();
  }

  /** Raises onSelectionChanged, as Excel does after the selection moved (asynchronously). */
  selectionChanged(): void {
    for (const handler of this.selectionHandlers) setTimeout(() => void handler({ workbook: null }), 0);
  }

  sheet(name: string): SimSheet | undefined {
    return this.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
  }

  /** Sum over syncs, for tests and the benchmark. */
  stats(): { syncs: number; maxRequestBytes: number; maxResponseBytes: number; writes: number } {
    return {
      syncs: this.syncs.length,
      maxRequestBytes: Math.max(0, ...this.syncs.map((s) => s.requestBytes)),
      maxResponseBytes: Math.max(0, ...this.syncs.map((s) => s.responseBytes)),
      writes: this.syncs.reduce((n, s) => n + s.writes, 0),
    };
  }

  resetStats(): void {
    this.syncs.length = 0;
  }
}
