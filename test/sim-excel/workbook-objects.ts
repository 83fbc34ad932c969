import { formatAddress, formatRect, parseAddress, quoteSheet, type Rect } from './a1';
import { ClientObject, requireSet, SimOfficeError, type Located } from './client-object';
import type {
  SimChart,
  SimChartSeries,
  SimConditionalFormat,
  SimName,
  SimSheet,
  SimTable,
  SimWorkbook,
} from './model';
import type { RangeProxy, SimRequestContext } from './office-api';

/**
 * The workbook objects the analyst features use, simulated as office-api.ts simulates ranges: named items
 * (ExcelApi 1.1/1.4), conditional formats (1.6), sheets and tables added and removed (1.1), charts and
 * their series (1.1, with the 1.7/1.8 series properties), Range.findOrNullObject (1.9). Each API checks
 * its requirement set against the host's, and every change is recorded in `book.calls` with the range it
 * acted on, so tests can assert what was asked of Excel and where.
 */

function intersects(a: Rect, b: Rect): boolean {
  return !(a.r1 < b.r0 || a.r0 > b.r1 || a.c1 < b.c0 || a.c0 > b.c1);
}

/** Props requested of a collection's items: "items/type,items/name" or "type,name" both name `type`, `name`. */
function itemProps(props?: string | string[] | { select?: string | string[] }): string[] {
  const raw = typeof props === 'string' ? props.split(',') : Array.isArray(props) ? props : [];
  return raw.map((p) => p.trim().replace(/^items\//, '')).filter(Boolean);
}

/** A collection whose items are proxies over model objects found at sync time. */
abstract class ItemCollection<M, P extends ClientObject> extends ClientObject {
  protected readonly scalarProps = ['count'] as const;
  private found: M[] = [];
  private loadedItems: P[] | null = null;
  protected abstract list(): M[];
  protected abstract proxy(model: M): P;
  override load(props?: string | string[] | { select?: string | string[] }): this {
    this.context.enqueue({ kind: 'load', target: this, props: itemProps(props) });
    return this;
  }
  override snapshot(props: string[] | null): Map<string, unknown> {
    this.found = this.list();
    const items = this.found.map((m) => Object.fromEntries(this.proxy(m).snapshot(props ?? [])));
    return new Map<string, unknown>([
      ['items', items],
      ['count', items.length],
    ]);
  }
  override accept(values: Map<string, unknown>): void {
    const items = values.get('items') as Array<Record<string, unknown>>;
    this.loadedItems = items.map((item, i) => {
      const p = this.proxy(this.found[i] as M);
      p.accept(new Map(Object.entries(item)));
      return p;
    });
  }
  get items(): P[] {
    if (this.loadedItems === null)
      throw new SimOfficeError('PropertyNotLoaded', "The property 'items' is not available.");
    return this.loadedItems;
  }
  protected read(): unknown {
    return this.list().length;
  }
}

/** A settable colour (ConditionalRangeFill/Font, ExcelApi 1.6). */
class ColorProxy extends ClientObject {
  protected readonly scalarProps = ['color'] as const;
  constructor(
    context: SimRequestContext,
    private readonly target: SimConditionalFormat,
    private readonly key: 'fill' | 'font',
  ) {
    super(context);
  }
  set color(value: string) {
    this.queueSet('color', value);
  }
  override applySet(_prop: string, value: unknown): void {
    this.target[this.key] = String(value);
  }
  protected read(): unknown {
    return this.target[this.key] ?? null;
  }
}

class ConditionalRuleProxy extends ClientObject {
  protected readonly scalarProps = ['formula'] as const;
  constructor(
    context: SimRequestContext,
    private readonly target: SimConditionalFormat,
  ) {
    super(context);
  }
  get formula(): string {
    return this.get('formula');
  }
  set formula(value: string) {
    this.queueSet('formula', value);
  }
  override applySet(_prop: string, value: unknown): void {
    if (typeof value !== 'string' || !value.startsWith('='))
      throw new SimOfficeError('InvalidArgument', 'A conditional format formula starts with "=".');
    this.target.formula = value;
  }
  protected read(): unknown {
    return this.target.formula;
  }
}

export class ConditionalFormatProxy extends ClientObject {
  protected readonly scalarProps = ['type', 'priority', 'stopIfTrue'] as const;
  constructor(
    context: SimRequestContext,
    private readonly target: SimConditionalFormat,
  ) {
    super(context);
  }
  get type(): string {
    return this.get('type');
  }
  /** ExcelApi 1.6; only a custom format has one (Excel fails the sync otherwise). */
  get custom(): {
    rule: ConditionalRuleProxy;
    format: { fill: ColorProxy; font: ColorProxy };
  } {
    if (this.target.type !== 'Custom')
      throw new SimOfficeError(
        'InvalidOperation',
        `This conditional format is ${this.target.type}, not Custom.`,
      );
    return {
      rule: new ConditionalRuleProxy(this.context, this.target),
      format: {
        fill: new ColorProxy(this.context, this.target, 'fill'),
        font: new ColorProxy(this.context, this.target, 'font'),
      },
    };
  }
  protected read(prop: string): unknown {
    if (prop === 'type') return this.target.type;
    if (prop === 'priority') return 0;
    return false;
  }
}

/** Range.conditionalFormats (ExcelApi 1.6): the formats that apply to any cell of the range. */
export class ConditionalFormatCollectionProxy extends ItemCollection<
  SimConditionalFormat,
  ConditionalFormatProxy
> {
  constructor(
    context: SimRequestContext,
    private readonly where: () => Located,
  ) {
    super(context);
  }
  protected list(): SimConditionalFormat[] {
    const { sheet, rect } = this.where();
    return sheet.conditionalFormats.filter((cf) => intersects(cf.rect, rect));
  }
  protected proxy(model: SimConditionalFormat): ConditionalFormatProxy {
    return new ConditionalFormatProxy(this.context, model);
  }
  add(type: string): ConditionalFormatProxy {
    const model: SimConditionalFormat = { type, rect: { r0: 0, c0: 0, r1: 0, c1: 0 }, formula: '' };
    this.queueCall('conditionalFormats.add', [type], () => {
      const { sheet, rect } = this.where();
      model.rect = { ...rect };
      sheet.conditionalFormats.push(model);
      this.context.book.calls.push({
        api: 'conditionalFormats.add',
        address: formatAddress(sheet.name, rect),
        detail: { type, format: model },
      });
    });
    return new ConditionalFormatProxy(this.context, model);
  }
}

/** The first cell of `rect` whose text equals `text` (Range.findOrNullObject with completeMatch, ExcelApi 1.9). */
export function findCell(sheet: SimSheet, rect: Rect, text: string, matchCase: boolean): Rect | null {
  const want = matchCase ? text : text.toLowerCase();
  const rows = [...sheet.rows.keys()].filter((r) => r >= rect.r0 && r <= rect.r1).sort((a, b) => a - b);
  for (const r of rows) {
    const row = sheet.rows.get(r) as Map<number, { value: unknown }>;
    const cols = [...row.keys()].filter((c) => c >= rect.c0 && c <= rect.c1).sort((a, b) => a - b);
    for (const c of cols) {
      const v = String(row.get(c)?.value ?? '');
      if ((matchCase ? v : v.toLowerCase()) === want) return { r0: r, c0: c, r1: r, c1: c };
    }
  }
  return null;
}

// ---------- names ----------

/** "$B$2" or "$B$2:$C$3", as Excel shows what a name refers to. */
function absolute(rect: Rect): string {
  return formatRect(rect)
    .split(':')
    .map((a) => a.replace(/^([A-Z]+)(\d+)$/, '$$$1$$$2'))
    .join(':');
}

/** Excel's rules for a defined name: a letter, "_" or "\" first, then letters, digits, "_" and "."; not a cell. */
function checkName(name: string): void {
  if (!/^[A-Za-z_\\][\w.]*$/.test(name) || /^[A-Za-z]{1,3}\d+$/.test(name) || /^[RrCc]$/.test(name))
    throw new SimOfficeError('InvalidArgument', `'${name}' is not a valid name.`);
}

export class NamedItemProxy extends ClientObject {
  protected readonly scalarProps = ['name', 'type', 'value', 'formula', 'comment', 'visible'] as const;
  constructor(
    context: SimRequestContext,
    private readonly locate: () => SimName | null,
  ) {
    super(context);
  }
  private named(): SimName {
    const n = this.locate();
    if (n === null) throw new SimOfficeError('InvalidObjectPath', 'The name does not exist (null object).');
    return n;
  }
  protected override isNull(): boolean {
    return this.locate() === null;
  }
  get name(): string {
    return this.get('name');
  }
  get type(): string {
    return this.get('type');
  }
  get formula(): string {
    return this.get('formula');
  }
  protected read(prop: string): unknown {
    const n = this.named();
    const address = n.rect === null ? '#REF!' : `${quoteSheet(n.sheet)}!${absolute(n.rect)}`;
    if (prop === 'name') return n.name;
    if (prop === 'type') return n.rect === null ? 'Error' : 'Range';
    if (prop === 'value') return address;
    if (prop === 'formula') return `=${address}`;
    if (prop === 'comment') return n.comment;
    return true;
  }
  /** ExcelApi 1.4: the cells the name refers to, or a null object when they were deleted. */
  getRangeOrNullObject(): RangeProxy {
    requireSet(this.context.book, 'ExcelApi', '1.4', 'NamedItem.getRangeOrNullObject');
    return this.context.rangeAt(() => {
      const n = this.locate();
      const sheet = n?.rect ? this.context.book.sheet(n.sheet) : undefined;
      return n?.rect && sheet ? { sheet, rect: n.rect } : null;
    });
  }
  /** ExcelApi 1.4. */
  delete(): void {
    requireSet(this.context.book, 'ExcelApi', '1.4', 'NamedItem.delete');
    this.queueCall('name.delete', [], () => {
      const n = this.named();
      this.context.book.names.delete(n.name.toLowerCase());
      this.context.book.calls.push({ api: 'names.delete', detail: { name: n.name } });
    });
  }
}

/** workbook.names: add (ExcelApi 1.4) and look-up (getItemOrNullObject, 1.4). */
export class NamedItemCollectionProxy extends ItemCollection<SimName, NamedItemProxy> {
  protected list(): SimName[] {
    return [...this.context.book.names.values()];
  }
  protected proxy(model: SimName): NamedItemProxy {
    return new NamedItemProxy(this.context, () => model);
  }
  add(name: string, reference: RangeProxy | string, comment = ''): NamedItemProxy {
    requireSet(this.context.book, 'ExcelApi', '1.4', 'NamedItemCollection.add');
    checkName(name);
    this.queueCall('names.add', [name, typeof reference === 'string' ? reference : 'range', comment], () => {
      const book = this.context.book;
      if (book.names.has(name.toLowerCase()))
        throw new SimOfficeError('InvalidArgument', `The name '${name}' already exists.`);
      let where: Located | null;
      if (typeof reference === 'string') {
        const parsed = parseAddress(reference.replace(/^=/, ''));
        const sheet = parsed.sheet === null ? undefined : book.sheet(parsed.sheet);
        where = sheet ? { sheet, rect: parsed.rect } : null;
      } else where = reference.where();
      if (where === null) throw new SimOfficeError('InvalidArgument', `'${String(reference)}' is no range.`);
      book.names.set(name.toLowerCase(), { name, sheet: where.sheet.name, rect: { ...where.rect }, comment });
      book.calls.push({
        api: 'names.add',
        address: formatAddress(where.sheet.name, where.rect),
        detail: { name },
      });
    });
    return new NamedItemProxy(this.context, () => this.context.book.names.get(name.toLowerCase()) ?? null);
  }
  getItemOrNullObject(name: string): NamedItemProxy {
    requireSet(this.context.book, 'ExcelApi', '1.4', 'NamedItemCollection.getItemOrNullObject');
    return new NamedItemProxy(this.context, () => this.context.book.names.get(name.toLowerCase()) ?? null);
  }
  getItem(name: string): NamedItemProxy {
    return new NamedItemProxy(this.context, () => {
      const n = this.context.book.names.get(name.toLowerCase());
      if (!n) throw new SimOfficeError('ItemNotFound', `The name '${name}' does not exist.`);
      return n;
    });
  }
}

// ---------- sheets and tables ----------

/** worksheets.add (ExcelApi 1.1): a new sheet at the end; a name in use or not allowed fails the sync. */
export function addSheet(book: SimWorkbook, name: string, make: (name: string) => SimSheet): void {
  if (name.length > 31 || /[\\/?*[\]:]/.test(name) || name.trim() === '')
    throw new SimOfficeError('InvalidArgument', `'${name}' is not a valid sheet name.`);
  if (book.sheet(name)) throw new SimOfficeError('ItemAlreadyExists', `A sheet named '${name}' exists.`);
  book.sheets.push(make(name));
  book.calls.push({ api: 'worksheets.add', detail: { name } });
}

/** Worksheet.delete (ExcelApi 1.1): its tables and charts go with it; names that pointed there become #REF!. */
export function deleteSheet(book: SimWorkbook, sheet: SimSheet): void {
  if (book.sheets.length === 1)
    throw new SimOfficeError('InvalidOperation', 'A workbook must contain at least one visible worksheet.');
  book.sheets.splice(book.sheets.indexOf(sheet), 1);
  for (let i = book.tables.length - 1; i >= 0; i--)
    if (book.tables[i]?.sheet === sheet.name) book.tables.splice(i, 1);
  for (const n of book.names.values()) if (n.sheet === sheet.name) n.rect = null;
  if (book.selection.sheet === sheet.name)
    book.selection = { sheet: (book.sheets[0] as SimSheet).name, rect: { r0: 0, c0: 0, r1: 0, c1: 0 } };
  book.calls.push({ api: 'worksheet.delete', detail: { name: sheet.name } });
}

/** tables.add (ExcelApi 1.1) over `where`; a range that overlaps another table fails the sync. */
export function addTable(book: SimWorkbook, where: Located, hasHeaders: boolean): SimTable {
  if (!hasHeaders) throw new SimOfficeError('InvalidArgument', 'Only tables with headers are simulated.');
  for (const t of book.tables)
    if (t.sheet === where.sheet.name && intersects(t.rect, where.rect))
      throw new SimOfficeError('InvalidOperation', 'A table cannot overlap another table.');
  let n = book.tables.length + 1;
  while (book.tables.some((t) => t.name.toLowerCase() === `table${n}`)) n++;
  const table: SimTable = { name: `Table${n}`, sheet: where.sheet.name, rect: { ...where.rect } };
  book.tables.push(table);
  book.calls.push({ api: 'tables.add', address: formatAddress(where.sheet.name, where.rect) });
  return table;
}

/** Table.name = … (ExcelApi 1.1): unique in the workbook, a valid name. */
export function renameTable(book: SimWorkbook, table: SimTable, name: string): void {
  checkName(name);
  if (book.tables.some((t) => t !== table && t.name.toLowerCase() === name.toLowerCase()))
    throw new SimOfficeError('InvalidArgument', `A table named '${name}' exists.`);
  table.name = name;
}

// ---------- charts ----------

class ChartPartProxy extends ClientObject {
  protected readonly scalarProps: readonly string[];
  constructor(
    context: SimRequestContext,
    private readonly props: Record<string, { set: (v: unknown) => void; get: () => unknown; since?: string }>,
  ) {
    super(context);
    this.scalarProps = Object.keys(props);
    for (const key of Object.keys(props))
      Object.defineProperty(this, key, {
        get: () => this.get(key),
        set: (v: unknown) => {
          const since = props[key]?.since;
          if (since) requireSet(this.context.book, 'ExcelApi', since, key);
          this.queueSet(key, v);
        },
      });
  }
  override applySet(prop: string, value: unknown): void {
    const p = this.props[prop];
    if (!p) throw new SimOfficeError('InvalidArgument', `Property '${prop}' is not simulated.`);
    p.set(value);
  }
  protected read(prop: string): unknown {
    return this.props[prop]?.get();
  }
}

export class ChartSeriesProxy extends ClientObject {
  protected readonly scalarProps = [
    'name',
    'chartType',
    'markerStyle',
    'markerSize',
    'markerBackgroundColor',
    'markerForegroundColor',
    'gapWidth',
    'overlap',
  ] as const;
  constructor(
    context: SimRequestContext,
    private readonly locate: () => SimChartSeries,
  ) {
    super(context);
  }
  private static readonly SINCE: Record<string, string> = {
    chartType: '1.7',
    markerStyle: '1.7',
    markerSize: '1.7',
    markerBackgroundColor: '1.7',
    markerForegroundColor: '1.7',
    gapWidth: '1.7',
    overlap: '1.8',
  };
  private setProp(prop: string, value: unknown): void {
    const since = ChartSeriesProxy.SINCE[prop];
    if (since) requireSet(this.context.book, 'ExcelApi', since, `ChartSeries.${prop}`);
    this.queueSet(prop, value);
  }
  set name(v: string) {
    this.setProp('name', v);
  }
  set chartType(v: string) {
    this.setProp('chartType', v);
  }
  set markerStyle(v: string) {
    this.setProp('markerStyle', v);
  }
  set markerSize(v: number) {
    this.setProp('markerSize', v);
  }
  set markerBackgroundColor(v: string) {
    this.setProp('markerBackgroundColor', v);
  }
  set markerForegroundColor(v: string) {
    this.setProp('markerForegroundColor', v);
  }
  set gapWidth(v: number) {
    this.setProp('gapWidth', v);
  }
  set overlap(v: number) {
    this.setProp('overlap', v);
  }
  override applySet(prop: string, value: unknown): void {
    (this.locate() as unknown as Record<string, unknown>)[prop] = value;
  }
  protected read(prop: string): unknown {
    return (this.locate() as unknown as Record<string, unknown>)[prop];
  }
  /** ExcelApi 1.7. */
  setValues(source: RangeProxy): void {
    this.setRange('values', source);
  }
  /** ExcelApi 1.7. */
  setXAxisValues(source: RangeProxy): void {
    this.setRange('xValues', source);
  }
  private setRange(key: 'values' | 'xValues', source: RangeProxy): void {
    requireSet(
      this.context.book,
      'ExcelApi',
      '1.7',
      `ChartSeries.set${key === 'values' ? 'Values' : 'XAxisValues'}`,
    );
    this.queueCall(`series.${key}`, [], () => {
      const w = source.where();
      if (w === null) throw new SimOfficeError('InvalidArgument', 'The source range is a null object.');
      const series = this.locate();
      series[key] = formatAddress(w.sheet.name, w.rect);
      this.context.book.calls.push({
        api: key === 'values' ? 'series.setValues' : 'series.setXAxisValues',
        address: series[key],
        detail: { series: series.name },
      });
    });
  }
  get format(): { fill: { clear(): void; setSolidColor(color: string): void }; line: ChartPartProxy } {
    const series = (): SimChartSeries => this.locate();
    return {
      fill: {
        clear: () =>
          this.queueCall('fill.clear', [], () => {
            series().fillCleared = true;
            delete series().fillColor;
          }),
        setSolidColor: (color: string) =>
          this.queueCall('fill.setSolidColor', [color], () => {
            series().fillColor = color;
            series().fillCleared = false;
          }),
      },
      line: new ChartPartProxy(this.context, {
        lineStyle: {
          get: () => series().lineStyle,
          set: (v) => (series().lineStyle = String(v)),
          since: '1.7',
        },
        color: { get: () => series().lineColor, set: (v) => (series().lineColor = String(v)) },
      }),
    };
  }
}

export class ChartSeriesCollectionProxy extends ItemCollection<SimChartSeries, ChartSeriesProxy> {
  constructor(
    context: SimRequestContext,
    private readonly chart: () => SimChart,
  ) {
    super(context);
  }
  protected list(): SimChartSeries[] {
    return this.chart().series;
  }
  protected proxy(model: SimChartSeries): ChartSeriesProxy {
    return new ChartSeriesProxy(this.context, () => model);
  }
  getItemAt(index: number): ChartSeriesProxy {
    return new ChartSeriesProxy(this.context, () => {
      const s = this.chart().series[index];
      if (!s) throw new SimOfficeError('ItemNotFound', `The chart has no series ${index}.`);
      return s;
    });
  }
  /** ExcelApi 1.7: a new, empty series at the end. */
  add(name?: string): ChartSeriesProxy {
    requireSet(this.context.book, 'ExcelApi', '1.7', 'ChartSeriesCollection.add');
    const model: SimChartSeries = { name: name ?? '', chartType: '', values: '', xValues: '' };
    this.queueCall('series.add', [name ?? null], () => {
      const chart = this.chart();
      model.chartType = chart.type;
      chart.series.push(model);
      this.context.book.calls.push({ api: 'series.add', detail: { chart: chart.name, name: model.name } });
    });
    return new ChartSeriesProxy(this.context, () => model);
  }
}

export class ChartProxy extends ClientObject {
  protected readonly scalarProps = ['name', 'chartType'] as const;
  constructor(
    context: SimRequestContext,
    private readonly locate: () => SimChart | null,
    private readonly sheet: () => SimSheet,
  ) {
    super(context);
  }
  private chart(): SimChart {
    const c = this.locate();
    if (c === null) throw new SimOfficeError('InvalidObjectPath', 'The chart does not exist (null object).');
    return c;
  }
  protected override isNull(): boolean {
    return this.locate() === null;
  }
  get name(): string {
    return this.get('name');
  }
  set name(v: string) {
    this.queueSet('name', v);
  }
  override applySet(prop: string, value: unknown): void {
    if (prop !== 'name') throw new SimOfficeError('InvalidArgument', `Property '${prop}' is not simulated.`);
    this.chart().name = String(value);
  }
  protected read(prop: string): unknown {
    return prop === 'name' ? this.chart().name : this.chart().type;
  }
  get title(): ChartPartProxy {
    return new ChartPartProxy(this.context, {
      text: { get: () => this.chart().title, set: (v) => (this.chart().title = String(v)) },
    });
  }
  get legend(): ChartPartProxy {
    return new ChartPartProxy(this.context, {
      position: {
        get: () => this.chart().legendPosition,
        set: (v) => (this.chart().legendPosition = String(v)),
      },
      visible: { get: () => true, set: () => undefined },
    });
  }
  get axes(): { valueAxis: ChartPartProxy } {
    return {
      valueAxis: new ChartPartProxy(this.context, {
        numberFormat: {
          get: () => this.chart().valueAxisNumberFormat,
          set: (v) => (this.chart().valueAxisNumberFormat = String(v)),
          since: '1.8',
        },
      }),
    };
  }
  get series(): ChartSeriesCollectionProxy {
    return new ChartSeriesCollectionProxy(this.context, () => this.chart());
  }
  setPosition(startCell: string, endCell?: string): void {
    this.queueCall('chart.setPosition', [startCell, endCell ?? null], () => {
      const chart = this.chart();
      const at = (a: string): string => formatAddress(this.sheet().name, parseAddress(a).rect);
      chart.position = { start: at(startCell), ...(endCell === undefined ? {} : { end: at(endCell) }) };
      this.context.book.calls.push({
        api: 'chart.setPosition',
        address: chart.position.start,
        detail: { ...chart.position },
      });
    });
  }
  delete(): void {
    this.queueCall('chart.delete', [], () => {
      const sheet = this.sheet();
      sheet.charts.splice(sheet.charts.indexOf(this.chart()), 1);
    });
  }
}

/**
 * How Excel splits a source range into series by columns: a first row of text names the series, a first
 * column of text (below a blank or text corner) holds the categories, every other column is a series.
 */
function seriesOf(sheet: SimSheet, rect: Rect, chartType: string): SimChartSeries[] {
  const textAt = (r: number, c: number): boolean => typeof sheet.get(r, c)?.value === 'string';
  const header = textAt(rect.r0, rect.c0 + (rect.c1 > rect.c0 ? 1 : 0));
  const r0 = header ? rect.r0 + 1 : rect.r0;
  const categories =
    rect.c1 > rect.c0 &&
    Array.from({ length: rect.r1 - r0 + 1 }, (_, i) => r0 + i).every((r) => textAt(r, rect.c0));
  const c0 = categories ? rect.c0 + 1 : rect.c0;
  const xValues = categories ? formatAddress(sheet.name, { r0, c0: rect.c0, r1: rect.r1, c1: rect.c0 }) : '';
  const out: SimChartSeries[] = [];
  for (let c = c0; c <= rect.c1; c++)
    out.push({
      name: header ? String(sheet.get(rect.r0, c)?.value ?? '') : `Series${out.length + 1}`,
      chartType,
      values: formatAddress(sheet.name, { r0, c0: c, r1: rect.r1, c1: c }),
      xValues,
    });
  return out;
}

/** Worksheet.charts (ExcelApi 1.1). */
export class ChartCollectionProxy extends ItemCollection<SimChart, ChartProxy> {
  constructor(
    context: SimRequestContext,
    private readonly sheet: () => SimSheet,
  ) {
    super(context);
  }
  protected list(): SimChart[] {
    return this.sheet().charts;
  }
  protected proxy(model: SimChart): ChartProxy {
    return new ChartProxy(this.context, () => model, this.sheet);
  }
  add(type: string, source: RangeProxy, seriesBy = 'Auto'): ChartProxy {
    const model: SimChart = { name: '', type, source: '', seriesBy, series: [] };
    this.queueCall('charts.add', [type, seriesBy], () => {
      const sheet = this.sheet();
      const w = source.where();
      if (w === null || w.sheet !== sheet)
        throw new SimOfficeError('InvalidArgument', 'The chart source must be a range of this sheet.');
      if (seriesBy !== 'Auto' && seriesBy !== 'Columns')
        throw new SimOfficeError('InvalidArgument', `seriesBy ${seriesBy} is not simulated.`);
      model.source = formatAddress(sheet.name, w.rect);
      model.name = `Chart ${sheet.charts.length + 1}`;
      model.series = seriesOf(sheet, w.rect, type);
      sheet.charts.push(model);
      this.context.book.calls.push({ api: 'charts.add', address: model.source, detail: { type, seriesBy } });
    });
    return new ChartProxy(this.context, () => model, this.sheet);
  }
  /** ExcelApi 1.4. */
  getItemOrNullObject(name: string): ChartProxy {
    requireSet(this.context.book, 'ExcelApi', '1.4', 'ChartCollection.getItemOrNullObject');
    return new ChartProxy(
      this.context,
      () => this.sheet().charts.find((c) => c.name === name) ?? null,
      this.sheet,
    );
  }
}

/** workbook.onSelectionChanged (ExcelApi 1.2): handlers are registered at the next sync. */
export class SelectionChangedEvent extends ClientObject {
  protected readonly scalarProps = [] as const;
  protected read(): unknown {
    return undefined;
  }
  add(handler: (args: { workbook: unknown }) => unknown): { remove(): void } {
    requireSet(this.context.book, 'ExcelApi', '1.2', 'Workbook.onSelectionChanged');
    const book = this.context.book;
    this.queueCall('onSelectionChanged.add', [], () => {
      book.selectionHandlers.push(handler);
    });
    return {
      remove: () => {
        const i = book.selectionHandlers.indexOf(handler);
        if (i >= 0) book.selectionHandlers.splice(i, 1);
      },
    };
  }
}
