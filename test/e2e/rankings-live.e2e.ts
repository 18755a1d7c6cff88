// Rankings follow the watcher: a trader who opens Rankings before a Monday's open sees why the list
// is empty (pre-open, when the next ranking is due), then the open's ranking fills the table by
// itself, with the filters set before the open still applied; a later ranking replaces the rows
// without moving the scroll. The fast clock starts at 09:05 ET, so the open is about 25 seconds
// away (from 09:20, ten seconds, a loaded machine started the app after the open); every wait is
// on what the page shows, never a sleep. Screenshots: test/artifacts/screenshots/rankings-live-*.png.
import { expect, snap, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });
test.use({
  appLabel: 'rankings-live',
  appFastStart: '2026-03-02T14:05:00Z',
  // Short enough that the table scrolls inside `main`.
  viewport: { width: 1280, height: 560 },
});

test.beforeAll(async ({ app }) => {
  await app.call('app:completeOnboarding', { watchlistName: 'Core', tickers: ['SPY'] });
  // A refresh before the open stores the pre-open (empty) ranking the view opens on.
  await app.call('poll:refreshNow', { job: 'top_setups' });
});

test('opened before the open, the ranking fills at the open and keeps the filters and the scroll', async ({
  gw,
  app,
}) => {
  const before = await app.call<{ snapshot: { asof: string } | null; items: unknown[]; closed?: unknown }>(
    'rankings:topSetups',
    {},
  );
  expect(before.items, 'the refresh ran before the open').toEqual([]);
  expect(before.closed).toMatchObject({ when: 'pre_open', nextDueAt: '2026-03-02T14:30:00.000Z' });

  await gw.goto(`${app.origin}/#/rankings/top_setups`);
  const empty = gw.getByTestId('no-rankings');
  await expect(empty).toContainText('Pre-open');
  await expect(gw.getByTestId('empty-reason')).toContainText('was taken before the open');
  await expect(gw.getByTestId('empty-reason')).toContainText('the next ranking is due at Mar 2, 09:30 ET');
  await expect(empty).not.toContainText('No ticker passes these filters');

  // A filter chosen while waiting for the open.
  await gw.getByLabel('Min score').fill('1');
  await gw.getByLabel('Min score').press('Enter');
  await expect(gw.getByTestId('chip-min_score')).toHaveText(/Score ≥ 1/);
  await expect(gw.getByTestId('market-status')).toContainText('Market closed');
  await snap(gw, 'rankings-live-pre-open');

  // The open's ranking arrives through snapshot:new: no navigation, no reload.
  const table = gw.getByTestId('ranking-table');
  await expect(table).toBeVisible({ timeout: 60_000 });
  await expect(gw.getByTestId('no-rankings')).toHaveCount(0);
  await expect(gw.getByTestId('chip-min_score')).toHaveText(/Score ≥ 1/);
  // The header agrees with the 09:30 ranking on screen: the market is open.
  await expect(gw.getByTestId('market-status')).toContainText('Market open');
  const scores = await table.locator('tbody td:nth-child(3)').allInnerTexts();
  expect(scores.length).toBeGreaterThan(0);
  for (const text of scores) expect(Number(/\d+(\.\d+)?/.exec(text)?.[0])).toBeGreaterThanOrEqual(1);
  const asOf = gw.getByText(/^As of Mar 2, \d\d:\d\d ET · \d+ tickers$/);
  const firstAsOf = (await asOf.innerText()).trim();
  await snap(gw, 'rankings-live-open');

  // Scrolled down the table, the next ranking (15 market minutes on) replaces the rows in place.
  const main = gw.locator('main#content');
  await main.evaluate((el) => el.scrollTo({ top: Math.min(120, el.scrollHeight - el.clientHeight) }));
  const scrolled = await main.evaluate((el) => el.scrollTop);
  expect(scrolled, 'the table is taller than the window').toBeGreaterThan(0);
  await expect(asOf).not.toHaveText(firstAsOf, { timeout: 60_000 });
  expect(await main.evaluate((el) => el.scrollTop)).toBe(scrolled);
  await expect(gw.getByTestId('chip-min_score')).toHaveText(/Score ≥ 1/);
});
