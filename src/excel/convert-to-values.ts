import { DATA_TYPES_API, SPILL_API, supportsExcelApi } from './requirements';
import { queueSelectionSheet } from './selection-sheet';

/**
 * "Convert to values": freezes the JOBPRICE formulas in the selection into the figures they show, so a
 * workbook can be shared or filed without the add-in recalculating.
 * - Every formula that calls a JOBPRICE function anywhere (=IFERROR(JOBPRICE.SALARY50(A2),""), =2*JOBPRICE...)
 *   is converted; other formulas are left alone, and so are JOBPRICE cells still busy or showing an error
 *   (freezing "#BUSY!" helps nobody).
 * - A formula whose result spills (JOBPRICE.MATCH) is converted with its whole spill range, written in one
 *   range write; a figure missing inside it (an error cell) is left blank. Spills exist from ExcelApi 1.12
 *   (dynamic arrays); an older Excel has none, and the check is skipped there.
 * - Text stays text: it is written with Excel's apostrophe prefix, so "2025-05-01" or "02134" does not turn
 *   into a date or a number as it would if typed.
 * - A JOBPRICE.JOB cell keeps its card: `Range.values` reports an entity as "#VALUE!", so such a cell is
 *   read again through `valuesAsJson` (ExcelApi 1.16), and an entity found there is written back as the
 *   cell's value: the formula goes, the card and its properties (`=B2.Salary50`, FIELDVALUE) stay. Where
 *   valuesAsJson is missing the cell cannot be told from an error and is left as a formula (skipped).
 *
 * Only the used part of the selection is read, in both directions: whole rows (row headers) and Ctrl+A
 * reach column XFD and row 1,048,576, and reading every cell of them would exceed Excel on the web's
 * 5 MB response limit. The used part is read in chunks of at most CHUNK_CELLS cells (halved when a chunk
 * still comes back too large): one sync to read, one to find spills when there are JOBPRICE cells, one to
 * write when something changed. Only the converted cells are written.
 */

