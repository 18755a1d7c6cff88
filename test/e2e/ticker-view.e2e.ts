// The ticker view as a trader uses it: a ticker opened from Rankings that is on no watchlist is
// fetched on demand and every tab has data (Market structure with its walls, Signals, Levels); the
// flip distance reads with one sign and one explanation on the watchlist row and in the detail
// view. Screenshots: test/artifacts/screenshots/ticker-view-*.png.
import type { Locator, Page } from '@playwright/test';
import { expect, snap, test } from './fixtures.ts';
import { chooseTab } from './support/choose.ts';
import { holdStill } from './support/polls.ts';

test.describe.configure({ mode: 'serial' });
// Its own app: the watchlist must hold SPY only.
test.use({ appLabel: 'ticker-view' });

test.beforeAll(async ({ app }) => {
  await app.call('app:completeOnboarding', { watchlistName: 'Core', tickers: ['SPY'] });
  await app.call('poll:refreshNow', {});
});

async function setTheme(page: Page, origin: string, theme: 'light' | 'dark'): Promise<void> {
  await page.goto(`${origin}/#/settings`);
  await page.getByTestId(`theme-${theme}`).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/**
 * An element's text and its title, read in one go: they must agree with each other, whatever
 * re-render (a snapshot event, a clock tick) comes between two separate reads.
 */
function textAndTitle(locator: Locator, textOf?: string): Promise<[string, string]> {
  return locator.evaluate((el, selector) => {
    const textEl = selector ? el.querySelector(selector) : el;
    return [(textEl?.textContent ?? '').trim(), el.getAttribute('title') ?? ''];
  }, textOf ?? null);
}

/** "+1.79%" or "−1.79%" → its sign and size as the tooltip writes them. */
function sentenceFor(shown: string): RegExp {
  const size = shown.replace(/[+−%\s]/g, '');
  if (Number(size) === 0) return /spot is at the flip/;
  const where = shown.startsWith('−') ? 'below' : 'above';
  return new RegExp(`the flip is ${size.replace('.', '\\.')}% ${where} spot`);
}

test('a ranked ticker on no watchlist is fetched on demand; every tab shows data', async ({ gw, app }) => {
  await gw.goto(`${app.origin}/#/rankings/top_setups`);
  const table = gw.getByTestId('ranking-table');
  await expect(table).toBeVisible({ timeout: 90_000 });
  const names = (await table.locator('tbody a').allInnerTexts()).map((t) => t.trim());
  const ticker = names.find((t) => t && t !== 'SPY');
  expect(ticker, `a ranked ticker other than SPY among ${names.join(', ')}`).toBeTruthy();
  await table
    .getByRole('link', { name: ticker as string, exact: true })
    .first()
    .click();

  await expect(gw.getByTestId('ticker-title')).toHaveText(ticker as string);
  await expect(gw.getByTestId('on-demand-banner')).toContainText('Fetched on demand at', { timeout: 30_000 });
  await expect(gw.getByTestId('ticker-no-data')).toHaveCount(0);

  // Market structure, with the walls among the key levels.
  await chooseTab(gw, 'Market structure');
  await expect(gw.getByTestId('panel-market-structure')).toBeVisible();
  const ladder = gw.getByTestId('level-ladder');
  for (const wall of ['Call wall', 'Put wall', 'Max pain'])
    await expect(ladder.getByText(wall, { exact: true })).toBeVisible();
  // The badge reads the card's gamma, never "n/a" beside a "dealers … gamma" card.
  await expect(gw.getByTestId('ticker-gamma')).toHaveText(/Long γ|Short γ/);

  // One expected move: the ±1σ 1D distance is the same on both tabs.
  const plus1d = ladder.getByRole('listitem').filter({ hasText: '+1σ 1D' });
  const structureMove = (await plus1d.locator('.num').last().innerText()).trim();
  await snap(gw, 'ticker-view-structure-dark');

  await chooseTab(gw, 'Signals');
  await expect(gw.getByTestId('panel-signals')).toBeVisible();
  await expect(gw.getByTestId('panel-signals')).toContainText('IV rank');

  await chooseTab(gw, 'Levels');
  await expect(gw.getByTestId('panel-levels')).toBeVisible();
  await expect(gw.getByTestId('level-call_wall')).toContainText('Call wall');
  await expect(gw.getByTestId('level-put_wall')).toContainText('Put wall');
  await expect(gw.getByTestId('level-plus_1sigma_1d')).toContainText(structureMove);
  await snap(gw, 'ticker-view-levels-dark');

  // Fetched, not watched: no list gained the ticker.
  const lists = await app.call<{ tickers: string[] }[]>('watchlists:list');
  expect(lists.flatMap((l) => l.tickers)).toEqual(['SPY']);

  await setTheme(gw, app.origin, 'light');
  await gw.goto(`${app.origin}/#/ticker/${ticker}/overview`);
  await expect(gw.getByTestId('level-ladder')).toBeVisible();
  await expect(gw.getByTestId('on-demand-banner')).toBeVisible();
  await snap(gw, 'ticker-view-structure-light');
  await setTheme(gw, app.origin, 'dark');
});

test('the flip distance has one sign and one explanation on the row and in the detail', async ({
  gw,
  app,
}) => {
  // Hold the data still while both places are read.
  await holdStill(app);
  try {
    await gw.goto(`${app.origin}/#/watchlists`);
    const cell = gw.getByTestId('to-flip-SPY');
    await expect(cell).toHaveText(/[+−]?\d/, { timeout: 60_000 });
    const [rowText, rowTitle] = await textAndTitle(cell);
    expect(rowTitle).toMatch(sentenceFor(rowText));
    // textContent: the table cell may wrap the glyph onto its own line in innerText.
    const [rowBadge, rowBadgeTitle] = await textAndTitle(gw.getByTestId('gamma-SPY'));

    await gw.getByTestId('open-SPY').click();
    // The header reads the card's record (one distance on the page), whose snapshot may be a poll
    // apart from the row's signals: the same sign, each explained by its own number.
    const detail = gw.getByTestId('ticker-flip-distance');
    await expect(detail).toHaveText(/^[+−]?\d+\.\d{2}%$/);
    const [detailText, detailTitle] = await textAndTitle(
      gw.getByTestId('ticker-flip'),
      '[data-testid="ticker-flip-distance"]',
    );
    expect(detailText.startsWith('−')).toBe(rowText.startsWith('−'));
    expect(detailTitle).toMatch(sentenceFor(detailText));
    await expect(gw.getByTestId('ticker-flip')).toContainText(
      rowText.startsWith('−') ? 'below spot' : 'above spot',
    );
    await expect(gw.getByTestId('ticker-gamma')).toHaveText(rowBadge);
    await expect(gw.getByTestId('ticker-gamma')).toHaveAttribute('title', rowBadgeTitle);
    // The card's figure (its own snapshot) explains itself the same way, with the same sign.
    const [cardText, cardTitle] = await textAndTitle(gw.getByTestId('structure-flip-distance'));
    expect(cardTitle).toMatch(sentenceFor(cardText));
    expect(cardText.startsWith('−')).toBe(rowText.startsWith('−'));
    await snap(gw, 'ticker-view-spy-dark');
  } finally {
    await app.call('poll:resume', {});
  }
});
