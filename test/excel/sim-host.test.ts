import { installSimHost, type SimHost } from '../sim-excel/host';
import { FIVE_MB } from '../sim-excel/model';
import { TYPED_DATE_FORMAT } from '../sim-excel/office-api';

let host: SimHost;
afterEach(() => host?.uninstall());

describe('simulated Excel host keeps Office.js semantics', () => {
  beforeEach(() => {
    host = installSimHost({
      sheets: [
        {
          name: 'Sheet1',
          rows: [
            ['a', 1],
            ['b', 2],
          ],
        },
      ],
      selection: { sheet: 'Sheet1', rect: { r0: 0, c0: 0, r1: 1, c1: 1 } },
    });
  });

  it('throws PropertyNotLoaded before load + sync, and answers after', async () => {
    await Excel.run(async (context) => {
      const range = context.workbook.getSelectedRange();
      expect(() => range.values).toThrow(expect.objectContaining({ code: 'PropertyNotLoaded' }));
      range.load('values,address');
      expect(() => range.values).toThrow(expect.objectContaining({ code: 'PropertyNotLoaded' }));
      await context.sync();
      expect(range.values).toEqual([
        ['a', 1],
        ['b', 2],
      ]);
      expect(range.address).toBe('Sheet1!A1:B2');
    });
  });

  it('rejects a 2-D array whose shape does not match the range (InvalidArgument)', async () => {
    await expect(
      Excel.run(async (context) => {
        context.workbook.worksheets.getItem('Sheet1').getRange('A1:B2').values = [['x']];
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'InvalidArgument' });
  });

  it('refuses a sync whose request is over 5 MB, applying none of it, and logs bytes per sync', async () => {
    const big = 'x'.repeat(30_000);
    await expect(
      Excel.run(async (context) => {
        const ws = context.workbook.worksheets.getItem('Sheet1');
        ws.getRangeByIndexes(10, 0, 200, 1).values = Array.from({ length: 200 }, () => [big]);
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'RequestPayloadSizeLimitExceeded' });
    expect(host.workbook.sheet('Sheet1')?.value(10, 0)).toBe('');
    expect(host.workbook.syncs.at(-1)?.requestBytes).toBeGreaterThan(FIVE_MB);
  });

  it('null entries leave cells alone; a formula string becomes a formula unless the cell is text-formatted', async () => {
    host.workbook.evaluateFormula = () => 99;
    await Excel.run(async (context) => {
      const ws = context.workbook.worksheets.getItem('Sheet1');
      const r = ws.getRange('A1:B1');
      r.numberFormat = [[null, '@']];
      r.values = [[null, '=SUM(1)']];
      ws.getRange('C1').values = [['=SUM(2)']];
      await context.sync();
    });
    const s = host.workbook.sheet('Sheet1');
    expect(s?.get(0, 0)?.value).toBe('a');
    expect(s?.get(0, 1)).toEqual({ value: '=SUM(1)', numberFormat: '@' });
    expect(s?.get(0, 2)).toEqual({ value: 99, formula: '=SUM(2)' });
  });

  it('an ISO date written into a General cell becomes a date serial; a Text cell keeps it; Text applied after does not undo it', async () => {
    await Excel.run(async (context) => {
      const ws = context.workbook.worksheets.getItem('Sheet1');
      ws.getRange('D1').values = [['2025-05-01']]; // General: read as typed
      const text = ws.getRange('E1');
      text.numberFormat = [['@']];
      text.values = [['2025-05-01']]; // Text first: kept as written
      const late = ws.getRange('F1');
      late.values = [['2025-05-01']];
      late.numberFormat = [['@']]; // Text second: the number stays a number
      await context.sync();
    });
    const s = host.workbook.sheet('Sheet1');
    expect(s?.get(0, 3)).toEqual({ value: 45778, numberFormat: TYPED_DATE_FORMAT });
    expect(s?.get(0, 4)).toEqual({ value: '2025-05-01', numberFormat: '@' });
    expect(s?.get(0, 5)).toEqual({ value: 45778, numberFormat: '@' });
  });

  it('reports rowHidden as true / false / null and the visible areas of a filtered range', async () => {
    host.workbook.sheet('Sheet1')?.hiddenRows.add(1);
    await Excel.run(async (context) => {
      const ws = context.workbook.worksheets.getItem('Sheet1');
      const all = ws.getRange('A1:B3');
      const one = ws.getRange('A2:B2');
      all.load('rowHidden');
      one.load('rowHidden');
      const vis = all.getSpecialCellsOrNullObject(Excel.SpecialCellType.visible);
      vis.load('address');
      await context.sync();
      expect(all.rowHidden).toBeNull();
      expect(one.rowHidden).toBe(true);
      expect(vis.address).toBe('Sheet1!A1:B1,Sheet1!A3:B3');
    });
  });

  it('navigates like Office.js: getResizedRange, getOffsetRange, getCell, getUsedRange, tables and their parts', async () => {
    host.workbook.tables.push({ name: 'T1', sheet: 'Sheet1', rect: { r0: 0, c0: 0, r1: 1, c1: 1 } });
    await Excel.run(async (context) => {
      const ws = context.workbook.worksheets.getItem('Sheet1');
      const a1 = ws.getRange('A1');
      const resized = a1.getResizedRange(1, 1);
      const offset = a1.getOffsetRange(1, 1);
      const cell = resized.getCell(1, 0);
      const used = ws.getUsedRange();
      const table = context.workbook.tables.getItem('T1');
      const header = table.getHeaderRowRange();
      const body = table.getDataBodyRange();
      for (const r of [resized, offset, cell, used, header, body]) r.load('address,values');
      context.workbook.application.calculate(Excel.CalculationType.full);
      await context.sync();
      expect([resized, offset, cell, used, header, body].map((r) => r.address)).toEqual([
        'Sheet1!A1:B2',
        'Sheet1!B2',
        'Sheet1!A2',
        'Sheet1!A1:B2',
        'Sheet1!A1:B1',
        'Sheet1!A2:B2',
      ]);
      expect(body.values).toEqual([['b', 2]]);
    });
    expect(host.workbook.recalculations).toEqual(['Full']);
    await expect(
      Excel.run(async (context) => {
        context.workbook.worksheets.getItem('Sheet1').getRange('A1').getOffsetRange(-1, 0).load('address');
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'InvalidArgument' });
  });

  it('document settings persist on saveAsync; OfficeRuntime.storage stores strings', async () => {
    Office.context.document.settings.set('k', { a: 1 });
    expect(host.workbook.savedDocumentSettings).toEqual({});
    await new Promise<void>((resolve) => Office.context.document.settings.saveAsync(() => resolve()));
    expect(host.workbook.savedDocumentSettings).toEqual({ k: { a: 1 } });
    await OfficeRuntime.storage.setItem('x', 'y');
    expect(await OfficeRuntime.storage.getItem('x')).toBe('y');
  });
});
