// Alerts on real data, from Tradier through its local stand-in (Tradier's documented shapes): the
// stand-in quotes the real Cboe TSLA chain; with the two rules set it quotes the next session
// instead and the trader asks for a refresh, so the collector writes the new chain file into its
// folder. Both alerts must reach the desktop and the alerts list at once, the open ticker page
// moving with it. The scenario itself: support/real-data-alerts.ts.
import { importChainFile, importChainText } from '../../src/service/market/import/index.ts';
import { TradierStandIn } from '../support/tradier-stand-in.ts';
import {
  CBOE_SAMPLE,
  createRules,
  desktopTest,
  expectBothAlerts,
  nextSessionFile,
  TICKER,
  watchFirstSnapshot,
  withoutDesktop,
} from './support/real-data-alerts.ts';

const TOKEN = 'e2e-sandbox-token-38a1';

const test = desktopTest.extend<object, { tradier: TradierStandIn }>({
  tradier: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const standin = await TradierStandIn.start({ token: TOKEN });
      standin.addChain((await importChainFile(CBOE_SAMPLE)).chain);
      await use(standin);
      await standin.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // The test desktop's, and Tradier's address pointed at the stand-in.
  appEnv: [
    async ({ desktop, tradier }, use) =>
      use({ ...desktop.appEnv, GAMMAWATCH_TRADIER_BASE_URL: tradier.origin }),
    { scope: 'worker' },
  ],
});

// Its own app, on its own desktop.
test.use({ appLabel: 'alerts-real-data-tradier' });
test.skip(...withoutDesktop);

test('Tradier quotes that cross both rules, then Refresh now: desktop notifications, alerts list, live ticker page', async ({
  gw,
  app,
  desktop,
  tradier,
}) => {
  await app.call('secrets:set', { name: 'tradierToken', value: TOKEN });
  await watchFirstSnapshot(gw, app, {
    kind: 'tradier',
    environment: 'sandbox',
    tickers: [TICKER],
    dir: null,
  });
  await createRules(gw, app, 'tradier');
  // Tradier now quotes the next session; the trader asks for a refresh (what "Refresh now" sends).
  await expectBothAlerts(gw, app, desktop, 'tradier', async () => {
    tradier.addChain(importChainText(nextSessionFile(), 'tsla_quotedata (1).csv').chain);
    await app.call('poll:refreshNow', {});
  });
});
