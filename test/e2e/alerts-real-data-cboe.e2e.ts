// Alerts on real data, from Cboe's free delayed quotes through a local stand-in of Cboe's CDN
// (Cboe-shaped JSON built from the real Cboe TSLA chain): the trader watches TSLA on the simulator,
// then chooses "Cboe delayed quotes, 15 min, no account" in Settings → Data source and uses it; the
// collector fetches TSLA into its folder and the header says the data is 15 minutes delayed. With
// the two rules set, Cboe's next answer is the next session's chain and the trader asks for a
// refresh: the new fetch crosses both rules, and both alerts must reach the desktop and the alerts
// list at once, the open ticker page moving with it. The scenario itself: support/real-data-alerts.ts.
import { importChainFile, importChainText } from '../../src/service/market/import/index.ts';
import { CboeStandIn, cboeBodyFromChain } from '../support/cboe-stand-in.ts';
import { expect, snap } from './fixtures.ts';
import { chooseTab } from './support/choose.ts';
import {
  CBOE_SAMPLE,
  createRules,
  desktopTest,
  expectBothAlerts,
  nextSessionFile,
  TICKER,
  withoutDesktop,
} from './support/real-data-alerts.ts';
import type { Timeline } from '../../src/shared/bridge/history.ts';

const test = desktopTest.extend<object, { cboe: CboeStandIn }>({
  cboe: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const standin = await CboeStandIn.start();
      standin.setBody(TICKER, cboeBodyFromChain((await importChainFile(CBOE_SAMPLE)).chain));
      await use(standin);
      await standin.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // The test desktop's, and Cboe's address pointed at the stand-in.
  appEnv: [
    async ({ desktop, cboe }, use) => use({ ...desktop.appEnv, GAMMAWATCH_CBOE_BASE_URL: cboe.origin }),
    { scope: 'worker' },
  ],
});

// Its own app, on its own desktop.
test.use({ appLabel: 'alerts-real-data-cboe' });
test.skip(...withoutDesktop);

test('Cboe delayed quotes chosen in Settings, then a fetch that crosses both rules: desktop notifications, alerts list, live ticker page', async ({
  gw,
  app,
  desktop,
  cboe,
}) => {
  await app.call('app:completeOnboarding', { watchlistName: 'Real', tickers: [TICKER] });

  // Settings → Data source: the Cboe choice, its terms, and "Use this source".
  await gw.goto(`${app.origin}/#/settings/data-source`);
  const panel = gw.getByTestId('data-source-panel');
  await panel.getByRole('radio', { name: /Cboe delayed quotes, 15 min, no account/ }).check();
  await expect(panel.getByTestId('cboe-terms')).toContainText('personal use');
  await snap(gw, 'alerts-real-data-cboe-0-settings');
  await panel.getByRole('button', { name: 'Use this source' }).click();
  await expect(panel.getByTestId('source-in-use')).toContainText('Cboe delayed quotes (15 min delayed)', {
    timeout: 60_000,
  });
  // The first fetch is in history and on the watchlist; the header says how old it is.
  await expect
    .poll(async () => (await app.call<Timeline>('ticker:timeline', { ticker: TICKER })).entries.length, {
      timeout: 90_000,
    })
    .toBe(1);
  await expect(panel.getByTestId('source-in-use')).toContainText('Cboe · 15 min delayed · as of 22:38 ET', {
    timeout: 30_000,
  });
  await snap(gw, 'alerts-real-data-cboe-0-switched');
  expect(cboe.requests[0]?.path).toBe(`/api/global/delayed_quotes/options/${TICKER}.json`);
  expect(cboe.requests[0]?.userAgent).toMatch(/^Gammawatch\/\S+ \(\+personal use\)$/);
  await gw.goto(`${app.origin}/#/watchlists`);
  await expect(gw.getByTestId(`row-${TICKER}`).locator('td.num').first()).toHaveText('$218.80', {
    timeout: 60_000,
  });

  await createRules(gw, app, 'cboe');
  // Cboe now answers with the next session's chain; the trader asks for a refresh (what "Refresh
  // now" sends), which fetches it.
  await expectBothAlerts(gw, app, desktop, 'cboe', async () => {
    const next = importChainText(nextSessionFile(), 'tsla_quotedata (1).csv').chain;
    cboe.setBody(TICKER, cboeBodyFromChain(next));
    await app.call('poll:refreshNow', {});
  });
  expect(cboe.requests.map((r) => r.status)).toContain(200);
  // Every chart's "as of" says the figures are 15 minutes delayed.
  await chooseTab(gw, 'Curves');
  await expect(gw.getByTestId('chart-gex-asof')).toHaveText(/^as of .+ · 15 min delayed$/, {
    timeout: 30_000,
  });
  await snap(gw, 'alerts-real-data-cboe-4-curves-delayed');
});
