import { convertToValues } from '../../src/commands/commands';
import { CHUNK_CELLS, convertJobPriceFormulasToValues } from '../../src/excel/convert-to-values';
import { OUTPUT_HEADERS, STATUS_HEADER } from '../../src/excel/output-columns';
import { onNotice, postNotice, type Notice } from '../../src/session/notices';
import { priceSelection } from '../../src/usecases/pricing-run';
import { detectMapping, positionalMapping } from '../../src/domain/column-mapping';
import { MAX_COLS, MAX_ROWS } from '../sim-excel/a1';
import type { SimHost } from '../sim-excel/host';
import { FIVE_MB, type CellValue } from '../sim-excel/model';
import { fakeService, HEADERS, install, jobRow, rect } from './helpers';

/**
 * Clicking row headers selects all 16,384 columns, Ctrl+A the whole sheet. Pricing and
 * Convert to values work on the used part only; the ribbon command reports a failure in the pane.
 */

let host: SimHost;
afterEach(() => host?.uninstall());

const byHeaders = (block: { headerCells: CellValue[] | null; width: number }) =>
  block.headerCells ? detectMapping(block.headerCells.slice(0, block.width)) : positionalMapping(block.width);
const rows = (n: number): CellValue[][] => [HEADERS, ...Array.from({ length: n }, (_, i) => jobRow(i))];
const STATUS = HEADERS.length + OUTPUT_HEADERS.indexOf(STATUS_HEADER);

describe('whole-row selections are trimmed to the used range', () => {
  it('prices rows selected by their row headers, writing right of the data (not beyond XFD), twice', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: rows(6) }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 6, MAX_COLS - 1) },
    });
    const opts = {
      send: fakeService().send,
      mappingFor: byHeaders,
      confirmOverwrite: async () => true,
    };
    const first = await priceSelection({ ...opts, mode: 'price' });
    expect(first).toMatchObject({ status: 'done', priced: 6, failed: 0 });
    const sheet = host.workbook.sheet('Sheet1');
    expect(sheet?.value(0, HEADERS.length)).toBe(OUTPUT_HEADERS[0]);
    expect(sheet?.value(3, STATUS)).toBe('OK');
    // Again with whole rows: the used range now holds our output columns, which are not read as input.
    const again = await priceSelection({ ...opts, mode: 'reprice' });
    expect(again).toMatchObject({ status: 'done', priced: 6 });
    expect(sheet?.usedRect(true)?.c1).toBe(STATUS + 3);
  });

  it('prices after Ctrl+A on a sheet whose jobs start at B3: header found, output right of the data', async () => {
    host = install({
      sheets: [{ name: 'Sheet1' }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, MAX_ROWS - 1, MAX_COLS - 1) },
    });
    host.workbook.sheet('Sheet1')?.putRows(2, 1, rows(4));
    const summary = await priceSelection({
      mode: 'price',
      send: fakeService().send,
      mappingFor: byHeaders,
      confirmOverwrite: async () => true,
    });
    expect(summary).toMatchObject({ status: 'done', rows: 4, priced: 4, skippedBlank: 0 });
    expect(host.workbook.sheet('Sheet1')?.value(2, 1 + HEADERS.length)).toBe(OUTPUT_HEADERS[0]);
    expect(host.workbook.sheet('Sheet1')?.value(6, 1 + STATUS)).toBe('OK');
  });

  it('converts after Ctrl+A (the whole sheet) reading only the used cells, each sync under 5 MB', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: rows(3) }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, MAX_ROWS - 1, MAX_COLS - 1) },
    });
    const sheet = host.workbook.sheet('Sheet1');
    sheet?.set(2, 12, { value: 98000, formula: '=JOBPRICE.SALARY50(A3)' });
    sheet?.set(3000, 40, { value: 'Confident', formula: '=JOBPRICE.MATCHRATING(A3)' });
    await expect(convertJobPriceFormulasToValues()).resolves.toEqual({ converted: 2, skipped: 0 });
    expect(sheet?.get(2, 12)).toEqual({ value: 98000 });
    expect(sheet?.get(3000, 40)).toEqual({ value: 'Confident' });
    expect(host.workbook.stats().maxResponseBytes).toBeLessThan(FIVE_MB);
    // One sync to locate, one per chunk of CHUNK_CELLS used cells, two (spills, write) per chunk that changed.
    const chunks = Math.ceil((3001 * 41) / CHUNK_CELLS);
    expect(host.workbook.syncs.length).toBeLessThanOrEqual(1 + chunks + 2 * 2);
  });
});

describe('the ribbon command reports its failures', () => {
  it('opens the pane with a message when Convert to Values fails, and still completes the event', async () => {
    host = install({
      sheets: [{ name: 'Sheet1', rows: rows(2) }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 2, 9) },
    });
    host.workbook.failingSyncs.add(1);
    const notices: Notice[] = [];
    const stop = onNotice((n) => notices.push(n));
    let completed = 0;
    try {
      await convertToValues({ completed: () => completed++ } as unknown as Office.AddinCommands.Event);
    } finally {
      stop();
    }
    expect(completed).toBe(1);
    expect(host.workbook.taskpaneShown).toBe(1);
    expect(notices).toEqual([
      { tone: 'error', text: 'Convert to Values failed: An internal error has occurred (simulated).' },
    ]);
  });

  it('keeps a notice posted before the pane listens, and delivers it once', () => {
    postNotice({ tone: 'info', text: 'early' });
    const seen: string[] = [];
    const stop = onNotice((n) => seen.push(n.text));
    stop();
    const again: string[] = [];
    onNotice((n) => again.push(n.text))();
    expect(seen).toEqual(['early']);
    expect(again).toEqual([]);
  });
});
