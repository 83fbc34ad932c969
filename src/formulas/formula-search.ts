import type { ResultField } from '../api/wire';
import { FIELDS } from './field-catalog';
import { FUNCTIONS, type FunctionEntry } from './function-catalog';

/**
 * The formula builder's field search: every JOBPRICE function of the catalog and every output field, found
 * by name and description the way a terminal's field search finds them ("median salary", "region",
 * "bonus"). An output field is reached through the function that returns it (Salary50 → SALARY50), or
 * through FIELD("name", …) when it has none. Reads the catalog, so a function added there is listed here.
 * Pure.
 */

export interface FormulaChoice {
  /** Stable key for the pane: "fn:SALARY50", "field:DataScope_Region". */
  readonly key: string;
  readonly kind: 'function' | 'field';
  /** What the list shows: the function id or the field name. */
  readonly name: string;
  readonly help: string;
  /** The function the formula calls. */
  readonly entry: FunctionEntry;
  /** For FIELD: the field it reads. */
  readonly field?: ResultField;
}

function returnsField(entry: FunctionEntry, field: ResultField): boolean {
  const r = entry.returns;
  return (r.kind === 'number' || r.kind === 'text') && r.field === field;
}

/** Every function, then every field, in catalog order. */
export function formulaChoices(functions: readonly FunctionEntry[] = FUNCTIONS): FormulaChoice[] {
  const fieldFunction = functions.find((f) => f.returns.kind === 'field');
  const out: FormulaChoice[] = functions.map((entry) => ({
    key: `fn:${entry.id}`,
    kind: 'function',
    name: entry.id,
    help: entry.description,
    entry,
  }));
  for (const { name, help } of FIELDS) {
    const own = functions.find((f) => returnsField(f, name));
    const entry = own ?? fieldFunction;
    if (entry === undefined) continue;
    out.push({
      key: `field:${name}`,
      kind: 'field',
      name,
      help,
      entry,
      ...(own === undefined ? { field: name } : {}),
    });
  }
  return out;
}

/** Lower-case words of a text, split at anything that is not a letter or digit ("DataScope_Region" → data, scope, region). */
function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

const squash = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * How well a choice answers the query: the name typed exactly first, then names starting with it, then
 * names containing it, then choices whose name and description hold every word of the query (a word may be
 * the start of one: "sal" finds salary), more for words in the name. 0: not a match.
 */
export function searchScore(choice: FormulaChoice, query: string): number {
  const q = squash(query);
  if (q === '') return 1;
  const name = squash(choice.name);
  if (name === q) return 1000;
  if (name.startsWith(q)) return 800 - name.length;
  if (name.includes(q)) return 600 - name.length;
  const wanted = words(query);
  const nameWords = words(choice.name);
  const helpWords = words(choice.help);
  let score = 0;
  for (const w of wanted) {
    const inName = nameWords.some((n) => n.startsWith(w));
    const inHelp = helpWords.some((h) => h.startsWith(w));
    if (!inName && !inHelp) return 0;
    score += inName ? 30 : 10;
  }
  // Fields before functions on a description match: "region" means the field, not every function's help.
  return score + (choice.kind === 'field' ? 5 : 0);
}

/** The choices matching the query, best first; ties keep catalog order. An empty query lists them all. */
export function searchFormulas(
  query: string,
  choices: readonly FormulaChoice[] = formulaChoices(),
): FormulaChoice[] {
  return choices
    .map((choice, i) => ({ choice, i, score: searchScore(choice, query) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((c) => c.choice);
}
