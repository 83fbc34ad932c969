/**
 * "Convert to values": freezes the JOBPRICE.* formulas in the selection into the figures they show, so
 * a workbook can be shared or filed without the add-in recalculating. Other formulas are left alone, and
 * so are JOBPRICE cells still busy or showing an error (freezing "#BUSY!" helps nobody).
 *
 * Only the used part of the selection is read, in both directions: whole rows (row headers) and Ctrl+A
 * reach column XFD and row 1,048,576, and reading every cell of them would exceed Excel on the web's
 * 5 MB response limit. The used part is read in chunks of at most CHUNK_CELLS cells (halved when a chunk
 * still comes back too large), one sync to read and one to write per chunk; only changed cells are written.
 */

const JOBPRICE_FORMULA = /^=\s*(_xldudf_)?JOBPRICE\./i;
const ERROR_VALUE = /^#[A-Z0-9/!?_]+/;
/** Cells per read: formulas and values of 20,000 cells stay well under 5 MB unless cells hold long texts. */
export const CHUNK_CELLS = 20_000;

export interface ConvertReport {
  converted: number;
  /** JOBPRICE cells left as formulas because they show an error or are still calculating. */
  skipped: number;
}

function isPayloadTooLarge(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'RequestPayloadSizeLimitExceeded' || code === 'ResponsePayloadSizeLimitExceeded';
}

export async function convertJobPriceFormulasToValues(): Promise<ConvertReport> {
  return Excel.run(async (context) => {
    const selection = context.workbook.getSelectedRange();
    selection.load('rowIndex,columnIndex,rowCount,columnCount');
    const sheet = selection.worksheet;
    const used = sheet.getUsedRangeOrNullObject(true);
    used.load('rowIndex,columnIndex,rowCount,columnCount');
    await context.sync();
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
      r += n;
      let changed = 0;
      const patch = range.formulas.map((row, i) =>
        row.map((formula, j) => {
          if (typeof formula !== 'string' || !JOBPRICE_FORMULA.test(formula)) return null;
          const value = range.values[i]?.[j] as unknown;
          if (typeof value === 'string' && ERROR_VALUE.test(value)) {
            report.skipped++;
            return null;
          }
          changed++;
          return value as string | number | boolean;
        }),
      );
      if (changed === 0) continue;
      context.workbook.application.suspendApiCalculationUntilNextSync();
      // null leaves a cell untouched; only the JOBPRICE cells get their value.
      range.values = patch as unknown as (string | number | boolean)[][];
      await context.sync();
      report.converted += changed;
    }
    return report;
  });
}
