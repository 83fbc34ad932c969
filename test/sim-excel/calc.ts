import { lettersToCol } from './a1';
import { basicValueOf, type Cell, type CellValue, type CellValueJson, type SimWorkbook } from './model';

/**
 * Calculation of the add-in's custom functions on the simulated host, for the formulas tests put in cells
 * or the add-in writes (the rest of the simulator never calculates). It follows what Excel documents:
 * - a formula `=NAMESPACE.ID(arg, …)` calls the function associated with ID (CustomFunctions.associate),
 *   with a literal, a cell's value, or null for an omitted argument, padded with null to the declared
 *   parameters;
 * - a cell holding a data type (an entity, a Geography or Stocks value) is handed over as its CellValue
 *   JSON when functions.json allows custom data for `any` (`allowCustomDataForDataTypeAny`, or a
 *   parameter's `cellValueType`) on a host with CustomFunctionsRuntime 1.4; else as its basic value;
 * - an argument that is an error value makes the cell that error without a call (unless
 *   `allowErrorForDataTypeAny`);
 * - a thrown CustomFunctions.Error shows its code, with its message beside it; a returned 2-D array spills;
 *   a returned data type is kept as the cell's JSON where data types are supported, else it is #VALUE!;
 * - `=B2.Salary50` and `=FIELDVALUE(B2, "Salary50")` read a property of the entity in B2 (case-insensitive,
 *   #FIELD! when it has none), after the custom functions.
 * Only whole-cell formulas of that shape are understood: this is a test host, not a formula engine.
 */

const ERROR_VALUE = /^#[A-Z0-9/!?_]+/;

interface Ref {
  sheet: string | null;
  r: number;
  c: number;
}

/** A calculated cell, and the whole result when it spills. */
export interface Evaluated {
  cell: Cell;
  spill?: CellValue[][];
}

type Arg = { kind: 'empty' } | { kind: 'literal'; value: CellValue } | { kind: 'ref'; ref: Ref };

/** Splits the top-level arguments of a call body (commas outside quotes and parentheses). */
function splitArgs(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '"') {
      i++;
      while (i < body.length && !(body[i] === '"' && body[i + 1] !== '"')) i += body[i] === '"' ? 2 : 1;
    } else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(body.slice(from, i));
      from = i + 1;
    }
  }
  out.push(body.slice(from));
  return out.length === 1 && (out[0] as string).trim() === '' ? [] : out;
}

function parseRef(text: string): Ref | null {
  const m = /^(?:(?:'((?:[^']|'')+)'|([A-Za-z_][A-Za-z0-9_.]*))!)?\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(text);
  if (!m) return null;
  const sheet = m[1] !== undefined ? m[1].replace(/''/g, "'") : (m[2] ?? null);
  return { sheet, r: Number(m[4]) - 1, c: lettersToCol(m[3] as string) };
}

function parseArg(raw: string): Arg | null {
  const t = raw.trim();
  if (t === '') return { kind: 'empty' };
  if (/^"(?:[^"]|"")*"$/.test(t)) return { kind: 'literal', value: t.slice(1, -1).replace(/""/g, '"') };
  if (/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(t)) return { kind: 'literal', value: Number(t) };
  if (/^(TRUE|FALSE)$/i.test(t)) return { kind: 'literal', value: t.toUpperCase() === 'TRUE' };
  const ref = parseRef(t);
  return ref ? { kind: 'ref', ref } : null;
}

/** What `=B2.Salary50` / FIELDVALUE give for the entity `json`: the property's basic value, or #FIELD!. */
export function fieldValueOf(json: CellValueJson | undefined, field: string): CellValue {
  if (!json || (json.type !== 'Entity' && json.type !== 'LinkedEntity')) return '#VALUE!';
  const properties = (json.properties ?? {}) as Record<string, CellValueJson>;
  const key = Object.keys(properties).find((k) => k.toLowerCase() === field.toLowerCase());
  if (key === undefined) return '#FIELD!';
  return basicValueOf(properties[key] as CellValueJson);
}

export class SimCalculation {
  constructor(private readonly book: SimWorkbook) {}

  private cellAt(ref: Ref, sheetName: string): Cell | undefined {
    return this.book.sheet(ref.sheet ?? sheetName)?.get(ref.r, ref.c);
  }

  /** true when Excel hands data-type cells over as JSON for this parameter. */
  private passesDataTypes(param: { type?: string; cellValueType?: string } | undefined): boolean {
    const meta = this.book.functionsMetadata;
    if (!meta || !this.book.isSetSupported('CustomFunctionsRuntime', '1.4')) return false;
    if (param?.cellValueType !== undefined) return true;
    return meta.allowCustomDataForDataTypeAny === true && (param?.type ?? 'any') === 'any';
  }