/** Cells per read: formulas and values of 20,000 cells stay well under 5 MB unless cells hold long texts. */
export const CHUNK_CELLS = 20_000;
const ERROR_VALUE = /^#[A-Z0-9/!?_]+/;
const STRING_LITERAL = /"(?:[^"]|"")*"/g;
/** A JOBPRICE call: the namespace not glued to a longer name ("MYJOBPRICE."), maybe with _xldudf_ (older files). */
const JOBPRICE_CALL = /(^|[^A-Za-z0-9_.])(_xldudf_)?JOBPRICE\.[A-Za-z0-9_.]+\s*\(/i;

export interface ConvertReport {
  converted: number;
  /** JOBPRICE cells left as formulas because they show an error or are still calculating. */
  skipped: number;
}

type Value = string | number | boolean;

/** true for a formula calling a JOBPRICE function anywhere (text inside quotes does not count). */
export function callsJobPrice(formula: unknown): boolean {
  return (
    typeof formula === 'string' &&
    formula.startsWith('=') &&
    JOBPRICE_CALL.test(formula.replace(STRING_LITERAL, '""'))
  );
}

const isError = (v: unknown): boolean => typeof v === 'string' && ERROR_VALUE.test(v);

/** The value to write so the cell shows what it showed: text behind an apostrophe, so Excel keeps it text. */
function frozen(v: unknown): Value {
  if (typeof v === 'string') return v === '' ? '' : `'${v}`;
  return v as Value;
}

function isPayloadTooLarge(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'RequestPayloadSizeLimitExceeded' || code === 'ResponsePayloadSizeLimitExceeded';
}

/** The read-only members of an entity that Excel fills itself; they are not written back. */
function writableEntity(json: Record<string, unknown>): Record<string, unknown> {
  const { basicValue: _basicValue, basicType: _basicType, ...rest } = json;
  return rest;
}

const isEntity = (json: unknown): json is Record<string, unknown> => {
  const type = (json as { type?: unknown } | null)?.type;
  return type === 'Entity' || type === 'LinkedEntity';
};

export async function convertJobPriceFormulasToValues(): Promise<ConvertReport> {
  const spills = supportsExcelApi(SPILL_API);
  const dataTypes = supportsExcelApi(DATA_TYPES_API);
  return Excel.run(async (context) => {
    const { selection, sheet, protection, used } = queueSelectionSheet(context);
    await context.sync();
    if (protection.protected)
      throw new Error(
        `The sheet "${sheet.name}" is protected, so its formulas cannot be replaced. Unprotect it (Review > Unprotect Sheet) and try again.`,
      );
    const report: ConvertReport = { converted: 0, skipped: 0 };
    if (used.isNullObject) return report;
    const r0 = Math.max(selection.rowIndex, used.rowIndex);
    const c0 = Math.max(selection.columnIndex, used.columnIndex);
    const r1 = Math.min(selection.rowIndex + selection.rowCount, used.rowIndex + used.rowCount) - 1;
    const c1 =
      Math.min(selection.columnIndex + selection.columnCount, used.columnIndex + used.columnCount) - 1;
    if (r1 < r0 || c1 < c0) return report;
    const width = c1 - c0 + 1;
    let chunkRows = Math.max(1, Math.floor(CHUNK_CELLS / width));
    /* eslint-disable office-addins/no-context-sync-in-loop -- one read (and at most a spill probe and a write)
       per chunk on purpose: a whole selection at once would exceed Excel on the web's 5 MB payload limit. */
    for (let r = r0; r <= r1;) {
      const n = Math.min(chunkRows, r1 - r + 1);
      const range = sheet.getRangeByIndexes(r, c0, n, width);
      range.load('formulas,values');
      try {
        await context.sync();
      } catch (err) {
        if (!isPayloadTooLarge(err) || chunkRows <= 1) throw err;
        chunkRows = Math.max(1, Math.floor(chunkRows / 2));
        continue;
      }
      const chunkTop = r;
      r += n;
      const values = range.values;

      // The JOBPRICE cells of this chunk that show a value, and those showing #VALUE!, which may hold a card.
      const cells: Array<{ i: number; j: number }> = [];
      const maybeCards: Array<{ i: number; j: number }> = [];
      range.formulas.forEach((row, i) =>
        row.forEach((formula, j) => {
          if (!callsJobPrice(formula)) return;
          const value = values[i]?.[j];
          if (dataTypes && value === '#VALUE!') maybeCards.push({ i, j });
          else if (isError(value)) report.skipped++;
          else cells.push({ i, j });
        }),
      );
      if (cells.length === 0 && maybeCards.length === 0) continue;

      // Which of them spill, and over what; which #VALUE! cells hold an entity.
      const probes = spills
        ? cells.map((cell) => {
            const spill = range.getCell(cell.i, cell.j).getSpillingToRangeOrNullObject();
            spill.load('values,rowCount,columnCount');
            return { cell, spill };
          })
        : [];
      const cardProbes = maybeCards.map((cell) => {
        const one = range.getCell(cell.i, cell.j);
        // eslint-disable-next-line office-addins/no-navigational-load -- valuesAsJson is a value property (ExcelApi 1.16), not a navigation property: the rule's list predates it
        one.load('valuesAsJson');
        return { cell, one };
      });
      if (probes.length > 0 || cardProbes.length > 0) await context.sync();
      const cards = cardProbes.filter(({ one }) => isEntity(one.valuesAsJson[0]?.[0]));
      report.skipped += cardProbes.length - cards.length;
      if (cells.length === 0 && cards.length === 0) continue;

      context.workbook.application.suspendApiCalculationUntilNextSync();
      const patch: (Value | null)[][] = values.map((row) => row.map(() => null));
      for (const { i, j } of cells) patch[i]![j] = frozen(values[i]?.[j]);
      for (const { cell, spill } of probes) {
        if (spill.isNullObject || spill.rowCount * spill.columnCount <= 1) continue;
        // The whole spill in one write (from its anchor, even past the selection); its own cell leaves the patch.
        patch[cell.i]![cell.j] = null;
        const whole = sheet.getRangeByIndexes(
          chunkTop + cell.i,
          c0 + cell.j,
          spill.rowCount,
          spill.columnCount,
        );
        whole.values = spill.values.map((row) => row.map((v) => (isError(v) ? '' : frozen(v))));
      }
      // null leaves a cell untouched; only the JOBPRICE cells without a spill get their value here.
      if (cells.length > 0) range.values = patch as Value[][];
      for (const { cell, one } of cards) {
        const json = one.valuesAsJson[0]?.[0] as unknown as Record<string, unknown>;
        range.getCell(cell.i, cell.j).valuesAsJson = [[writableEntity(json) as unknown as Excel.CellValue]];
      }
      await context.sync();
      report.converted += cells.length + cards.length;
    }
    /* eslint-enable office-addins/no-context-sync-in-loop */
    return report;
  });
}
