import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { Cell, CellValue, CellValueJson } from '../sim-excel/model';
import { openPane, ROOT, signIn, type PaneUnderTest } from './pane-harness';
import type { RunningService } from './reference-service';
import { CHROME, sheetPictureHtml, showCell, type PictureColumn } from './sheet-picture';
import { geographyValue } from '../sim-excel/fixtures';

/**
 * End to end, the analyst's formula work: the built pane in headless Chromium on the simulated Excel host,
 * the reference service behind the pane's own origin. The "Find a formula" card finds a function by what
 * it holds, shows its formula for the active row through the header mapping, and inserts it down the
 * selected rows (asking before it replaces anything); the simulated host then calculates the inserted
 * formulas by calling the functions the page registered, a Geography cell handed over as data. A JOB card
 * is read with the dot syntax and survives Convert to values. A re-price lists the rows that moved.
 */

/** Committed picture; replaced only when asked, so CI runs leave the tree clean. */
const README_PICTURE =
  process.env.UPDATE_README_SCREENSHOT === '1'
    ? join(ROOT, 'docs', 'images', 'formula-builder.png')
    : join(ROOT, 'test-results', 'formula-builder.png');

const HEADERS: CellValue[] = ['Job Title', 'City', 'State', 'Company', 'FTE'];
/** Jobs as analysts keep them; row 3's city is a Geography value (Data > Geography), not text. */
const JOBS: CellValue[][] = [
  ['Software Developer', 'San Jose', 'CA', 'Acme Robotics', 250],
  ['Registered Nurse', 'Seattle', 'WA', 'Mercy Health', 1200],
  ['Accountant', 'Austin', 'TX', 'Ledger & Co', 40],
  ['Electrician', 'Columbus', 'OH', 'Volt Services', 12],
  ['Pharmacist', 'Chicago', 'IL', 'Rx Partners', 300],
  ['Data Scientist', 'Boston', 'MA', 'Insight Labs', 85],
  ['Marketing Manager', 'Denver', 'CO', 'Brandwell', 150],
  ['Civil Engineer', 'Phoenix', 'AZ', 'Gridline', 600],
  ['Payroll Clerk', 'Atlanta', 'GA', 'Ledger & Co', 40],
  ['Web Developer', 'Portland', 'OR', 'Acme Robotics', 250],
];
const LAST = JOBS.length; // 0-based sheet row of the last job
const K = 10;
const L = 11;

type Dump = { cells: Record<string, Cell> };

let pane: PaneUnderTest;
let service: RunningService;
let browser: BrowserContext;
let page: Page;

beforeAll(async () => {
  pane = await openPane({
    sheets: [
      { name: 'Jobs', rows: [[...HEADERS, '', '', '', '', '', 'Median base pay', 'Job card'], ...JOBS] },
    ],
    selection: { sheet: 'Jobs', rect: { r0: 1, c0: K, r1: LAST, c1: K } },
  });
  ({ service, browser, page } = pane);
  // The analyst's sheet: a Geography city, and the pay column formatted as money before any formula.
  await page.evaluate(
    ({ city, last, k }) => {
      const sheet = window.__simExcel?.workbook.sheet('Jobs');
      sheet?.setDataType(2, 1, city);
      for (let r = 1; r <= last; r++) sheet?.set(r, k, { value: '', numberFormat: '[$$-409]#,##0' });
    },
    { city: geographyValue('Seattle'), last: LAST, k: K },
  );
  expect(pane.errors).toEqual([]);
}, 120_000);

afterAll(async () => {
  await pane?.close();
});

const dump = async (): Promise<Dump> => (await page.evaluate(() => window.__simExcel?.dump('Jobs'))) as Dump;
const select = (r0: number, c0: number, r1: number, c1: number): Promise<void> =>
  page.evaluate(
    ({ r0, c0, r1, c1 }) => {
      const wb = window.__simExcel?.workbook;
      if (wb) {
        wb.selection = { sheet: 'Jobs', rect: { r0, c0, r1, c1 } };
        wb.activeCell = null;
      }
    },
    { r0, c0, r1, c1 },
  );

/** The service's own answer for one job (single-job endpoint). */
async function answer(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(`${service.url}/DaaS/jobpricing`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await service.token()}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { Code: number; Data?: Record<string, unknown>; Message?: string };
  if (json.Code !== 1 || !json.Data)
    throw new Error(`the service refused ${JSON.stringify(body)}: ${json.Message}`);
  return json.Data;
}

