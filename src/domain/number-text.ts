/**
 * Numbers typed as text ("1,200", "1,5", "1.234.567"), read the way the workbook's culture writes them,
 * as Excel itself would: "1,5" is one and a half in a German workbook and no number in an American one.
 * Where the text is not a number in the workbook's culture but is one in the other common convention,
 * it is ambiguous: the caller flags the cell instead of guessing. When the culture is unknown (Excel
 * without ExcelApi 1.11), only a text both conventions read the same, or only one of them reads at all,
 * is taken.
 *
 * Pure; the culture comes from Excel (src/excel/selection-reader.ts).
 */

/** How a culture writes numbers: its decimal and digit-group separators. */
export interface NumberCulture {
  /** A BCP 47 name such as "de-DE", for formatting figures the same way. */
  readonly name: string;
  readonly decimal: string;
  readonly group: string;
}

export const EN_US: NumberCulture = { name: 'en-US', decimal: '.', group: ',' };
/** The two conventions a text can be read in: "1,234.5" and "1.234,5". */
const POINT: NumberCulture = EN_US;
const COMMA: NumberCulture = { name: 'de-DE', decimal: ',', group: '.' };

export type NumberReading =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'ambiguous'; readonly readings: readonly number[] }
  | { readonly kind: 'not-a-number' };

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Spaces of every kind (and the apostrophe, as in 1'000) group digits in many cultures. */
const SPACES = /[\s\u00a0\u202f']/g;

/** The value of `text` in one culture, or null when that culture does not write it so. */
function readIn(text: string, culture: Pick<NumberCulture, 'decimal' | 'group'>): number | null {
  const g = escape(culture.group);
  const d = escape(culture.decimal);
  // Digits grouped by threes, or not grouped at all; then an optional fraction; an optional exponent.
  const pattern = new RegExp(`^([+-]?)(\\d{1,3}(?:${g}\\d{3})+|\\d*)(?:${d}(\\d+))?(?:e([+-]?\\d+))?$`, 'i');
  const m = pattern.exec(text);
  if (!m || ((m[2] ?? '') === '' && m[3] === undefined)) return null;
  const digits = `${m[1]}${(m[2] ?? '').split(culture.group).join('') || '0'}${m[3] === undefined ? '' : `.${m[3]}`}`;
  const value = Number(m[4] === undefined ? digits : `${digits}e${m[4]}`);
  return Number.isFinite(value) ? value : null;
}

/** Reads a number typed as text in the workbook's culture (null: unknown culture). */
export function readNumberText(raw: string, culture: NumberCulture | null): NumberReading {
  const spaced = culture !== null && /\s/.test(culture.group);
  const text = raw.trim().replace(SPACES, spaced ? culture.group : '');
  if (text === '') return { kind: 'not-a-number' };
  const point = readIn(text, POINT);
  const comma = readIn(text, COMMA);
  if (culture !== null) {
    const own = readIn(text, culture);
    if (own !== null) return { kind: 'number', value: own };
    const other = [point, comma].filter((v): v is number => v !== null);
    return other.length > 0 ? { kind: 'ambiguous', readings: other } : { kind: 'not-a-number' };
  }
  if (point !== null && comma !== null && point !== comma)
    return { kind: 'ambiguous', readings: [point, comma] };
  const only = point ?? comma;
  return only === null ? { kind: 'not-a-number' } : { kind: 'number', value: only };
}

/** The sentence for a cell whose text reads as different numbers: what it could mean and how to say which. */
export function ambiguousNumberMessage(label: string, text: string, readings: readonly number[]): string {
  const shown = readings.map((n) => String(n)).join(' or ');
  return `${label} "${text.trim()}" is ambiguous here (${shown}?): type it as a number, without separators.`;
}
