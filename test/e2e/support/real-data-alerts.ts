// Shared by alerts-real-data-folder.e2e.ts and alerts-real-data-tradier.e2e.ts: alert rules fire on
// real data. A trader watches TSLA with two rules made in the rule editor: spot crossing $220
// upward, and the dealers' gamma regime turning positive. The first snapshot (the real Cboe TSLA
// chain, spot 218.80, gamma negative: flip 223.08) is in history; then the next session's snapshot
// arrives, spot 226.00 above the flip, which crosses both. Each rule's alert must arrive once and
// at once: as a desktop notification through a real notification daemon (dunst on a private
// desktop, read back from `dunstctl history`), in the alerts list open in a second tab, and the
// ticker page open before must show the new price without a reload. No sleeps: every wait is on the
// app. Screenshots: test/artifacts/screenshots/alerts-real-data-*.png.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { AlertEvent, AlertsPage } from '../../../src/shared/bridge/alerts.ts';
import type { Timeline } from '../../../src/shared/bridge/history.ts';
import type { DataSource } from '../../../src/shared/bridge/settings.ts';
import { chainPreamble } from '../../support/cboe-chain-file.ts';
import { expect, REPO, snap, type RunningApp } from '../fixtures.ts';
import type { DesktopSession } from './desktop-session.ts';
import { desktopTest } from './desktop-test.ts';

export { desktopTest, withoutDesktop } from './desktop-test.ts';

export const TICKER = 'TSLA';
/** The real chain (read-only, from ../shared): TSLA, Aug 20, 2023, 10:38 PM EDT, spot 218.80. */
export const CBOE_SAMPLE = join(REPO, '../shared/fixtures/cboe/tsla_quotedata.csv');
const PRICE_RULE = 'TSLA spot crosses 220 up';
const GAMMA_RULE = 'TSLA gamma turns positive';
/** The next session's spot: above $220 and above that chain's gamma flip (about 223.7 there). */
const NEXT_SPOT = 226;
/** How long "at once" may take: a new file is seen within seconds (the watcher waits 1 s for writes). */
const AT_ONCE_MS = 30_000;

/**
 * The next session's download: the real chain's rows under a new header (Monday Aug 21, 2023,
 * 4:15 PM EDT, spot 226.00). The same open interest with spot past the flip: dealers' gamma positive.
 */
export function nextSessionFile(): string {
  // The sample's preamble: an empty line, name and last price, the Date: line, the column header.
  const rows = readFileSync(CBOE_SAMPLE, 'utf8').split('\n').slice(4).join('\n');
  return chainPreamble(TICKER, '2023-08-21', NEXT_SPOT) + rows;
}

const timelineLength = async (app: RunningApp): Promise<number> =>
  (await app.call<Timeline>('ticker:timeline', { ticker: TICKER })).entries.length;

/**
 * TSLA on a watchlist (made on the simulator, as a new user starts), then the switch to the real
 * source, and its first snapshot in history and on the watchlist.
 */
export async function watchFirstSnapshot(gw: Page, app: RunningApp, dataSource: DataSource): Promise<void> {
  await app.call('app:completeOnboarding', { watchlistName: 'Real', tickers: [TICKER] });
  await app.call('settings:update', { dataSource });
  await expect.poll(() => timelineLength(app), { timeout: 90_000 }).toBe(1);
  await gw.goto(`${app.origin}/#/watchlists`);
  await expect(gw.getByTestId(`row-${TICKER}`).locator('td.num').first()).toHaveText('$218.80', {
    timeout: 60_000,
  });
}

/** Both rules, made in the rule editor as a trader would: in-app and desktop, no cooldown. */
export async function createRules(gw: Page, app: RunningApp, name: string): Promise<void> {
  await gw.goto(`${app.origin}/#/alerts/rules`);
  const editor = gw.getByTestId('rule-editor');
  const scopeAndSave = async (rule: string, shot: string): Promise<void> => {
    await gw.getByTestId('rule-scope').selectOption('ticker');
    await gw.getByTestId('rule-scope-ticker').fill(TICKER);
    await gw.getByTestId('rule-cooldown').fill('0');
    await gw.getByTestId('rule-severity').selectOption('warning');
    await expect(gw.getByTestId('rule-channel-inapp')).toBeChecked();
    await expect(gw.getByTestId('rule-channel-desktop')).toBeChecked();
    await snap(gw, `alerts-real-data-${name}-0-${shot}`);
    await gw.getByTestId('rule-save').click();
    await expect(editor).toBeHidden();
    await expect(gw.getByTestId(`rule-${rule}`)).toBeVisible();
  };

  // Spot crosses $220 upward, on the first snapshot past it (no buffer).
  await gw.getByTestId('new-rule').click();
  await expect(editor).toBeVisible();
  await gw.getByTestId('rule-name').fill(PRICE_RULE);
  await gw.getByTestId('rule-kind').selectOption({ label: 'Spot crosses a price level' });
  await gw.getByTestId('rule-level').selectOption('custom');
  await gw.getByTestId('rule-level-price').fill('220');
  await editor.getByLabel('Direction').selectOption('up');
  await gw.getByTestId('rule-buffer-pct').fill('0');
  await gw.getByTestId('rule-buffer-snapshots').fill('1');
  await scopeAndSave(PRICE_RULE, 'price-rule');

  // The gamma regime turns positive, believed on the first snapshot (dwell 1 snapshot, 0 min).
  await gw.getByTestId('new-rule').click();
  await expect(editor).toBeVisible();
  await gw.getByTestId('rule-name').fill(GAMMA_RULE);
  await gw.getByTestId('rule-kind').selectOption({ label: 'Gamma regime changes' });
  await editor.getByRole('checkbox', { name: 'Positive', exact: true }).check();
  await gw.getByTestId('rule-dwell-snapshots').fill('1');
  await gw.getByTestId('rule-dwell-minutes').fill('0');
  await gw.getByTestId('rule-buffer-pct').fill('0');
  await scopeAndSave(GAMMA_RULE, 'gamma-rule');
}

