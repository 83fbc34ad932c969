/**
 * Reads the JOBPRICE.* calls out of a formula's text, so "Refresh selection" can tell which cached jobs
 * the selected cells use without asking Excel to evaluate anything.
 *
 * An argument is understood when it is a literal ("text", 12, TRUE), empty, or a reference to one cell
 * (B2, $B$2, Sheet2!B2, 'My sheet'!B2). Anything else (an expression, a name, a range, a nested call) is
 * reported as `unresolved`: refresh still recalculates that cell, but cannot name its job.
 */

export type ArgExpr =
  | { kind: 'empty' }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'ref'; sheet: string | null; address: string }
  | { kind: 'unresolved'; text: string };

export interface JobPriceCall {
  /** Upper-case function name without the namespace, e.g. "SALARY50". */
  name: string;
  args: ArgExpr[];
}

const CALL_START = /JOBPRICE\.([A-Z0-9_]+)\s*\(/giy;
const CELL_REF = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;

/** Every JOBPRICE.<NAME>( … ) call in the formula, outermost first, skipping text inside string literals. */
export function findJobPriceCalls(formula: string): JobPriceCall[] {
  const calls: JobPriceCall[] = [];
  let i = 0;
  while (i < formula.length) {
    const ch = formula[i];
    if (ch === '"') {
      i = skipString(formula, i);
      continue;
    }
    if (ch === "'") {
      i = skipQuotedSheet(formula, i);
      continue;
    }
    CALL_START.lastIndex = i;
    const m = CALL_START.exec(formula);
    // The namespace must start a token: not the tail of another name such as MYJOBPRICE.X.
    if (m !== null && (i === 0 || !/[A-Za-z0-9_.]/.test(formula[i - 1] ?? ''))) {
      const open = i + m[0].length - 1;
      const split = splitArgs(formula, open);
      if (split === null) break;
      calls.push({ name: (m[1] as string).toUpperCase(), args: split.args.map(classify) });
      // Look inside the arguments too (a JOBPRICE call nested in another one's argument).
      i = open + 1;
      continue;
    }
    i++;
  }
  return calls;
}

function skipString(s: string, start: number): number {
  let i = start + 1;
  while (i < s.length) {
    if (s[i] === '"') {
      if (s[i + 1] === '"') i += 2;
      else return i + 1;
    } else i++;
  }
  return i;
}

function skipQuotedSheet(s: string, start: number): number {
  let i = start + 1;
  while (i < s.length) {
    if (s[i] === "'") {
      if (s[i + 1] === "'") i += 2;
      else return i + 1;
    } else i++;
  }
  return i;
}

/** The top-level arguments of the call whose "(" is at `open`; null when the parentheses do not close. */
function splitArgs(s: string, open: number): { args: string[]; close: number } | null {
  const args: string[] = [];
  let depth = 0;
  let braces = 0;
  let from = open + 1;
  let i = open + 1;
  while (i < s.length) {
    const ch = s[i];
    if (ch === '"') {
      i = skipString(s, i);
      continue;
    }
    if (ch === "'") {
      i = skipQuotedSheet(s, i);
      continue;
    }
    if (ch === '(') depth++;
    else if (ch === '{') braces++;
    else if (ch === '}') braces--;
    else if (ch === ')') {
      if (depth === 0) {
        args.push(s.slice(from, i));
        // f() has no arguments rather than one empty one.
        return { args: args.length === 1 && (args[0] as string).trim() === '' ? [] : args, close: i };
      }
      depth--;
    } else if (ch === ',' && depth === 0 && braces === 0) {
      args.push(s.slice(from, i));
      from = i + 1;
    }
    i++;
  }
  return null;
}

function classify(raw: string): ArgExpr {
  const t = raw.trim();
  if (t === '') return { kind: 'empty' };
  if (/^"(?:[^"]|"")*"$/.test(t)) return { kind: 'literal', value: t.slice(1, -1).replace(/""/g, '"') };
  if (/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(t)) return { kind: 'literal', value: Number(t) };
  if (/^(TRUE|FALSE)$/i.test(t)) return { kind: 'literal', value: t.toUpperCase() === 'TRUE' };
  const ref = parseRef(t);
  return ref ?? { kind: 'unresolved', text: t };
}

function parseRef(t: string): ArgExpr | null {
  let sheet: string | null = null;
  let cell = t;
  const bang = t.lastIndexOf('!');
  if (bang >= 0) {
    const sheetPart = t.slice(0, bang);
    cell = t.slice(bang + 1);
    if (/^'(?:[^']|'')+'$/.test(sheetPart)) sheet = sheetPart.slice(1, -1).replace(/''/g, "'");
    else if (/^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheetPart)) sheet = sheetPart;
    else return null;
  }
  const m = CELL_REF.exec(cell);
  if (m === null) return null;
  return { kind: 'ref', sheet, address: `${(m[1] as string).toUpperCase()}${m[2] as string}` };
}
