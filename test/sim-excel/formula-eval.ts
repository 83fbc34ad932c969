import { parseAddress } from './a1';
import type { CellValue, SimSheet, SimWorkbook } from './model';

/**
 * A small Excel formula evaluator for the simulated host, so a test can check what the add-in's formulas
 * compute, not only their text. It knows what the add-in writes: numbers, text, cell references (with $,
 * other sheets, workbook names), the operators + - * / ^ & = <> < > <= >= and unary minus, and the
 * functions IF, IFERROR, ISNUMBER, AND, OR, ROUND, LEN and NA, with Excel's coercions (an empty cell is 0
 * or "", numeric text such as "$85,000" counts in arithmetic, text in arithmetic is #VALUE!). Anything
 * else is #NAME?, never a silent guess. Opt-in: `calculateFormulas(book)` installs it.
 */

type ErrorValue = { readonly error: string };
type Value = number | string | boolean | null | ErrorValue;

const ERROR_TEXT = /^#(N\/A|VALUE!|REF!|DIV\/0!|NUM!|NAME\?|NULL!)$/;
const err = (code: string): ErrorValue => ({ error: code });
const isError = (v: Value): v is ErrorValue => typeof v === 'object' && v !== null;

type Token =
  | { t: 'num'; v: number }
  | { t: 'str'; v: string }
  | { t: 'ref'; sheet: string | null; address: string }
  | { t: 'id'; v: string }
  | { t: 'op'; v: string };

const TOKEN =
  /\s*(?:(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+)|"((?:[^"]|"")*)"|((?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?(\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?)(?![\w(])|([A-Za-z_][\w.]*)|(<=|>=|<>|[-+*/^&=<>(),]))/y;

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (m === null) {
      if (text.slice(at).trim() === '') break;
      throw new Error(`cannot read formula at: ${text.slice(at)}`);
    }
    if (m[1] !== undefined) out.push({ t: 'num', v: Number(m[1]) });
    else if (m[2] !== undefined) out.push({ t: 'str', v: m[2].replace(/""/g, '"') });
    else if (m[4] !== undefined) {
      const prefix = m[3]?.slice(0, -1) ?? null;
      const sheet =
        prefix === null ? null : prefix.startsWith("'") ? prefix.slice(1, -1).replace(/''/g, "'") : prefix;
      out.push({ t: 'ref', sheet, address: m[4] });
    } else if (m[5] !== undefined) out.push({ t: 'id', v: m[5] });
    else if (m[6] !== undefined) out.push({ t: 'op', v: m[6] });
  }
  return out;
}

/** An expression, evaluated lazily so IF and IFERROR only evaluate the branch they take. */
type Expr = () => Value;

class Parser {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly resolve: (sheet: string | null, address: string) => Value,
    private readonly name: (name: string) => Value,
  ) {}

  parse(): Expr {
    const e = this.comparison();
    if (this.i < this.tokens.length) throw new Error('unexpected text after the formula');
    return e;
  }

  private peekOp(...ops: string[]): string | null {
    const tok = this.tokens[this.i];
    return tok?.t === 'op' && ops.includes(tok.v) ? tok.v : null;
  }

  private binary(next: () => Expr, ops: string[], apply: (op: string, a: Value, b: Value) => Value): Expr {
    let left = next();
    for (let op = this.peekOp(...ops); op !== null; op = this.peekOp(...ops)) {
      this.i++;
      const [l, r, o] = [left, next(), op];
      left = () => {
        const a = l();
        if (isError(a)) return a;
        const b = r();
        return isError(b) ? b : apply(o, a, b);
      };
    }
    return left;
  }

  private comparison(): Expr {
    return this.binary(() => this.concat(), ['=', '<>', '<', '>', '<=', '>='], compare);
  }
  private concat(): Expr {
    return this.binary(
      () => this.additive(),
      ['&'],
      (_, a, b) => text(a) + text(b),
    );
  }
  private additive(): Expr {
    return this.binary(() => this.multiplicative(), ['+', '-'], arithmetic);
  }
  private multiplicative(): Expr {
    return this.binary(() => this.power(), ['*', '/'], arithmetic);
  }
  private power(): Expr {
    return this.binary(() => this.unary(), ['^'], arithmetic);
  }

  private unary(): Expr {
    const op = this.peekOp('-', '+');
    if (op === null) return this.primary();
    this.i++;
    const inner = this.unary();
    return () => {
      const n = number(inner());
      return isError(n) || op === '+' ? n : -n;
    };
  }

  private primary(): Expr {
    const tok = this.tokens[this.i++];
    if (tok === undefined) throw new Error('the formula ends too early');
    if (tok.t === 'num' || tok.t === 'str') return () => tok.v;
    if (tok.t === 'ref') return () => this.resolve(tok.sheet, tok.address);
    if (tok.t === 'op' && tok.v === '(') {
      const e = this.comparison();
      this.expect(')');
      return e;
    }
    if (tok.t === 'id') {
      if (this.peekOp('(') !== null) {
        this.i++;
        const args: Expr[] = [];
        if (this.peekOp(')') === null) {
          args.push(this.comparison());
          while (this.peekOp(',') !== null) {
            this.i++;
            args.push(this.comparison());
          }
        }
        this.expect(')');
        return call(tok.v.toUpperCase(), args);
      }
      const upper = tok.v.toUpperCase();
      if (upper === 'TRUE' || upper === 'FALSE') return () => upper === 'TRUE';
      return () => this.name(tok.v);
    }
    throw new Error(`unexpected ${JSON.stringify(tok)}`);
  }

  private expect(op: string): void {
    if (this.peekOp(op) === null) throw new Error(`expected ${op}`);
    this.i++;
  }
}

