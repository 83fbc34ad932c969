import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type ExcelJS from 'exceljs';

/**
 * Readers for the raw public files in ../shared/data/raw (see its SOURCES.md). They return plain rows
 * and leave every meaning (markers, header rows, codes) to the part that reads the file.
 */

/** A cell as the builders see it: text, a number, or null for a blank. */
export type Cell = string | number | null;
export type Row = Cell[];

/**
 * Resolves a raw file by its name as published; SOURCES.md gzips large text files and adds `.gz`,
 * so either form is accepted. Returns null when neither exists.
 */
export function findRaw(rawDir: string, relPath: string): string | null {
  for (const p of [join(rawDir, relPath), join(rawDir, `${relPath}.gz`)]) if (existsSync(p)) return p;
  return null;
}

export function requireRaw(rawDir: string, relPath: string): string {
  const p = findRaw(rawDir, relPath);
  if (p === null)
    throw new Error(`Raw data file missing: ${join(rawDir, relPath)} (see ../shared/data/raw/SOURCES.md)`);
  return p;
}

/** Whole file as UTF-8 text, gunzipped when it ends in .gz, without a BOM and with LF line ends. */
export function readText(path: string): string {
  const bytes = readFileSync(path);
  const raw = path.endsWith('.gz') ? gunzipSync(bytes) : bytes;
  return raw
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
}

/** O*NET text release: tab-separated, header row first, no quoting. */
export function readTsv(path: string): { header: string[]; rows: string[][] } {
  const lines = readText(path)
    .split('\n')
    .filter((l) => l.length > 0);
  const [head, ...rest] = lines;
  if (head === undefined) return { header: [], rows: [] };
  return { header: head.split('\t'), rows: rest.map((l) => l.split('\t')) };
}

/** RFC 4180 CSV (O*NET 30.3, BEA). `trimLeadingSpace` handles BEA's ` "10180"` cells. */
export function readCsv(path: string, opts: { trimLeadingSpace?: boolean } = {}): string[][] {
  return parseCsv(readText(path), opts);
}

export function parseCsv(text: string, opts: { trimLeadingSpace?: boolean } = {}): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let atFieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
      continue;
    }
    if (atFieldStart && opts.trimLeadingSpace && c === ' ') continue;
    atFieldStart = false;
    if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
      atFieldStart = true;
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      atFieldStart = true;
    } else field += c;
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * One worksheet of an .xlsx file as rows of cells (exceljs; the format is not hand-parsed).
 * Rich text, shared strings, formulas (their cached result) and dates come back as text or numbers.
 * Rows are dense: index 0 is column A; blank rows are kept as empty arrays so row numbers stay true.
 */
export async function readXlsx(path: string, sheetName?: string): Promise<Row[]> {
  // Loaded on first use: the service imports this module for the index's staleness check and reads no
  // workbook, and exceljs alone would add ~25 MB and a quarter of a second to every process's start.
  const { default: exceljs } = await import('exceljs');
  const workbook = new exceljs.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = sheetName === undefined ? workbook.worksheets[0] : workbook.getWorksheet(sheetName);
  if (sheet === undefined) throw new Error(`${path}: no worksheet ${sheetName ?? '(first)'}`);
  const rows: Row[] = [];
  sheet.eachRow({ includeEmpty: true }, (r, rowNumber) => {
    const cells: Row = [];
    r.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellValue(cell.value);
    });
    for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
    rows[rowNumber - 1] = cells;
  });
  for (let i = 0; i < rows.length; i++) if (rows[i] === undefined) rows[i] = [];
  return rows;
}

function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('result' in v) return cellValue(v.result ?? null);
    if ('text' in v) return String(v.text);
    if ('error' in v) return null;
  }
  return String(v);
}

/** A cell as trimmed text ("" for blank); numbers keep their digits (for codes stored as numbers). */
export function cellText(c: Cell | undefined): string {
  if (c === null || c === undefined) return '';
  return typeof c === 'number' ? String(c) : c.trim();
}

/** Fingerprint of a raw file for the index manifest: size plus sha256, so a changed file makes the index stale. */
export function fingerprint(path: string): { size: number; sha256: string } {
  return { size: statSync(path).size, sha256: createHash('sha256').update(readFileSync(path)).digest('hex') };
}
