// Setups with legs, as a trader reads them: the ticker page's trade setup shows each structure's
// legs from the snapshot's chain (side, quantity, expiration, strike, type, bid/ask, mid, delta,
// OI) with its net debit or credit, breakeven, max gain and max loss; the Rankings income table
// shows each row's contract (expiration, delta, bid/ask, OI, breakeven, yield). Screenshots:
// test/artifacts/screenshots/setup-legs-*.png.
import type { StructureLegs, TradeSetupData } from '../../src/shared/api/index.ts';
import type { IncomeResult } from '../../src/shared/bridge/rankings.ts';
import { isIndexUnderlying } from '../../src/shared/index-underlyings.ts';
import { expect, snap, test } from './fixtures.ts';
import { holdStill } from './support/polls.ts';

test.describe.configure({ mode: 'serial' });
test.use({ appLabel: 'setup-legs' });

const WATCHED = ['SPY', 'QQQ', 'IWM', 'AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'XLF'];

test.beforeAll(async ({ app }) => {
  test.setTimeout(240_000);
  await app.call('app:completeOnboarding', { watchlistName: 'Core', tickers: WATCHED });
  await app.call('poll:refreshNow', {});
});

const money = (x: number): string =>
  `$${x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test("a ticker's trade setup lists its legs with net, breakeven, max gain and max loss", async ({
  gw,
  app,
}) => {
  // A watched ticker whose stored trade setup has a structure with legs.
  let found: { ticker: string; setup: StructureLegs } | null = null;
  await expect
    .poll(
      async () => {
        for (const ticker of WATCHED) {
          const view = await app
            .call<{ data: TradeSetupData | null }>('ticker:view', { ticker, view: 'trade_setup' })
            .catch(() => null);
          const setup = view?.data?.trade_recommendation.structure_legs?.find((s) => s.legs.length > 0);
          if (setup) {
            found = { ticker, setup };
            return true;
          }
        }
        return false;
      },
      { timeout: 180_000 },
    )
    .toBe(true);
  const { ticker } = found as unknown as { ticker: string; setup: StructureLegs };
  // Hold the data still, then read the setup the page will show: on the fast clock a later poll
  // may pick another listed expiration (the nearest to the window moves with the date).
  await holdStill(app);
  const stored = await app.call<{ data: TradeSetupData | null }>('ticker:view', {
    ticker,
    view: 'trade_setup',
  });
  const setup = stored.data?.trade_recommendation.structure_legs?.find((s) => s.legs.length > 0);
  if (!setup) throw new Error(`${ticker}: the stored setup has no legs any more`);

  await gw.goto(`${app.origin}/#/ticker/${ticker}/trade_setup`);
  const legsList = gw.getByTestId('trade-setup-legs');
  await expect(legsList).toBeVisible();
  const block = legsList.locator(`[data-testid="setup-legs"][data-strategy="${setup.strategy}"]`).first();
  const rows = block.getByTestId('leg-row');
  await expect(rows).toHaveCount(setup.legs.length);
  for (const [i, leg] of setup.legs.entries()) {
    const row = rows.nth(i);
    await expect(row.locator('td').first()).toHaveText(leg.action === 'buy' ? 'Buy' : 'Sell');
    await expect(row.getByTestId('leg-strike')).toHaveText(money(leg.strike));
    await expect(row).toContainText(leg.expiration);
    await expect(row).toContainText(leg.option_type === 'call' ? 'Call' : 'Put');
    await expect(row.getByTestId('leg-mid')).toHaveText(money(leg.mid));
  }
  // The figures below the table are the setup's net, per contract and per share, and that net is
  // the net of the mids. The setup's figure is compared, not the sum here: 10.425 summed in floating
  // point is 10.42499…, which rounds to the other cent.
  const net = setup.legs.reduce((s, l) => s + (l.action === 'buy' ? 1 : -1) * l.mid, 0);
  expect(setup.net_price).toBeCloseTo(Math.abs(net), 9);
  expect(setup.net_per_contract).toBeCloseTo(Math.abs(net) * 100, 7);
  await expect(block.getByTestId('legs-net')).toHaveText(
    `${money(setup.net_per_contract ?? Number.NaN)} (${money(setup.net_price ?? Number.NaN)}/sh)`,
  );
  await expect(block.getByTestId('legs-payoff')).toContainText(net > 0 ? 'Net debit' : 'Net credit');
  await expect(block.getByTestId('legs-breakeven')).toHaveText(/\$\d/);
  await expect(block.getByTestId('legs-max-loss')).toHaveText(
    /^(\$[\d,]+\.\d\d \(\$[\d,]+\.\d\d\/sh\)|Unlimited)$/,
  );
  await expect(block.getByTestId('legs-max-gain')).toHaveText(
    /^(\$[\d,]+\.\d\d \(\$[\d,]+\.\d\d\/sh\)|Unlimited|Not fixed)$/,
  );
  await block.scrollIntoViewIfNeeded();
  await snap(gw, 'setup-legs-01-trade-setup');
  await app.call('poll:resume', {});
});