/**
 * The ticker page open in `gw` and the alerts list open in a second tab, both before the new
 * snapshot; `deliver` brings it; then what the trader must see, at once.
 */
export async function expectBothAlerts(
  gw: Page,
  app: RunningApp,
  desktop: DesktopSession,
  name: string,
  deliver: () => Promise<void>,
): Promise<void> {
  const alertsTab = await gw.context().newPage();
  await alertsTab.goto(app.url);
  await alertsTab.goto(`${app.origin}/#/alerts/history`);
  await expect(alertsTab.getByTestId('tab-history')).toBeVisible();

  await gw.goto(`${app.origin}/#/ticker/${TICKER}`);
  await expect(gw.getByTestId('ticker-price')).toHaveText('$218.80', { timeout: 60_000 });
  // A mark on this document: still there afterwards, the page was never reloaded.
  await gw.evaluate(() => ((window as unknown as Record<string, unknown>)['gwNoReload'] = true));
  await snap(gw, `alerts-real-data-${name}-1-ticker-before`);

  await deliver();

  // The new snapshot is in history: the source did its part.
  await expect.poll(() => timelineLength(app), { timeout: 60_000 }).toBe(2);

  // Each rule raised its alert for the new snapshot, at once.
  const raised = async (): Promise<AlertEvent[]> =>
    (await app.call<AlertsPage>('alerts:list', { ticker: TICKER })).items.filter(
      (e) => e.ruleName === PRICE_RULE || e.ruleName === GAMMA_RULE,
    );
  const ruleNames = async (): Promise<string[]> => (await raised()).map((e) => e.ruleName).sort();
  await expect
    .poll(ruleNames, {
      message: `alerts raised by ${TICKER}'s new snapshot (spot $${NEXT_SPOT}, gamma positive)`,
      timeout: AT_ONCE_MS,
    })
    .toEqual([GAMMA_RULE, PRICE_RULE]);
  const events = await raised();
  const price = events.find((e) => e.ruleName === PRICE_RULE) as AlertEvent;
  const gamma = events.find((e) => e.ruleName === GAMMA_RULE) as AlertEvent;
  expect(price.title).toContain(TICKER);
  expect(price.title).toContain('220.00');
  expect(gamma.title).toBe(`${TICKER} gamma regime: Negative → Positive`);

  // On the desktop: dunst received both, from Gammawatch, each naming its rule.
  for (const e of events) {
    const shown = await desktop.waitForNotification(
      (n) => n.appname === 'Gammawatch' && n.summary === e.title,
      AT_ONCE_MS,
    );
    expect(shown.body).toBe(`${e.message}\nRule: ${e.ruleName}`);
  }

  // The alerts list, open since before, shows both without a reload.
  for (const e of events) {
    const item = alertsTab.getByTestId(`alert-${e.id}`);
    await expect(item).toContainText(e.title, { timeout: AT_ONCE_MS });
    await expect(item).toContainText(e.ruleName);
  }
  await snap(alertsTab, `alerts-real-data-${name}-2-alerts-list`);
  await alertsTab.close();

  // The ticker page, open since before, shows the new snapshot without a reload.
  await expect(gw.getByTestId('ticker-price')).toHaveText(`$${NEXT_SPOT.toFixed(2)}`, {
    timeout: AT_ONCE_MS,
  });
  expect(
    await gw.evaluate(() => (window as unknown as Record<string, unknown>)['gwNoReload']),
    'the ticker page updated without a reload',
  ).toBe(true);
  await snap(gw, `alerts-real-data-${name}-3-ticker-after`);

  // Once: no second event and no second notification for the same snapshot.
  expect(await ruleNames()).toEqual([GAMMA_RULE, PRICE_RULE]);
  const history = await desktop.history();
  for (const e of events) expect(history.filter((n) => n.summary === e.title)).toHaveLength(1);
  await desktopTest.info().attach(`dunst-history-${name}.json`, {
    body: JSON.stringify(history, null, 2),
    contentType: 'application/json',
  });
}
