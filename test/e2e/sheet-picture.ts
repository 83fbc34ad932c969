import type { Rect } from '../sim-excel/a1';
import type { Cell } from '../sim-excel/model';

/**
 * Draws the README picture: an Excel-like grid of the priced sheet (read from the simulated workbook) with
 * the pane screenshot docked on the right. One self-contained HTML document, inline CSS, the pane as a
 * data: URL, so rendering it asks nothing of the network. Values are shown the way Excel would show them
 * under the number formats the add-in wrote, so the picture is a check of those formats too.
 */

/** "A", "B", … "Z", "AA", … for a 0-based column index. */
export function columnLetter(c: number): string {
  let n = c + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export interface ShownCell {
  text: string;
  /** Excel's General alignment: numbers right, text left, booleans centred. */
  align: 'left' | 'right' | 'center';
}

/**
 * What Excel shows for a cell under the number formats the add-in writes: currency ("[$$-409]#,##0"),
 * a number with a literal suffix ('0.0"%"'), text ("@") and General. Any other format is an error: a
 * picture that silently showed raw numbers would hide a format the add-in got wrong.
 */
export function showCell(cell: Cell | undefined): ShownCell {
  if (!cell || cell.value === '') return { text: '', align: 'left' };
  // A data type (an entity such as a JOBPRICE.JOB card) shows its text, as Excel draws it beside its icon.
  if (cell.json && typeof cell.json.text === 'string') return { text: cell.json.text, align: 'left' };
  const { value } = cell;
  const format = cell.numberFormat ?? 'General';
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE', align: 'center' };
  if (typeof value === 'string') return { text: value, align: 'left' };
  if (format === 'General' || format === '@') return { text: generalNumber(value), align: 'right' };
  return { text: numberWithFormat(value, format), align: 'right' };
}

function generalNumber(n: number): string {
  // General shows up to 11 significant digits without grouping.
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(11)));
}

function numberWithFormat(n: number, format: string): string {
  const m = /^(?:\[\$([^\]-]*)(?:-[0-9A-Fa-f]+)?\])?([#0,]*0)(?:\.(0+))?((?:"[^"]*")*)(%?)$/.exec(format);
  if (!m)
    throw new Error(
      `sheet picture: number format ${JSON.stringify(format)} is not one this picture knows how to show`,
    );
  const [, currency = '', integer = '', decimals = '', literal = '', percent] = m;
  const digits = decimals.length;
  const scaled = percent ? n * 100 : n;
  const body = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: integer.includes(','),
  }).format(Math.abs(scaled));
  const suffix = literal.replace(/"/g, '') + (percent ?? '');
  return `${scaled < 0 ? '-' : ''}${currency}${body}${suffix}`;
}

export interface PictureColumn {
  /** 0-based sheet column. */
  index: number;
  width: number;
}

export interface SheetPicture {
  sheetName: string;
  /** Every non-empty cell as "r,c" → cell (the simulated host's dump). */
  cells: Record<string, Cell>;
  columns: PictureColumn[];
  /** 0-based sheet rows to draw, in order; row 0 is the header row. */
  rows: number[];
  /** 0-based rows hidden as by a filter: drawn as Excel does, a double line on the row number. */
  hiddenRows: readonly number[];
  selection: Rect;
  /** What the formula bar shows (the active cell's formula); its value when absent. */
  formula?: string;
  /** The pane screenshot (PNG) and its size in CSS pixels. */
  pane: { png: Buffer; width: number; height: number; background: string };
  rowHeight: number;
}

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Height of the Excel chrome around the grid, so the caller can fit rows to the pane's height. */
export const CHROME = { formulaBar: 34, columnHeads: 22, sheetTabs: 30, paneTitle: 36 } as const;

