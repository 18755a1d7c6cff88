// History compare and exports as a trader uses them: two snapshots picked in either order always
// read older → newer (the older value struck through, the change newer − older in the field's
// unit, IV rank in whole points), rows carry human labels grouped by section, and the CSV
// exports have readable headers, one column per field and rounded numbers.
// Screenshots go to test/artifacts/screenshots/history-*.png.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expect, snap, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });
// Its own app: the data depends on nobody else's clicks.
test.use({ appLabel: 'history' });

const TICKER = 'SPY';

test.beforeAll(async ({ app }) => {
  await app.call('app:completeOnboarding', { watchlistName: 'Core', tickers: [TICKER, 'QQQ'] });
  await app.call('poll:refreshNow', {});
});

/** The history of SPY's signals, with at least two stored snapshots (the fast clock makes them). */
async function openSignalsHistory(page: Page, origin: string): Promise<number> {
  await page.goto(`${origin}/#/history/${TICKER}`);
  await page.getByRole('combobox', { name: 'View', exact: true }).selectOption('signals');
  await expect(page.getByTestId('timeline-entry-1')).toBeVisible({ timeout: 90_000 });
  return await page.locator('[data-testid^="timeline-entry-"]').count();
}

/**
 * The A or B button of the timeline entry stored at `time`: by its time, not its index, because
 * the timeline is live and a snapshot stored meanwhile shifts every index by one.
 */
function pick(page: Page, which: 'A' | 'B', time: string): Locator {
  return page
    .locator('[data-testid^="timeline-entry-"]')
    .filter({ hasText: time })
    .getByRole('button', { name: which, exact: true });
}

function row(page: Page, label: string): Locator {
  return page
    .getByTestId('compare-table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
}

const num = (text: string) => Number(text.replace(/[−]/g, '-').replace(/[^\d.-]/g, ''));

test('compare: older → newer whichever is picked first, changes in the field unit, human labels', async ({
  gw,
  app,
}) => {
  const count = await openSignalsHistory(gw, app.origin);
  const newest = 0;
  const oldest = count - 1;
  const newestTime = (
    await gw.getByTestId(`timeline-entry-${newest}`).locator('.when .num').innerText()
  ).trim();
  const oldestTime = (
    await gw.getByTestId(`timeline-entry-${oldest}`).locator('.when .num').innerText()
  ).trim();

  // A on the newest (top of the list), B on the oldest: A is the newer one.
  await pick(gw, 'A', newestTime).click();
  await pick(gw, 'B', oldestTime).click();
  const compare = gw.getByTestId('snapshot-compare');
  await expect(compare).toBeVisible();
  await expect(gw.getByTestId('compare-older')).toHaveText(`Older (B) ${oldestTime}`);
  await expect(gw.getByTestId('compare-newer')).toHaveText(`Newer (A) ${newestTime}`);
  const headers = gw.getByTestId('compare-table').locator('thead').getByRole('columnheader');
  await expect(headers).toHaveText(['Field', 'Older (B)', 'Newer (A)', 'Change', '% change']);

  // Every field, so IV rank and price show whether they moved or not.
  await gw.getByTestId('only-changes').uncheck();
  const ivRank = row(gw, 'IV rank');
  await expect(ivRank).toHaveCount(1);
  const firstOrder = await ivRank.getByRole('cell').allInnerTexts();
  const priceFirst = await row(gw, 'Price').getByRole('cell').allInnerTexts();
  await snap(gw, 'history-01-a-newer-b-older');

  // The same two picks the other way round: the same older and newer values, letters swapped.
  await pick(gw, 'A', newestTime).click();
  await pick(gw, 'B', oldestTime).click();
  await pick(gw, 'A', oldestTime).click();
  await pick(gw, 'B', newestTime).click();
  await expect(gw.getByTestId('compare-older')).toHaveText(`Older (A) ${oldestTime}`);
  await expect(gw.getByTestId('compare-newer')).toHaveText(`Newer (B) ${newestTime}`);
  await expect(headers).toHaveText(['Field', 'Older (A)', 'Newer (B)', 'Change', '% change']);
  await gw.getByTestId('only-changes').uncheck();
  await expect(row(gw, 'IV rank').getByRole('cell')).toHaveText(firstOrder);
  await expect(row(gw, 'Price').getByRole('cell')).toHaveText(priceFirst);

  // IV rank: whole numbers, and the change is newer − older of what is shown (77 → 83 is +6).
  const [older, newer, change] = firstOrder as [string, string, string];
  expect(older).toMatch(/^\d{1,3}$/);
  expect(newer).toMatch(/^\d{1,3}$/);
  const diff = Number(newer) - Number(older);
  if (diff === 0) expect(['', '0']).toContain(change);
  else expect(change).toBe(`${diff > 0 ? '+' : '−'}${Math.abs(diff)}`);

  // Price: in dollars for a stock ("$" for stocks, points for indexes), two decimals, the change in
  // dollars and a labelled percent change.
  const [pOld, pNew, pChange, pPct] = priceFirst as [string, string, string, string];
  expect(pOld).toMatch(/^\$[\d,]+\.\d\d$/);
  if (pOld !== pNew) {
    const want = Math.round((num(pNew) - num(pOld)) * 100) / 100;
    expect(num(pChange)).toBeCloseTo(want, 2);
    expect(pPct).toMatch(/^[+−]\d+\.\d\d%$/);
  }

  // The struck-through value is the older column's, never the newer's.
  const changedRow = gw.getByTestId('compare-table').locator('tr[data-changed="true"]').first();
  await expect(changedRow.getByRole('cell').nth(0)).toHaveClass(/\bold\b/);
  await expect(changedRow.getByRole('cell').nth(1)).not.toHaveClass(/\bold\b/);

  // Row labels are for people: no API paths or snake_case keys.
  for (const label of await gw.getByTestId('compare-table').getByRole('rowheader').allInnerTexts())
    expect(label).not.toMatch(/[a-z]_[a-z]|\.\w/);
  await expect(gw.getByTestId('compare-table').getByRole('row', { name: 'Summary' })).toHaveCount(1);
  await snap(gw, 'history-02-a-older-b-newer-all-fields');
});

test('market structure compare: sections and nested labels', async ({ gw, app }) => {
  await gw.goto(`${app.origin}/#/history/${TICKER}`);
  await expect(gw.getByTestId('timeline-entry-1')).toBeVisible({ timeout: 90_000 });
  const count = await gw.locator('[data-testid^="timeline-entry-"]').count();
  await gw.getByTestId(`pick-a-0`).click();
  await gw.getByTestId(`pick-b-${count - 1}`).click();
  await gw.getByTestId('only-changes').uncheck();
  const table = gw.getByTestId('compare-table');
  for (const section of ['Summary', 'Drivers', 'Key levels', 'Supporting factors'])
    await expect(table.getByRole('row', { name: section, exact: true })).toHaveCount(1);
  for (const label of ['Distance to flip', 'Spot', 'Net GEX per 1% move', '+1σ 1D'])
    await expect(table.getByRole('rowheader', { name: label, exact: true }).first()).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'drivers.flip_context.distance_pct' })).toHaveCount(0);
  // The changes alone, every section in view, for the screenshot.
  await gw.getByTestId('only-changes').check();
  await expect(table.getByRole('row', { name: 'Key levels', exact: true })).toHaveCount(1);
  await snap(gw, 'history-03-market-structure');
});

