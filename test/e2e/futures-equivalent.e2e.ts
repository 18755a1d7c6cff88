// SPX's levels on ES, end to end against the app's simulated market: the Levels table's
// "ES equivalent" column (each level plus the basis, on ES's 0.25 tick) with the contract and the basis in its
// caption, the ES export (a TradingView script for ES1! whose lines are labelled with the SPX level
// they come from, marked simulated), and a level rule on the ES equivalent of the SPX flip.
// Screenshots: test/artifacts/screenshots/futures-equivalent-*.png.
import type { LevelsData } from '../../src/shared/api/levels.ts';
import { formatLevel } from '../../src/shared/figure-format.ts';
import { onTick } from '../../src/shared/futures-contract.ts';
import { expect, snap, test } from './fixtures.ts';
import { holdStill } from './support/polls.ts';

test.describe.configure({ mode: 'serial' });
test.use({ appLabel: 'futures-equivalent' });

const TICKER = 'SPX';

interface ViewAnswer {
  data: LevelsData | null;
}

async function storedLevels(app: { call: <T>(name: string, input?: unknown) => Promise<T> }) {
  return (await app.call<ViewAnswer>('ticker:view', { ticker: TICKER, view: 'levels' })).data;
}

test.beforeAll(async ({ app }) => {
  test.setTimeout(200_000);
  await app.call('app:completeOnboarding', { watchlistName: 'Index', tickers: [TICKER] });
  await app.call('poll:refreshNow', {});
  await expect
    .poll(async () => (await storedLevels(app))?.futures_equivalent?.basis ?? null, { timeout: 170_000 })
    .not.toBeNull();
  await holdStill(app);
});

test('Levels table: the ES column is each level plus the basis on the tick, the contract in the caption', async ({
  gw,
  app,
}) => {
  const data = (await storedLevels(app)) as LevelsData;
  const fe = data.futures_equivalent;
  const basis = fe?.basis as number;
  await gw.goto(`${app.origin}/#/ticker/${TICKER}/levels`);
  const panel = gw.getByTestId('panel-levels');
  await expect(panel).toBeVisible({ timeout: 60_000 });
  await expect(panel.locator('th', { hasText: 'ES equivalent' })).toBeVisible();
  await expect(gw.getByTestId('levels-future-caption')).toContainText(`ES equivalent: ${fe?.contract}`);
  // The stored payload's figure: the flip + the basis, on ES's 0.25 tick (the basis to the cent).
  const flip = data.levels.find((l) => l['id'] === 'gamma_flip')?.price as number;
  expect(fe?.tick).toBe(0.25);
  expect(fe?.levels['gamma_flip']).toBe(onTick('ES', flip + basis));
  expect(Number.isInteger((fe?.levels['gamma_flip'] as number) / 0.25)).toBe(true);
  await expect(gw.getByTestId('level-future-gamma_flip')).toHaveText(
    formatLevel(fe?.levels['gamma_flip'], TICKER),
  );
  await expect(gw.getByTestId('copy-tradingview-future')).toHaveText('TradingView (ES1!)');
  await snap(gw, 'futures-equivalent-01-levels-table');
});

test('the ES export: a script for ES1!, every line labelled with its SPX level, marked simulated', async ({
  app,
}) => {
  const data = (await storedLevels(app)) as LevelsData;
  const out = await app.call<{ text: string; suggestedName: string }>('ticker:levelsText', {
    ticker: TICKER,
    format: 'tradingview',
    equivalent: 'future',
  });
  expect(out.suggestedName).toBe('SPX-ES-levels-tradingview.txt');
  expect(out.text).toContain('gwSymbols = array.from("ES1!"');
  expect(out.text).toContain('Simulated data');
  const lines = out.text.split('\n').filter((l) => l.trim().startsWith('gwLevel(show'));
  expect(lines.length).toBe(Object.keys(data.futures_equivalent?.levels ?? {}).length);
  for (const line of lines) expect(line).toMatch(/\(SPX [\d.]+\) [\d.]+ \(simulated\)"/);
});

test('a level rule on the ES equivalent of the SPX flip', async ({ gw, app }) => {
  await gw.goto(`${app.origin}/#/alerts/rules`);
  await gw.getByTestId('new-rule').click();
  await gw.getByTestId('rule-name').fill('ES flip');
  await gw.getByTestId('rule-kind').selectOption({ label: 'Spot crosses a price level' });
  await gw.getByTestId('rule-level').selectOption({ label: 'ES/NQ/RTY equivalent of the gamma flip' });
  await gw.getByTestId('rule-scope').selectOption({ label: 'One ticker' });
  await gw.getByTestId('rule-scope-ticker').fill(TICKER);
  await gw.getByTestId('rule-save').click();
  await expect(gw.getByTestId('rule-editor')).toBeHidden();
  const rules = await app.call<{ name: string; condition: { level?: string } }[]>('rules:list');
  expect(rules.find((r) => r.name === 'ES flip')?.condition.level).toBe('future.gamma_flip');
  await snap(gw, 'futures-equivalent-02-rule');
});
