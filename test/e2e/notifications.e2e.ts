// A new user creates a rule and sees its alert arrive in the app and as a desktop notification. The
// app runs headless with a desktop of its own (Xvfb, a private session bus, dunst:
// support/desktop-session.ts), so its libnotify channel reaches a real notification daemon, and
// what the daemon received is read back from `dunstctl history`.
import { expect, snap } from './fixtures.ts';
import { desktopTest as test, withoutDesktop } from './support/desktop-test.ts';

interface Row {
  ticker: string;
  price: number | null;
}

interface AlertsPage {
  items: {
    id: number;
    ruleName: string;
    ticker: string | null;
    title: string;
    message: string;
    deliveries: { channel: string; state: string; lastError: string | null }[];
  }[];
}

test.describe.configure({ mode: 'serial' });
// A first run: an app nobody else has touched.
test.use({ appLabel: 'notifications' });

test.skip(...withoutDesktop);

const TICKER = 'MSFT';
const RISES = `${TICKER} rises`;
const FALLS = `${TICKER} falls`;

test('a new rule’s alert arrives in the app and as a desktop notification', async ({ gw, app, desktop }) => {
  test.setTimeout(300_000);

  // First run: one starter ticker keeps the two cores for the rest.
  await expect(gw.getByTestId('onboarding')).toBeVisible();
  for (const t of ['QQQ', 'AAPL', 'NVDA', 'TSLA']) await gw.getByTestId(`starter-${t}`).uncheck();
  await gw.getByTestId('onboarding-name').fill('Mine');
  await gw.getByTestId('onboarding-start').click();
  await expect(gw.getByTestId('watchlist-tab-Mine')).toBeVisible();

  // Add a ticker from the suggestions, and wait for its first price.
  await gw.getByTestId('add-ticker-input').fill('msf');
  await gw.getByTestId(`suggestion-${TICKER}`).click();
  await expect(gw.getByTestId(`row-${TICKER}`)).toBeVisible();
  await expect(gw.getByTestId(`row-status-${TICKER}`)).toHaveCount(0, { timeout: 90_000 });
  await snap(gw, 'notify-01-watchlist');

  // Two rules at the current price, one for each side: the next move fires exactly one of them.
  const rows = await app.call<{ rows: Row[] }>('tickers:latest', { tickers: [TICKER] });
  const price = rows.rows[0]?.price;
  expect(price).toBeGreaterThan(0);
  await gw.goto(`${app.origin}/#/alerts/rules`);
  for (const [name, op] of [
    [RISES, 'above'],
    [FALLS, 'below'],
  ] as const) {
    await gw.getByTestId('new-rule').click();
    await expect(gw.getByTestId('rule-editor')).toBeVisible();
    await gw.getByTestId('rule-name').fill(name);
    await gw.getByTestId('rule-kind').selectOption('metric_threshold');
    await gw.getByTestId('rule-metric').selectOption('price');
    await gw.getByTestId('rule-op').selectOption(op);
    await gw.getByTestId('rule-value').fill(String(price));
    await gw.getByTestId('rule-scope').selectOption('ticker');
    await gw.getByTestId('rule-scope-ticker').fill(TICKER);
    await gw.getByTestId('rule-cooldown').fill('0');
    await gw.getByTestId('rule-severity').selectOption('warning');
    // A new rule goes to the desktop by default: the user leaves it so.
    await expect(gw.getByTestId('rule-channel-desktop')).toBeChecked();
    if (op === 'above') await snap(gw, 'notify-02-rule-editor');
    await gw.getByTestId('rule-save').click();
    await expect(gw.getByTestId('rule-editor')).toBeHidden();
    await expect(gw.getByTestId(`rule-${name}`)).toBeVisible();
  }

  // In the app: a toast, without a reload.
  const toast = gw
    .getByTestId('toast-alert')
    .filter({ hasText: new RegExp(`${TICKER} price (above|below)`) })
    .first();
  await expect(toast).toBeVisible({ timeout: 120_000 });
  await snap(gw, 'notify-03-alert-toast');

  // The event as the app stored it: which rule fired, and what it said.
  const page = await app.call<AlertsPage>('alerts:list', { ticker: TICKER });
  const event = page.items.find((e) => e.ruleName === RISES || e.ruleName === FALLS);
  expect(event, `an alert of ${RISES} or ${FALLS}; got ${JSON.stringify(page.items)}`).toBeDefined();
  if (!event) return;
  expect(event.title).toMatch(
    new RegExp(`^${TICKER} price ${event.ruleName === RISES ? 'above' : 'below'} `),
  );

  // On the desktop: dunst received it, from Gammawatch, naming the ticker and the rule, and
  // saying that the figures are the simulator's.
  const shown = await desktop.waitForNotification(
    (n) => n.appname === 'Gammawatch' && n.summary === `[Simulated] ${event.title}`,
    120_000,
  );
  await test.info().attach('dunst-history.json', {
    body: JSON.stringify(await desktop.history(), null, 2),
    contentType: 'application/json',
  });
  expect(shown.summary).toContain(TICKER);
  expect(shown.body).toBe(`${event.message}\nRule: ${event.ruleName}`);

  // In the alert history: the event, with its desktop delivery marked sent. Deliveries are
  // recorded after the toast, and the list shows them as loaded: reload until it is there.
  await gw.getByTestId('nav-alerts').click();
  await gw.getByTestId('tab-history').click();
  const item = gw.getByTestId(`alert-${event.id}`);
  await expect(item).toContainText(event.title);
  await expect(item).toContainText(event.ruleName);
  await expect(async () => {
    await gw.reload();
    await gw.getByTestId('tab-history').click();
    await expect(item.getByTestId('delivery-desktop')).toHaveAttribute('title', 'Desktop: Sent', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(item.getByTestId('delivery-in_app')).toHaveAttribute('title', 'In app: Sent');
  await snap(gw, 'notify-04-alert-history');

  // The same, as the bridge reports it.
  const after = await app.call<AlertsPage>('alerts:list', { ticker: TICKER });
  const stored = after.items.find((e) => e.id === event.id);
  expect(stored?.deliveries).toEqual(
    expect.arrayContaining([expect.objectContaining({ channel: 'desktop', state: 'sent', lastError: null })]),
  );
});