test('exports: snapshots CSV flattened with readable headers, series CSV rounded', async ({ gw, app }) => {
  await openSignalsHistory(gw, app.origin);

  const snapshots = gw.waitForEvent('download');
  await gw.getByRole('button', { name: 'Snapshots CSV' }).click();
  const file = await snapshots;
  expect(file.suggestedFilename()).toMatch(/^gammawatch-snapshots-SPY-.*\.csv$/);
  const rows = parse(readFileSync(await file.path(), 'utf8')) as string[][];
  const [header, ...body] = rows as [string[], ...string[][]];
  expect(header.slice(0, 5)).toEqual([
    'Snapshot time (UTC)',
    'Fetched at (UTC)',
    'View',
    'Ticker',
    'Parameters',
  ]);
  expect(header).toEqual(
    expect.arrayContaining(['Price ($)', 'IV rank', 'ATM IV (30d) (%)', 'Regime label']),
  );
  expect(body.length).toBeGreaterThanOrEqual(2);
  const rank = header.indexOf('IV rank');
  const price = header.indexOf('Price ($)');
  for (const r of body) {
    expect(r[2]).toBe('Signals');
    expect(r[3]).toBe(TICKER);
    for (const cell of r) expect(cell).not.toMatch(/^[[{]/);
    if (r[rank]) expect(r[rank]).toMatch(/^\d{1,3}$/);
    expect(r[price]).toMatch(/^\d+(\.\d{1,2})?$/);
  }

  const series = gw.waitForEvent('download');
  await gw.getByRole('button', { name: 'Series CSV' }).click();
  const seriesRows = parse(readFileSync(await (await series).path(), 'utf8')) as string[][];
  const [seriesHeader, ...seriesBody] = seriesRows as [string[], ...string[][]];
  expect(seriesHeader[0]).toBe('date');
  // IVs in percent, as the screens show them, the unit in the column name.
  const atmIv = seriesHeader.indexOf('atm_iv_pct');
  expect(atmIv).toBeGreaterThan(0);
  expect(seriesBody.length).toBeGreaterThan(0);
  for (const r of seriesBody) {
    // 13.04 (percent), two places, never sixteen; never the decimal 0.1304.
    if (r[atmIv]) expect(r[atmIv]).toMatch(/^[1-9]\d*(\.\d{1,2})?$/);
    for (const cell of r.slice(1)) expect(cell).not.toMatch(/\.\d{5,}$/);
  }
  await snap(gw, 'history-04-exports');
});