/** Numeric text as Excel reads it in arithmetic ("$85,000" is 85000). */
const NUMERIC_TEXT = /^\s*[$€£]?\s*([+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*$/;

function number(v: Value): number | ErrorValue {
  if (isError(v)) return v;
  if (v === null) return 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const m = NUMERIC_TEXT.exec(v);
  return m === null ? err('#VALUE!') : Number((m[1] as string).replace(/,/g, ''));
}

function text(v: Value): string {
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return String(v);
}

function arithmetic(op: string, a: Value, b: Value): Value {
  const x = number(a);
  const y = number(b);
  if (isError(x)) return x;
  if (isError(y)) return y;
  if (op === '+') return x + y;
  if (op === '-') return x - y;
  if (op === '*') return x * y;
  if (op === '^') return x ** y;
  return y === 0 ? err('#DIV/0!') : x / y;
}

/** Excel's order across types: numbers < text < booleans; text compares without case; empty is 0 or "". */
function compare(op: string, a: Value, b: Value): Value {
  const rank = (v: Value): number => (typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : 2);
  const x = a === null ? (typeof b === 'string' ? '' : 0) : a;
  const y = b === null ? (typeof a === 'string' ? '' : 0) : b;
  let c: number;
  if (rank(x) !== rank(y)) c = rank(x) - rank(y);
  else if (typeof x === 'string') c = x.toLowerCase().localeCompare(String(y).toLowerCase());
  else c = Number(x) - Number(y);
  switch (op) {
    case '=':
      return c === 0;
    case '<>':
      return c !== 0;
    case '<':
      return c < 0;
    case '>':
      return c > 0;
    case '<=':
      return c <= 0;
    default:
      return c >= 0;
  }
}

function truthy(v: Value): boolean | ErrorValue {
  if (isError(v)) return v;
  if (typeof v === 'string') return v === '' ? false : err('#VALUE!');
  return Boolean(v);
}

/** Round half away from zero to `digits` decimals, as Excel's ROUND. */
function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return (Math.sign(x) * Math.round(Math.abs(x) * f)) / f;
}

function call(name: string, args: Expr[]): Expr {
  const arg = (i: number): Value => {
    const expr = args[i];
    return expr === undefined ? null : expr();
  };
  switch (name) {
    case 'IF':
      return () => {
        const c = truthy(arg(0));
        if (isError(c)) return c;
        return c ? arg(1) : args.length > 2 ? arg(2) : false;
      };
    case 'IFERROR':
      return () => {
        const v = arg(0);
        return isError(v) ? arg(1) : v;
      };
    case 'ISNUMBER':
      return () => typeof arg(0) === 'number';
    case 'AND':
    case 'OR':
      return () => {
        const values = args.map((_, i) => truthy(arg(i)));
        const bad = values.find(isError);
        if (bad !== undefined) return bad;
        return name === 'AND' ? values.every(Boolean) : values.some(Boolean);
      };
    case 'ROUND':
      return () => {
        const x = number(arg(0));
        const d = number(arg(1));
        if (isError(x)) return x;
        return isError(d) ? d : round(x, d);
      };
    case 'LEN':
      return () => {
        const v = arg(0);
        return isError(v) ? v : text(v).length;
      };
    case 'NA':
      return () => err('#N/A');
    default:
      return () => err('#NAME?');
  }
}

function cellValue(sheet: SimSheet, row: number, col: number): Value {
  const v = sheet.get(row, col)?.value;
  if (v === undefined || v === '') return sheet.get(row, col)?.formula ? '' : null;
  return typeof v === 'string' && ERROR_TEXT.test(v) ? err(v) : v;
}

/** What a cell shows for a value: errors as their text, as the simulator stores them. */
const shown = (v: Value): CellValue => (isError(v) ? v.error : v === null ? 0 : v);

/**
 * Evaluates `formula` ("=…") as if entered in `at`. References to other sheets and names resolve through
 * the workbook; a formula the evaluator cannot read is #NAME?.
 */
export function evaluate(
  book: SimWorkbook,
  formula: string,
  at: { sheet: SimSheet; row: number; col: number },
): CellValue {
  const resolve = (sheetName: string | null, address: string): Value => {
    const sheet = sheetName === null ? at.sheet : book.sheet(sheetName);
    if (!sheet) return err('#REF!');
    const { rect } = parseAddress(address);
    return cellValue(sheet, rect.r0, rect.c0);
  };
  const name = (n: string): Value => {
    const named = book.names.get(n.toLowerCase());
    if (!named) return err('#NAME?');
    const sheet = book.sheet(named.sheet);
    return named.rect === null || !sheet ? err('#REF!') : cellValue(sheet, named.rect.r0, named.rect.c0);
  };
  try {
    return shown(new Parser(tokenize(formula.replace(/^=/, '')), resolve, name).parse()());
  } catch {
    return '#NAME?';
  }
}

/**
 * Makes the workbook calculate: formulas written through the API are evaluated, and every formula is
 * evaluated again after each sync (until nothing changes), as Excel's automatic calculation does.
 */
export function calculateFormulas(book: SimWorkbook): void {
  book.evaluateFormula = (formula, at) => evaluate(book, formula, at);
  book.recalculate = () => {
    for (let pass = 0; pass < 10; pass++) {
      let changed = false;
      for (const sheet of book.sheets)
        for (const [r, row] of sheet.rows)
          for (const [c, cell] of row) {
            if (cell.formula === undefined || cell.spill) continue;
            const value = evaluate(book, cell.formula, { sheet, row: r, col: c });
            if (value !== cell.value) {
              cell.value = value;
              changed = true;
            }
          }
      if (!changed) return;
    }
  };
}