describe('formula builder, JOB cards and the change list, end to end', () => {
  it('signs in through the pane', async () => {
    await signIn(pane);
  });

  it('finds a function by what it holds and shows its formula for the active row through the header mapping', async () => {
    const builder = page.getByTestId('formula-builder');
    await builder.scrollIntoViewIfNeeded();
    // Every function of the catalog is listed before any search.
    const total = await page.getByTestId('builder-count').textContent();
    expect(total).toMatch(/of \d+ matches shown/);
    await page.getByTestId('builder-search').fill('median salary');
    const first = page.getByTestId('builder-result').first();
    await expect(first.locator('.name').textContent()).resolves.toMatch(/^(Salary50|SALARY50)$/);
    // By keyboard: down from the search box to the first result, Enter picks it.
    await page.getByTestId('builder-search').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page
      .getByTestId('builder-formula')
      .filter({ hasText: '=JOBPRICE.SALARY50(A2,,,C2,B2,,,E2)' })
      .waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('builder-args').textContent()).resolves.toContain(
      'title ← A2 (Job Title): Software Developer',
    );
    await expect(page.getByTestId('builder-target').textContent()).resolves.toBe(
      'Insert writes 10 formulas into K2:K11, one per selected row.',
    );
  }, 60_000);

  it('inserts one formula per row with relative references; the cells price their own rows (a Geography city too)', async () => {
    await page.getByTestId('builder-insert').click();
    await page
      .locator('[data-testid="builder-message"].success', { hasText: 'Inserted 10 formulas into K2:K11.' })
      .waitFor({ timeout: 15_000 });
    await page.evaluate(() => window.__simExcel?.calculate('Jobs'));
    const cells = (await dump()).cells;
    for (let r = 1; r <= LAST; r++)
      expect(cells[`${r},${K}`]?.formula).toBe(
        `=JOBPRICE.SALARY50(A${r + 1},,,C${r + 1},B${r + 1},,,E${r + 1})`,
      );
    const row = (r: number) => JOBS[r - 1] as CellValue[];
    for (const r of [1, 2, 5]) {
      const [title, city, state, , fte] = row(r);
      const data = await answer({ JobTitle: title, DataScope: { State: state, City: city, FTEValue: fte } });
      expect({ r, value: cells[`${r},${K}`]?.value }).toEqual({ r, value: data.Salary50 });
    }
    // The Geography "Seattle" in B3 reached the function as the city Seattle.
    const seattle = await answer({
      JobTitle: 'Registered Nurse',
      DataScope: { State: 'WA', City: 'Seattle', FTEValue: 1200 },
    });
    expect(seattle.DataScope_City).toBe('Seattle');
    expect(cells[`2,${K}`]?.value).toBe(seattle.Salary50);
  }, 90_000);

  it('draws the builder next to the sheet for the README', async () => {
    await page.getByTestId('formula-builder').scrollIntoViewIfNeeded();
    const box = await page.getByTestId('formula-builder').boundingBox();
    if (box === null) throw new Error('builder card not laid out');
    const paneHeight = Math.ceil(box.height) + 16;
    const panePng = await page.screenshot({
      clip: { x: 0, y: Math.max(0, box.y - 8), width: 320, height: paneHeight },
    });
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const { cells } = await dump();
    const columns: PictureColumn[] = [
      { index: 0, width: 160 },
      { index: 1, width: 84 },
      { index: 2, width: 48 },
      { index: 3, width: 110 },
      { index: 4, width: 52 },
      { index: K, width: 132 },
    ];
    // As many rows as the pane is tall, the empty ones below the jobs drawn as Excel draws them.
    const gridSpace =
      CHROME.paneTitle + paneHeight - CHROME.formulaBar - CHROME.columnHeads - CHROME.sheetTabs;
    const rowCount = Math.max(LAST + 1, Math.floor(gridSpace / 22));
    const shot = await browser.newPage();
    try {
      await shot.setViewportSize({ width: 1400, height: 1000 });
      const html = sheetPictureHtml({
        sheetName: 'Jobs',
        cells,
        columns,
        rows: Array.from({ length: rowCount }, (_, r) => r),
        hiddenRows: [],
        selection: { r0: 1, c0: K, r1: LAST, c1: K },
        formula: cells[`1,${K}`]?.formula ?? '',
        pane: { png: panePng, width: 320, height: paneHeight, background },
        rowHeight: 22,
      });
      await shot.setContent(html, { waitUntil: 'load' });
      // The picture shows what the cells show: money under the column's format, not raw numbers.
      for (let r = 1; r <= LAST; r++)
        expect(showCell(cells[`${r},${K}`]).text).toMatch(/^\$\d{1,3}(,\d{3})+$/);
      const png = await shot.locator('#window').screenshot();
      mkdirSync(join(README_PICTURE, '..'), { recursive: true });
      writeFileSync(README_PICTURE, png);
    } finally {
      await shot.close();
    }
  }, 60_000);

  it('asks before it replaces the formulas: keeping changes nothing, replacing writes the new ones', async () => {
    await page.getByTestId('builder-search').fill('region');
    await page.getByTestId('builder-result').first().click();
    await page
      .getByTestId('builder-formula')
      .filter({ hasText: '=JOBPRICE.FIELD("DataScope_Region",A2,,,C2,B2,,,E2)' })
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('builder-insert').click();
    await page.getByTestId('confirm-dialog').waitFor({ state: 'visible' });
    await expect(page.locator('#confirm-text').textContent()).resolves.toBe(
      '10 cells where the formulas go already hold something. Replace them?',
    );
    await page.getByTestId('decline-overwrite').click();
    await page.getByTestId('builder-message').filter({ hasText: 'Nothing was inserted' }).waitFor();
    expect((await dump()).cells[`1,${K}`]?.formula).toBe('=JOBPRICE.SALARY50(A2,,,C2,B2,,,E2)');

    await page.getByTestId('builder-insert').click();
    await page.getByTestId('confirm-overwrite').click();
    await page
      .locator('[data-testid="builder-message"].success', { hasText: 'replacing 10 cells' })
      .waitFor({ timeout: 15_000 });
    expect((await dump()).cells[`1,${K}`]?.formula).toBe(
      '=JOBPRICE.FIELD("DataScope_Region",A2,,,C2,B2,,,E2)',
    );
  }, 60_000);

  it('inserts JOB cards whose properties the dot syntax reads, and Convert to values keeps the cards', async () => {
    await select(1, L, 3, L);
    await page.getByTestId('builder-search').fill('card');
    await page.getByTestId('builder-result').first().click();
    await page.getByTestId('builder-formula').filter({ hasText: '=JOBPRICE.JOB(A2,,,C2,B2,,,E2)' }).waitFor();
    await page.getByTestId('builder-insert').click();
    await page
      .locator('[data-testid="builder-message"].success', { hasText: 'L2:L4' })
      .waitFor({ timeout: 15_000 });
    // Below the jobs, out of the way of the pricing run's output columns (right of the data).
    await page.evaluate((r) => {
      const sheet = window.__simExcel?.workbook.sheet('Jobs');
      sheet?.set(r, 0, { value: 0, formula: '=L2.Salary50' });
      sheet?.set(r, 1, { value: 0, formula: '=FIELDVALUE(L3,"DataScope_City")' });
    }, LAST + 2);
    await page.evaluate(() => window.__simExcel?.calculate('Jobs'));
    let cells = (await dump()).cells;
    const nurse = await answer({
      JobTitle: 'Registered Nurse',
      DataScope: { State: 'WA', City: 'Seattle', FTEValue: 1200 },
    });
    const developer = await answer({
      JobTitle: 'Software Developer',
      DataScope: { State: 'CA', City: 'San Jose', FTEValue: 250 },
    });
    expect(cells[`1,${L}`]?.json?.text).toBe(developer.MatchedJobTitle);
    expect(cells[`${LAST + 2},0`]?.value).toBe(developer.Salary50);
    expect(cells[`${LAST + 2},1`]?.value).toBe('Seattle');
    expect(cells[`2,${L}`]?.json?.text).toBe(nurse.MatchedJobTitle);

    await select(1, L, 3, L);
    await page.getByTestId('convert-to-values').click();
    await page
      .locator('#formulas-message.success', { hasText: 'Converted 3 formulas' })
      .waitFor({ timeout: 15_000 });
    cells = (await dump()).cells;
    expect(cells[`1,${L}`]?.formula).toBeUndefined();
    expect(cells[`1,${L}`]?.json?.type).toBe('Entity');
    expect((cells[`1,${L}`]?.json?.properties as Record<string, CellValueJson>).Salary50?.basicValue).toBe(
      developer.Salary50,
    );
  }, 90_000);

  it('a re-price lists the rows whose Salary50 moved more than 5 %, with why, and selects them', async () => {
    await select(0, 0, LAST, 4);
    await page.getByTestId('price-selection').click();
    await page.locator('[data-testid="summary"][data-status="done"]').waitFor({ timeout: 60_000 });
    // Every row priced, the Geography city of row 3 read by its text as the functions read it.
    await expect(page.getByTestId('summary-failed').textContent()).resolves.toBe('0');
    // The analyst moves the nurse job from Seattle, WA, to Jackson, MS, and prices the rows again.
    await page.evaluate(() => {
      const sheet = window.__simExcel?.workbook.sheet('Jobs');
      sheet?.putRows(2, 1, [['Jackson', 'MS']]);
    });
    await page.getByTestId('reprice-selection').click();
    await page.locator('[data-testid="summary"][data-status="done"]').waitFor({ timeout: 60_000 });
    const changes = page.getByTestId('change');
    await expect(changes.count()).resolves.toBe(1);
    const text = (await changes.first().textContent()) ?? '';
    expect(text).toMatch(/^Row 3: Salary50 [\d,]+ → [\d,]+ \(-\d+\.\d %\): new scope \(Region: Seattle/);
    expect(text).toContain('; State: WA → MS; City: Seattle → Jackson)');
    await page.getByTestId('summary').screenshot({ path: join(ROOT, 'test-results', 'summary-changes.png') });
    await page.getByTestId('select-moved').click();
    await page.locator('[data-testid="summary"] p.hint', { hasText: 'Selected 1 row that moved.' }).waitFor();
    const areas = await page.evaluate(() => window.__simExcel?.workbook.selectedAreas);
    expect(areas).toEqual([{ r0: 2, c0: 0, r1: 2, c1: 4 }]);
  }, 150_000);
});
