// What a stranger (another web page, a wrong link) and a user whose app stopped see.
import { expect, test } from '@playwright/test';
import { launchApp, snap } from './fixtures.ts';

test('without the token nothing is readable; with it the session sticks', async ({ page }) => {
  const app = await launchApp();
  try {
    const denied = await page.goto(app.origin + '/');
    expect(denied?.status()).toBe(401);
    await expect(page.locator('body')).toContainText('Open the address Gammawatch printed');
    const wrong = await page.goto(app.origin + '/?token=guess');
    expect(wrong?.status()).toBe(401);

    await page.goto(app.url);
    await expect(page).toHaveURL(app.origin + '/');
    await expect(page.getByTestId('data-source')).toBeVisible();
    // A cross-site request riding on the cookie is refused.
    const status = await page.evaluate(
      async () =>
        (
          await fetch('/bridge/app:info', {
            method: 'POST',
            headers: { 'Content-Type': 'text/plain' },
            body: '{}',
          })
        ).status,
    );
    expect(status).toBe(415);
  } finally {
    await app.stop();
  }
});

test('the app going away shows offline, with a retry', async ({ page }) => {
  const app = await launchApp();
  try {
    // Past the welcome screen, with a watchlist: the app as a returning user has it.
    await app.call('app:completeOnboarding', { watchlistName: 'Core', tickers: ['SPY', 'QQQ'] });
    await page.goto(app.url);
    await expect(page.getByTestId('data-source')).toBeVisible();
  } finally {
    await app.stop();
  }
  await expect(page.getByTestId('offline-badge')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('nav-alerts').click();
  await expect(page.getByTestId('error-state')).toBeVisible();
  await expect(page.getByTestId('retry')).toBeVisible();
  await snap(page, '17-offline');
});