export function sheetPictureHtml(p: SheetPicture): string {
  const { selection: sel } = p;
  const inSelCol = (c: number): boolean => c >= sel.c0 && c <= sel.c1;
  const inSelRow = (r: number): boolean => r >= sel.r0 && r <= sel.r1;
  const selectedCols = p.columns.filter((c) => inSelCol(c.index));
  const lastSelCol = selectedCols[selectedCols.length - 1]?.index;
  const firstSelCol = selectedCols[0]?.index;
  const gridWidth = 44 + p.columns.reduce((s, c) => s + c.width, 0);

  const colgroup = `<col style="width:44px">${p.columns.map((c) => `<col style="width:${c.width}px">`).join('')}`;
  const heads = p.columns
    .map((c, i) => {
      const prev = i > 0 ? p.columns[i - 1] : undefined;
      const gap = prev !== undefined && prev.index !== c.index - 1;
      const cls = [inSelCol(c.index) ? 'sel' : '', gap ? 'gap' : ''].filter(Boolean).join(' ');
      return `<th class="${cls}">${columnLetter(c.index)}</th>`;
    })
    .join('');

  const body = p.rows
    .map((r, i) => {
      const prev = i > 0 ? p.rows[i - 1] : undefined;
      const gap = prev !== undefined && prev !== r - 1 && p.hiddenRows.some((h) => h > prev && h < r);
      const rowCls = [r === 0 ? 'head' : '', r === 0 ? 'frozen' : ''].filter(Boolean).join(' ');
      const numCls = [inSelRow(r) ? 'sel' : '', gap ? 'gap' : ''].filter(Boolean).join(' ');
      const tds = p.columns
        .map((c) => {
          const shown = showCell(p.cells[`${r},${c.index}`]);
          const selected = inSelRow(r) && inSelCol(c.index);
          const edges: string[] = [];
          if (selected && r === sel.r0) edges.push('inset 0 2px 0 #107c41');
          if (selected && c.index === firstSelCol) edges.push('inset 2px 0 0 #107c41');
          if (selected && c.index === lastSelCol) edges.push('inset -2px 0 0 #107c41');
          if (selected && r === sel.r1) edges.push('inset 0 -2px 0 #107c41');
          const active = r === sel.r0 && c.index === sel.c0;
          const cls = [shown.align, selected && !active ? 'in-sel' : ''].filter(Boolean).join(' ');
          const style = edges.length ? ` style="box-shadow:${edges.join(',')}"` : '';
          return `<td class="${cls}"${style}>${esc(shown.text)}</td>`;
        })
        .join('');
      return `<tr class="${rowCls}"><th class="${numCls}">${r + 1}</th>${tds}</tr>`;
    })
    .join('\n');

  const active = p.formula ?? showCell(p.cells[`${sel.r0},${sel.c0}`]).text;
  const paneSrc = `data:image/png;base64,${p.pane.png.toString('base64')}`;
  const height = CHROME.paneTitle + p.pane.height;
  const rh = p.rowHeight;

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>JobPrice in Excel</title>
<style>
  * { box-sizing: border-box; }
  html, body { margin: 0; background: #fff; }
  .window { display: flex; align-items: stretch; width: ${gridWidth + p.pane.width + 1}px; min-height: ${height}px; overflow: hidden;
    font-family: Calibri, Carlito, "Segoe UI", "Liberation Sans", "DejaVu Sans", sans-serif; color: #222; background: #fff; }
  .sheet { display: flex; flex-direction: column; width: ${gridWidth}px; background: #fff; }
  .formula-bar { height: ${CHROME.formulaBar}px; display: flex; align-items: center; gap: 8px; padding: 0 8px;
    border-bottom: 1px solid #d4d4d4; background: #fff; font-size: 13px; }
  .name-box { width: 84px; height: 24px; line-height: 22px; border: 1px solid #c8c8c8; border-radius: 3px; padding: 0 6px; }
  .fx { color: #666; font-style: italic; font-family: Georgia, "DejaVu Serif", serif; padding: 0 8px; border-left: 1px solid #e1e1e1; border-right: 1px solid #e1e1e1; }
  .formula { flex: 1; height: 24px; line-height: 22px; padding: 0 6px; border: 1px solid #c8c8c8; border-radius: 3px; }
  .grid { flex: 1; }
  table { border-collapse: collapse; table-layout: fixed; width: ${gridWidth}px; font-size: 13px; }
  th, td { height: ${rh}px; padding: 0 5px; white-space: nowrap; overflow: hidden; text-overflow: clip; }
  td { border: 1px solid #e1e1e1; }
  td.right { text-align: right; } td.center { text-align: center; }
  td.in-sel { background: #ededed; }
  thead th { height: ${CHROME.columnHeads}px; font-weight: 400; color: #444; background: #f3f3f3; text-align: center;
    border: 1px solid #d4d4d4; border-bottom-color: #bdbdbd; }
  thead th.corner { background: #f3f3f3 linear-gradient(135deg, transparent 62%, #bdbdbd 62%, #bdbdbd 78%, transparent 78%); }
  tbody th { font-weight: 400; color: #444; background: #f3f3f3; text-align: center; border: 1px solid #d4d4d4; border-right-color: #bdbdbd; }
  thead th.sel { background: #d3f0e0; color: #0e5c2f; border-bottom: 2px solid #107c41; }
  tbody th.sel { background: #d3f0e0; color: #0e5c2f; border-right: 2px solid #107c41; }
  thead th.gap { box-shadow: inset 3px 0 0 -1px #9a9a9a; }
  tbody th.gap { box-shadow: inset 0 3px 0 -1px #9a9a9a; }
  tr.head td { font-weight: 700; }
  tr.frozen td, tr.frozen th { border-bottom: 1.5px solid #9e9e9e; }
  .tabs { height: ${CHROME.sheetTabs}px; display: flex; align-items: stretch; gap: 2px; padding-left: 44px;
    border-top: 1px solid #d4d4d4; background: #f3f3f3; font-size: 13px; }
  .tab { display: flex; align-items: center; padding: 0 18px; }
  .tab.active { background: #fff; color: #107c41; font-weight: 700; border-bottom: 3px solid #107c41; }
  .tab.add { color: #666; font-size: 18px; padding: 0 10px; }
  .pane { width: ${p.pane.width + 1}px; border-left: 1px solid #c8c8c8; background: ${p.pane.background}; display: flex; flex-direction: column; }
  .pane-title { height: ${CHROME.paneTitle}px; display: flex; align-items: center; justify-content: space-between; padding: 0 10px 0 14px;
    background: #fff; border-bottom: 1px solid #e1e1e1; font-size: 14px; font-weight: 600; color: #333; }
  .pane-title .tools { color: #666; font-weight: 400; letter-spacing: 10px; font-size: 13px; }
  .pane img { display: block; width: ${p.pane.width}px; height: ${p.pane.height}px; }
</style></head>
<body>
<div class="window" id="window">
  <div class="sheet">
    <div class="formula-bar">
      <div class="name-box">${columnLetter(sel.c0)}${sel.r0 + 1}</div>
      <div class="fx">fx</div>
      <div class="formula">${esc(active)}</div>
    </div>
    <div class="grid">
      <table>
        <colgroup>${colgroup}</colgroup>
        <thead><tr><th class="corner"></th>${heads}</tr></thead>
        <tbody>
${body}
        </tbody>
      </table>
    </div>
    <div class="tabs"><div class="tab active">${esc(p.sheetName)}</div><div class="tab add">+</div></div>
  </div>
  <div class="pane">
    <div class="pane-title"><span>JobPrice</span><span class="tools">&#8964;&#10005;</span></div>
    <img alt="JobPrice task pane" src="${paneSrc}">
  </div>
</div>
</body></html>`;
}
