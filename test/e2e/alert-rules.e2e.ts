// Alert rules as a trader edits them: a call-wall cross built from labelled choices, metrics named
// as the rest of the app names them, a rule for a ticker the market does not have refused, a
// snoozed rule saying until when, and the rules table fitting the page with a webhook column.
import { expect, snap, test } from './fixtures.ts';

test.use({ appLabel: 'alert-rules' });

const WALL_RULE = 'SPY call wall';

test('alert rules: wall levels, labels, unknown tickers, snooze and a table that fits', async ({
  gw,
  app,
}) => {
  test.setTimeout(180_000);
  // Past the first run without the onboarding screen (other specs walk it), with a webhook set
  // up so rules can name it.
  await app.call('watchlists:create', { name: 'Mine', tickers: ['SPY'] });
  await app.call('settings:update', {
    notifications: {
      desktop: true,
      webhooks: [
        {
          id: 'ops-discord-trading-desk',
          url: 'https://discord.example.test/api/webhooks/1',
          preset: 'discord',
          enabled: true,
        },
      ],
    },
  });
  await gw.goto(`${app.origin}/#/alerts/rules`);
  await gw.reload();
  await expect(gw.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();

  // A call-wall cross, chosen by its labels.
  await gw.getByTestId('new-rule').click();
  const editor = gw.getByTestId('rule-editor');
  await expect(editor).toBeVisible();
  await gw.getByTestId('rule-name').fill(WALL_RULE);
  await gw.getByTestId('rule-kind').selectOption({ label: 'Spot crosses a price level' });
  const level = gw.getByTestId('rule-level');
  for (const name of ['Gamma flip', 'Call wall', 'Put wall', 'Max pain', 'Custom price…'])
    await expect(level.getByRole('option', { name, exact: true })).toHaveCount(1);
  await level.selectOption({ label: 'Call wall' });
  await gw.getByTestId('rule-scope').selectOption({ label: 'One ticker' });
  await gw.getByTestId('rule-scope-ticker').fill('SPY');
  await editor.getByRole('checkbox', { name: /Webhook ops-discord-trading-desk/ }).check();
  await snap(gw, 'alert-rules-01-wall-rule');
  await gw.getByTestId('rule-save').click();
  await expect(editor).toBeHidden();
  await expect(gw.getByTestId(`rule-${WALL_RULE}`)).toContainText('Spot crosses the call wall');

  // Metrics by their labels, never their API keys; a regime rule shows its dwell, on by default.
  await gw.getByTestId('new-rule').click();
  await gw.getByTestId('rule-kind').selectOption({ label: 'A metric crosses a value' });
  const metric = gw.getByTestId('rule-metric');
  await expect(metric.getByRole('option', { name: 'Net GEX per 1% move', exact: true })).toHaveCount(1);
  await expect(metric.getByRole('option', { name: 'IV rank', exact: true })).toHaveCount(1);
  const optionTexts = await metric.locator('option').allTextContents();
  expect(optionTexts.filter((t) => t.includes('_'))).toEqual([]);
  await metric.selectOption({ label: 'Net GEX per 1% move' });
  await snap(gw, 'alert-rules-02-metric-labels');
  await gw.getByTestId('rule-kind').selectOption({ label: 'Regime changes' });
  await expect(gw.getByTestId('rule-dwell-snapshots')).toHaveValue('2');
  await expect(gw.getByTestId('rule-dwell-minutes')).toHaveValue('15');
  await expect(gw.getByText('Trending down, high vol')).toBeVisible();

  // A ticker the market does not have: refused with a message, nothing saved.
  await gw.getByTestId('rule-name').fill('Nowhere');
  await gw.getByTestId('rule-scope').selectOption({ label: 'One ticker' });
  await gw.getByTestId('rule-scope-ticker').fill('ZZZZ');
  await gw.getByTestId('rule-save').click();
  // Under the ticker field, where the mistake is.
  await expect(gw.getByTestId('error-scopeTicker')).toContainText(
    'ZZZZ is not a ticker the data source covers',
  );
  await expect(gw.getByTestId('rule-scope-ticker')).toHaveAttribute('aria-invalid', 'true');
  await snap(gw, 'alert-rules-03-unknown-ticker');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(gw.getByTestId('rule-Nowhere')).toHaveCount(0);

  // Snooze the wall rule until later today (or tomorrow morning late in the evening).
  const until = new Date(Date.now() + 2 * 3_600_000);
  until.setSeconds(0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${until.getFullYear()}-${pad(until.getMonth() + 1)}-${pad(until.getDate())}T${pad(until.getHours())}:${pad(until.getMinutes())}`;
  await gw.getByTestId(`edit-rule-${WALL_RULE}`).click();
  await gw.getByTestId('rule-snooze').fill(local);
  await gw.getByTestId('rule-save').click();
  await expect(editor).toBeHidden();
  const snoozed = gw.getByTestId(`rule-snoozed-${WALL_RULE}`);
  await expect(snoozed).toContainText(`Snoozed until`);
  await expect(snoozed).toContainText(`${pad(until.getHours())}:${pad(until.getMinutes())}`);

  // The table fits the page: no horizontal scroll, and the delivery column shows the webhook.
  await expect(gw.getByTestId(`rule-${WALL_RULE}`)).toContainText(
    'In-app, Desktop, Webhook ops-discord-trading-desk',
  );
  const overflow = await gw.evaluate(() => {
    const table = document.querySelector('[data-testid="rule-list"]') as HTMLElement;
    const doc = document.scrollingElement as HTMLElement;
    return {
      page: doc.scrollWidth - doc.clientWidth,
      table: table.getBoundingClientRect().right - window.innerWidth,
    };
  });
  expect(overflow.page).toBeLessThanOrEqual(0);
  expect(overflow.table).toBeLessThanOrEqual(0);
  await snap(gw, 'alert-rules-04-table');

  // And at a laptop width too.
  await gw.setViewportSize({ width: 1100, height: 800 });
  const narrow = await gw.evaluate(() => {
    const doc = document.scrollingElement as HTMLElement;
    const table = document.querySelector('[data-testid="rule-list"]') as HTMLElement;
    return Math.max(doc.scrollWidth - doc.clientWidth, table.scrollWidth - table.clientWidth);
  });
  expect(narrow).toBeLessThanOrEqual(0);
  await snap(gw, 'alert-rules-05-table-narrow');
});
