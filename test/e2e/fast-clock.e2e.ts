// Choosing Fast in Settings runs the simulated market, and the header follows the clock in force. A
// user on the real-time simulator (the header names no clock, and says what the NYSE is doing now)
// picks Clock → Fast: the header names the simulated clock with its time, the simulated market is
// open without "Keep polling while the market is closed", a poll stores a snapshot stamped in that
// session no later than the time the header shows, and the time runs. Screenshots:
// test/artifacts/screenshots/fast-clock-*.png.
import type { Locator, Page } from '@playwright/test';
import { epochToNy, isMarketOpen, sessionDateOf } from '../../src/shared/market-calendar.ts';
import { expect, snap, test } from './fixtures.ts';

// Sources change here: an app of its own.
test.use({ appLabel: 'fast-clock' });

interface Row {
  ticker: string;
  status: string;
  asof: string | null;
}

function header(page: Page): Locator {
  return page.getByRole('banner');
}

/** Settings → Data source → Seed and Clock, then "Use this source", waiting for the switch to end. */
async function useClock(page: Page, origin: string, seed: string, clock: string | RegExp): Promise<void> {
  await page.goto(`${origin}/#/settings/data-source`);
  const panel = page.getByRole('region', { name: 'Data source' });
  await expect(panel.getByRole('radio', { name: /Simulator/ })).toBeChecked();
  await panel.getByLabel('Seed').fill(seed);
  const select = panel.getByLabel('Clock');
  const option = select.locator('option', { hasText: clock });
  await select.selectOption({ label: (await option.textContent()) ?? '' });
  await panel.getByRole('button', { name: 'Use this source' }).click();
  await expect(panel.getByRole('button', { name: 'Use this source' })).toBeEnabled({ timeout: 90_000 });
  await expect(panel.getByTestId('source-switch-error')).toHaveCount(0);
}

/** New York minutes past midnight of the header's "Nov 30, 09:42 ET". */
function headerMinutes(text: string): number {
  const match = /(\d{2}):(\d{2}) ET/.exec(text);
  expect(match, `a time in "${text}"`).not.toBeNull();
  return Number(match?.[1]) * 60 + Number(match?.[2]);
}

test('choosing Fast runs the simulated market and the header shows its clock', async ({ gw, app }) => {
  await app.call('app:completeOnboarding', { watchlistName: 'Core', tickers: ['SPY'] });
  const settings = await app.call<{ polling: { outsideMarketHours: boolean } }>('settings:get');
  expect(settings.polling.outsideMarketHours).toBe(false);

  // The app was started on a fast clock of the command line's; a user's own simulator (another
  // seed, so the setting changes) on the wall clock first: no clock named, the NYSE as it is now.
  await useClock(gw, app.origin, '43', 'Real time');
  const status = header(gw).getByTestId('market-status');
  await expect(status.getByTestId('market-clock')).toHaveCount(0);
  await expect(status).toContainText(isMarketOpen(Date.now()) ? 'Market open' : 'Market closed');
  await snap(gw, 'fast-clock-real');

  // Fast: the simulated clock, named in the header with its time, in an open session.
  await useClock(gw, app.origin, '43', /^Fast/);
  await expect(gw.getByText(/Fast runs the simulated market 300×/)).toBeVisible();
  const clock = status.getByTestId('market-clock');
  await expect(clock).toHaveText(/^Simulated clock ×300 · [A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2} ET ·$/);
  await expect(status).toContainText('Market open');
  await expect(status).toContainText(/closes \d{2}:\d{2} ET/);
  await snap(gw, 'fast-clock-fast');

  // A poll of the simulated session, with the checkbox still off: SPY's row is stamped in that
  // session, no later than the header's time.
  let row: Row | undefined;
  await expect
    .poll(
      async () => {
        const { rows } = await app.call<{ rows: Row[] }>('tickers:latest', { tickers: ['SPY'] });
        row = rows[0];
        return row?.status === 'ok' && row.asof !== null && isMarketOpen(Date.parse(row.asof));
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const asof = Date.parse(row?.asof ?? '');
  const shown = (await clock.textContent()) ?? '';
  const stamped = epochToNy(asof);
  // The header's day is the snapshot's session, and its time is not earlier than the stamp.
  expect(shown).toContain(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'short', day: 'numeric' }).format(
      asof,
    ),
  );
  expect(sessionDateOf(asof)).toBe(stamped.date);
  expect(headerMinutes(shown)).toBeGreaterThanOrEqual(Math.floor(stamped.minutes));

  // The clock runs at its pace in the header: simulated minutes pass in wall seconds.
  await expect
    .poll(async () => headerMinutes((await clock.textContent()) ?? ''), { timeout: 10_000 })
    .toBeGreaterThan(headerMinutes(shown));
  const info = await app.call<{ clock: string; clockRate?: number }>('app:info');
  expect(info).toMatchObject({ clock: 'fast', clockRate: 300 });
});