test('income rows show expiration, delta, bid/ask, OI, breakeven and yield', async ({ gw, app }) => {
  let first: IncomeResult['items'][number] | undefined;
  await expect
    .poll(
      async () => {
        const out = await app.call<IncomeResult>('rankings:income', { limit: 50 }).catch(() => null);
        first = out?.items.find((i) => i.expiration !== undefined);
        return first !== undefined;
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  await gw.goto(`${app.origin}/#/rankings/income`);
  const table = gw.getByTestId('income-table');
  await expect(table).toBeVisible();
  for (const header of ['Expiration', 'Delta', 'Bid / ask', 'OI', 'Breakeven', 'Yield', 'Yield (ann.)'])
    await expect(table.locator('thead th', { hasText: header }).first()).toBeVisible();
  const rows = table.getByTestId('income-row');
  await expect(rows.first()).toBeVisible();
  for (const cell of await rows.getByTestId('income-expiration').allTextContents())
    expect(cell).toMatch(/^\d{4}-\d\d-\d\d$/);
  for (const cell of await rows.getByTestId('income-delta').allTextContents())
    expect(cell).toMatch(/^−?0\.\d\d$/);
  for (const cell of await rows.getByTestId('income-bid-ask').allTextContents())
    expect(cell).toMatch(/^\$[\d,]+\.\d\d \/ \$[\d,]+\.\d\d$|^—$/);
  for (const cell of await rows.getByTestId('income-oi').allTextContents()) expect(cell).toMatch(/^[\d,]+$/);
  for (const cell of await rows.getByTestId('income-breakeven').allTextContents())
    expect(cell).toMatch(/^\$?[\d,]+\.\d\d$/);
  for (const cell of await rows.getByTestId('income-period-yield').allTextContents())
    expect(cell).toMatch(/^\d+\.\d{1,2}%$/);
  // A row as the bridge served it: the same expiration and OI on screen.
  const row = rows.filter({ hasText: (first as { ticker: string }).ticker }).filter({
    hasText: (first as { expiration: string }).expiration,
  });
  await expect(row.first()).toBeVisible();
  // An index has no shares: no covered call, and its short put reads as cash-settled.
  for (const r of await rows.all()) {
    const ticker = (await r.locator('td').first().innerText()).trim();
    if (!isIndexUnderlying(ticker)) continue;
    await expect(r.locator('td').nth(1)).toHaveText('Cash-settled short put');
  }
  await snap(gw, 'setup-legs-02-income');
});

test('SPY lists dailies: its trade setup shows the 0DTE structures with the stance, reason and legs', async ({
  gw,
  app,
}) => {
  // The fast clock starts on a Monday session: SPY's chain lists an expiration ending that day.
  type ZeroDteSetup = NonNullable<TradeSetupData['trade_recommendation']['zero_dte_setup']>;
  // Written by the poll's callback: TypeScript cannot see that, so it is read through a cast below.
  let zd = null as ZeroDteSetup | null;
  await expect
    .poll(
      async () => {
        const view = await app
          .call<{ data: TradeSetupData | null }>('ticker:view', { ticker: 'SPY', view: 'trade_setup' })
          .catch(() => null);
        zd = view?.data?.trade_recommendation.zero_dte_setup ?? null;
        return zd !== null;
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  // The fast clock moves SPY every few seconds, and a reason names a price ("a bid at or below
  // 656.16"): pause polling with no run in flight, then read the setup until two reads agree,
  // which is what the page will show.
  await holdStill(app);
  let last = '';
  let frozen = null as ZeroDteSetup | null;
  await expect
    .poll(
      async () => {
        const view = await app.call<{ data: TradeSetupData | null }>('ticker:view', {
          ticker: 'SPY',
          view: 'trade_setup',
        });
        frozen = view.data?.trade_recommendation.zero_dte_setup ?? null;
        const now = JSON.stringify(frozen);
        const same = now === last;
        last = now;
        return same && frozen !== null;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
  const setup = (frozen ?? zd) as unknown as ZeroDteSetup;
  await gw.goto(`${app.origin}/#/ticker/SPY/trade_setup`);
  const block = gw.getByTestId('zero-dte-setup');
  await expect(block).toBeVisible();
  await expect(block).toHaveAttribute('data-stance', setup.stance);
  await expect(block).toContainText(`0DTE (${setup.expiration})`);
  await expect(block.getByTestId('zero-dte-reason')).toContainText(/gamma/);
  const tables = block.getByTestId('setup-legs');
  await expect(tables).toHaveCount(setup.structure_legs.length);
  for (const [i, s] of setup.structure_legs.entries()) {
    const t = tables.nth(i);
    if (s.legs.length === 0) {
      await expect(t.getByTestId('legs-unavailable')).toContainText(s.legs_unavailable_reason ?? '');
      continue;
    }
    await expect(t.getByTestId('leg-row')).toHaveCount(s.legs.length);
    for (const [j, leg] of s.legs.entries()) {
      await expect(t.getByTestId('leg-row').nth(j).getByTestId('leg-strike')).toHaveText(money(leg.strike));
    }
  }
  await block.scrollIntoViewIfNeeded();
  await snap(gw, 'setup-legs-03-zero-dte');
  await app.call('poll:resume', {});
});
