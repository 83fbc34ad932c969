/**
 * The ribbon's Convert to Values command (ExecuteFunction): Excel's busy status (Windows, Mac) lasts
 * until event.completed(), so it is called before the pane is shown on failure, and at the latest
 * COMMAND_STATUS_LIMIT_MS after the click when the work itself takes longer.
 */
jest.mock('../../src/excel/convert-to-values', () => ({ convertJobPriceFormulasToValues: jest.fn() }));

import { COMMAND_STATUS_LIMIT_MS, convertToValues } from '../../src/commands/commands';
import { convertJobPriceFormulasToValues } from '../../src/excel/convert-to-values';
import { onNotice } from '../../src/session/notices';

const convert = convertJobPriceFormulasToValues as jest.MockedFunction<
  typeof convertJobPriceFormulasToValues
>;

function install(showAsTaskpane: () => Promise<void>, log: string[]) {
  (globalThis as Record<string, unknown>).Office = {
    addin: {
      showAsTaskpane: () => {
        log.push('pane shown');
        return showAsTaskpane();
      },
    },
  };
  return { completed: () => log.push('completed') } as unknown as Office.AddinCommands.Event;
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>).Office;
  jest.useRealTimers();
});

describe('ribbon command: Convert to Values', () => {
  it('completes once when the work succeeds, and opens no pane', async () => {
    const log: string[] = [];
    convert.mockResolvedValueOnce(undefined as never);
    await convertToValues(install(async () => undefined, log));
    expect(log).toEqual(['completed']);
  });

  it('on failure, completes the event before showing the pane, which says what failed', async () => {
    const log: string[] = [];
    const notices: string[] = [];
    const stop = onNotice((n) => notices.push(n.text));
    convert.mockRejectedValueOnce(new Error('The sheet is protected.'));
    // A pane that never finishes opening must not keep Excel's status text spinning.
    let opened!: () => void;
    const run = convertToValues(install(() => new Promise<void>((r) => (opened = r)), log));
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(['completed', 'pane shown']);
    expect(notices.join()).toContain('Convert to Values failed: The sheet is protected.');
    stop();
    opened();
    await run;
    expect(log).toEqual(['completed', 'pane shown']);
  });

  it('releases the status after COMMAND_STATUS_LIMIT_MS while the work goes on, and completes only once', async () => {
    jest.useFakeTimers();
    const log: string[] = [];
    let finish!: () => void;
    convert.mockReturnValueOnce(new Promise<never>((r) => (finish = r as () => void)));
    const run = convertToValues(install(async () => undefined, log));
    jest.advanceTimersByTime(COMMAND_STATUS_LIMIT_MS - 1);
    expect(log).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(log).toEqual(['completed']);
    finish();
    await run;
    expect(log).toEqual(['completed']);
  });
});