  /**
   * Evaluates one formula; null when it is not of a shape understood here. `spill` holds the whole
   * result of a function that returned a 2-D array.
   */
  async evaluate(formula: string, sheetName: string): Promise<Evaluated | null> {
    const ns = this.book.functionsNamespace;
    const call = new RegExp(`^=\\s*${ns}\\.([A-Za-z0-9_.]+)\\s*\\((.*)\\)\\s*$`, 'i').exec(formula);
    if (call)
      return this.callFunction((call[1] as string).toUpperCase(), call[2] as string, sheetName, formula);
    const dot = /^=\s*(\S+?)\.([A-Za-z_][A-Za-z0-9_]*)\s*$/.exec(formula);
    const fieldvalue = /^=\s*FIELDVALUE\(\s*([^,]+?)\s*,\s*"([^"]*)"\s*\)\s*$/i.exec(formula);
    const m = dot ?? fieldvalue;
    if (m) {
      const ref = parseRef(m[1] as string);
      if (!ref) return null;
      return { cell: { value: fieldValueOf(this.cellAt(ref, sheetName)?.json, m[2] as string), formula } };
    }
    return null;
  }

  private async callFunction(
    id: string,
    body: string,
    sheetName: string,
    formula: string,
  ): Promise<Evaluated> {
    const fn = this.book.customFunctions.get(id);
    const meta = this.book.functionsMetadata?.functions.find((f) => f.id.toUpperCase() === id);
    if (!fn || !meta) return { cell: { value: '#NAME?', formula } };
    const raw = splitArgs(body).map(parseArg);
    if (raw.some((a) => a === null))
      throw new Error(`calc.ts does not understand the arguments of ${formula}`);
    if (raw.length > meta.parameters.length) return { cell: { value: '#VALUE!', formula } };
    const args: unknown[] = [];
    for (let i = 0; i < meta.parameters.length; i++) {
      const arg = raw[i] ?? { kind: 'empty' };
      const param = meta.parameters[i];
      if (arg === null || arg.kind === 'empty') args.push(null);
      else if (arg.kind === 'literal') args.push(arg.value);
      else {
        const cell = this.cellAt(arg.ref, sheetName);
        if (cell?.json && this.passesDataTypes(param)) args.push(cell.json);
        else {
          const v = cell?.value ?? '';
          if (
            typeof v === 'string' &&
            ERROR_VALUE.test(v) &&
            !this.book.functionsMetadata?.allowErrorForDataTypeAny
          )
            return { cell: { value: v, formula } };
          args.push(v === '' ? null : v);
        }
      }
    }
    try {
      return this.store(await fn(...args), formula);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('#'))
        return { cell: { value: code, formula, errorMessage: (err as Error).message } };
      throw err;
    }
  }

  private store(result: unknown, formula: string): Evaluated {
    if (typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean')
      return { cell: { value: result, formula } };
    if (Array.isArray(result)) {
      // An error inside a spilled array shows as its code in that cell.
      const spill = (result as unknown[][]).map((row) =>
        row.map((v) => {
          const code = (v as { code?: unknown } | null)?.code;
          return typeof code === 'string' ? code : (v as CellValue);
        }),
      );
      return { cell: { value: spill[0]?.[0] ?? '', formula }, spill };
    }
    if (
      typeof result === 'object' &&
      result !== null &&
      typeof (result as { type?: unknown }).type === 'string'
    ) {
      const json = result as CellValueJson;
      if (!this.passesDataTypes(undefined)) return { cell: { value: '#VALUE!', formula } };
      return { cell: { value: basicValueOf(json), formula, json } };
    }
    return { cell: { value: '#VALUE!', formula } };
  }

  /**
   * Recalculates every formula of the sheet this simulator understands: the custom functions first,
   * then the property reads that depend on them. Returns how many cells were calculated.
   */
  async calculateSheet(sheetName: string): Promise<number> {
    const sheet = this.book.sheet(sheetName);
    if (!sheet) throw new Error(`no sheet ${sheetName}`);
    const formulas: Array<{ r: number; c: number; formula: string }> = [];
    for (const [r, row] of sheet.rows)
      for (const [c, cell] of row)
        if (cell.formula !== undefined) formulas.push({ r, c, formula: cell.formula });
    const ns = new RegExp(`^=\\s*${this.book.functionsNamespace}\\.`, 'i');
    // As Excel does: every custom function of the pass is called before any answer is awaited (so calls
    // made together can be batched), then the property reads that depend on them.
    const calls = formulas.filter((f) => ns.test(f.formula));
    const reads = formulas.filter((f) => !ns.test(f.formula));
    const settled = await Promise.all(calls.map((f) => this.evaluate(f.formula, sheet.name)));
    let done = 0;
    const put = (r: number, c: number, formula: string, evaluated: Evaluated | null): void => {
      if (evaluated === null) return;
      const { cell, spill } = evaluated;
      const prev = sheet.get(r, c);
      if (spill !== undefined && (spill.length > 1 || (spill[0]?.length ?? 0) > 1))
        sheet.setSpill(r, c, formula, spill);
      else {
        if (prev?.numberFormat !== undefined) cell.numberFormat = prev.numberFormat;
        sheet.set(r, c, cell);
      }
      done++;
    };
    calls.forEach((f, i) => put(f.r, f.c, f.formula, settled[i] ?? null));
    for (const f of reads) put(f.r, f.c, f.formula, await this.evaluate(f.formula, sheet.name));
    return done;
  }
}
