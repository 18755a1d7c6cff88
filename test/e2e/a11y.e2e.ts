// Accessibility, end to end: every main view in the light and the dark theme passes axe with no
// serious or critical violation (colour contrast included), and a keyboard-only user can walk
// the navigation, open a ticker and switch its tabs, always seeing where the focus is. Also the
// curve state a trader meets when the data source is down ("unreachable", with a retry). Every
// table of every view is readable in a window 1280 and 1440 pixels wide: no head or cell runs
// into its neighbour and no table is cut off at the side.
// Screenshots go to test/artifacts/screenshots/a11y-*.png and width-*.png.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, REPO, snap, stopChild, test, type RunningApp } from './fixtures.ts';
import { startRemote } from './support/remote-service.ts';
import { holdStill } from './support/polls.ts';

test.describe.configure({ mode: 'serial' });
// Its own app: the theme and the data source are changed here.
test.use({ appLabel: 'a11y' });

const TICKER = 'SPY';
/** A symbol of the demo set, for a remote source in demo mode. */
const DEMO_TICKER = 'AAPL';
const THEMES = ['dark', 'light'] as const;

interface View {
  name: string;
  hash: string;
  /** What shows once the view has its data. */
  ready: (page: Page) => Locator;
}

const TICKER_TABS: [string, string][] = [
  ['overview', 'panel-market-structure'],
  ['signals', 'panel-signals'],
  ['explain', 'panel-explain'],
  ['trade_setup', 'panel-trade-setup'],
  ['levels', 'panel-levels'],
  ['price', 'price-levels-chart'],
  ['curves', 'chart-gex'],
  ['state', 'panel-state'],
];

const VIEWS: View[] = [
  { name: 'watchlists', hash: '#/watchlists', ready: (p) => p.getByTestId(`row-${TICKER}`) },
  ...TICKER_TABS.map(([tab, testid]) => ({
    name: `ticker-${tab}`,
    hash: `#/ticker/${TICKER}/${tab}`,
    ready: (p: Page) => p.getByTestId(testid),
  })),
  {
    name: 'rankings-top',
    hash: '#/rankings/top_setups',
    ready: (p) => p.getByTestId('ranking-table').or(p.getByTestId('no-rankings')),
  },
  {
    name: 'rankings-screeners',
    hash: '#/rankings/screeners',
    ready: (p) => p.getByTestId('ranking-table').or(p.getByTestId('no-rankings')),
  },
  {
    name: 'rankings-income',
    hash: '#/rankings/income',
    ready: (p) => p.getByTestId('income-table').or(p.getByTestId('no-income')),
  },
  {
    name: 'alerts-history',
    hash: '#/alerts/history',
    ready: (p) => p.getByTestId('alert-list').or(p.getByTestId('no-alerts')),
  },
  { name: 'alerts-rules', hash: '#/alerts/rules', ready: (p) => p.getByTestId('rule-list') },
  { name: 'history', hash: `#/history/${TICKER}`, ready: (p) => p.getByTestId('timeline') },
  { name: 'settings', hash: '#/settings', ready: (p) => p.getByTestId('poll-panel') },
];

/** Opens a view and waits until it has its data and nothing in it is still loading. */
async function open(page: Page, app: RunningApp, view: View): Promise<void> {
  await page.goto(`${app.origin}/${view.hash}`);
  await expect(view.ready(page).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('main [data-testid="loading"], main .spinner')).toHaveCount(0, {
    timeout: 60_000,
  });
  // Colours mid-transition (a theme switch, a changed cell's flash) are not the ones a user reads.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** One line per serious or critical violation: rule, impact, where, and why. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim()}`,
      ),
    );
}

/** Whether the focused element shows it: an outline or a box-shadow ring. */
function focusShown(page: Page): Promise<{ testid: string | null; tag: string; shown: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { testid: null, tag: 'body', shown: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return { testid: el.getAttribute('data-testid'), tag: el.tagName.toLowerCase(), shown: outline || ring };
  });
}

/** Presses Tab until the element with `testid` has the focus (at most `max` presses). */
async function tabTo(page: Page, testid: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const focus = await focusShown(page);
    if (focus.testid === testid) {
      expect(focus.shown, `focus on ${testid} is visible`).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${testid} in ${max} presses`);
}

test.beforeAll(async ({ app }) => {
  test.setTimeout(240_000);
  await app.call('app:completeOnboarding', { watchlistName: 'Core', tickers: [TICKER, 'QQQ'] });
  await app.call('poll:refreshNow', {});
  // Every view has something to show once the first polls of the list have landed.
  await expect
    .poll(
      async () =>
        (
          await app.call<{ data: { points: unknown[] } | null }>('ticker:curve', {
            ticker: TICKER,
            kind: 'gex_by_strike',
          })
        ).data?.points.length ?? 0,
      { timeout: 180_000 },
    )
    .toBeGreaterThan(0);
  await expect
    .poll(
      async () =>
        (await app.call<{ data: unknown }>('ticker:view', { ticker: TICKER, view: 'market_structure' }))
          .data !== null,
      { timeout: 60_000 },
    )
    .toBe(true);
  // Hold the data still: an axe run must not race a re-render.
  await holdStill(app);
});

for (const theme of THEMES) {
  test(`every main view in the ${theme} theme: no serious or critical axe violation`, async ({ gw, app }) => {
    test.setTimeout(300_000);
    await app.call('settings:update', { theme });
    const found: Record<string, string[]> = {};
    for (const view of VIEWS) {
      await open(gw, app, view);
      await expect(gw.locator('html')).toHaveAttribute('data-theme', theme);
      const violations = await seriousViolations(gw);
      if (violations.length) found[view.name] = violations;
      await snap(gw, `a11y-${theme}-${view.name}`);
    }
    expect(found, 'serious/critical axe violations per view').toEqual({});
  });
}

/**
 * What stops a reader in the tables on screen: a head or cell whose text is wider than its box (it
 * runs into the next one; text cut with an ellipsis by design is allowed, its whole text is in a
 * title), a table wider than what shows of it (a column cut off at the side) unless it scrolls
 * with its first column pinned, and a page wider than the window, each named.
 */
function unreadableTables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const name = (el: Element): string =>
      `${el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.tagName.toLowerCase()}`;
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      const box = table.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      for (const cell of Array.from(table.querySelectorAll('th, td')) as HTMLElement[]) {
        const text = cell.innerText.trim();
        if (text === '' || cell.getClientRects().length === 0) continue;
        const style = getComputedStyle(cell);
        const ellipsis = style.textOverflow === 'ellipsis' && style.overflowX === 'hidden';
        if (!ellipsis && cell.scrollWidth > cell.clientWidth + 1)
          found.push(
            `${name(table)}: "${text.replace(/\s+/g, ' ')}" is ${cell.scrollWidth} px in ${cell.clientWidth}`,
          );
      }
      // Scrolling sideways is readable only with the row's name pinned (its first column sticky).
      const first = table.querySelector('tbody td:first-child');
      const pinned = first !== null && getComputedStyle(first).position === 'sticky';
      for (let up = table.parentElement; up && up !== document.body; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        if (!pinned && (overflow === 'auto' || overflow === 'scroll') && up.scrollWidth > up.clientWidth + 1)
          found.push(`${name(table)}: ${up.scrollWidth} px wide in ${up.clientWidth} px (scrolls sideways)`);
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide in ${window.innerWidth}`);
    return found;
  });
}

test('every table of every view is readable in a window 1280 and 1440 pixels wide', async ({ gw, app }) => {
  test.setTimeout(300_000);
  await app.call('settings:update', { theme: 'light' });
  const found: Record<string, string[]> = {};
  for (const width of [1280, 1440]) {
    await gw.setViewportSize({ width, height: 900 });
    for (const view of VIEWS) {
      await open(gw, app, view);
      const problems = await unreadableTables(gw);
      if (problems.length) found[`${width} ${view.name}`] = problems;
    }
    await open(gw, app, VIEWS[0] as View);
    await snap(gw, `width-${width}-watchlists`);
  }
  expect(found, 'tables a reader cannot read, per width and view').toEqual({});
});

test('keyboard only: the navigation, a ticker, its tabs, with the focus always visible', async ({
  gw,
  app,
}) => {
  await app.call('settings:update', { theme: 'dark' });
  await open(gw, app, VIEWS[0] as View);
  // From the top of the page: every navigation link in order.
  await gw.locator('body').focus();
  for (const name of ['watchlists', 'rankings', 'alerts', 'history', 'settings'])
    await tabTo(gw, `nav-${name}`);
  await gw.keyboard.press('Enter');
  await expect(gw.getByTestId('poll-panel')).toBeVisible();

  // Back to the watchlists by keyboard, then into a ticker.
  await gw.getByTestId('nav-settings').focus();
  await gw.keyboard.press('Shift+Tab');
  await gw.keyboard.press('Shift+Tab');
  await gw.keyboard.press('Shift+Tab');
  await gw.keyboard.press('Shift+Tab');
  expect((await focusShown(gw)).testid).toBe('nav-watchlists');
  await gw.keyboard.press('Enter');
  await expect(gw.getByTestId(`row-${TICKER}`)).toBeVisible();
  await tabTo(gw, `open-${TICKER}`);
  await gw.keyboard.press('Enter');
  await expect(gw.getByTestId('ticker-title')).toHaveText(TICKER);
  await expect(gw.getByTestId('panel-market-structure')).toBeVisible();

  // The tab list is one stop; arrows move between its tabs and the panel follows.
  await tabTo(gw, 'tab-overview');
  await snap(gw, 'a11y-keyboard-tab-focus');
  for (const [tab, panel] of TICKER_TABS.slice(1)) {
    await gw.keyboard.press('ArrowRight');
    await expect(gw.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
    await expect(gw.getByTestId(`tab-${tab}`)).toBeFocused();
    const focus = await focusShown(gw);
    expect(focus.shown, `focus on tab-${tab} is visible`).toBe(true);
    await expect(gw.getByTestId(panel)).toBeVisible({ timeout: 30_000 });
  }
  // Home goes back to the first tab.
  await gw.keyboard.press('Home');
  await expect(gw.getByTestId('tab-overview')).toHaveAttribute('aria-selected', 'true');
  await expect(gw.getByTestId('tab-overview')).toBeFocused();
});

test('a curve never stored, with the data source down, reads "unreachable" with a retry', async ({
  page,
  app,
}) => {
  test.setTimeout(240_000);
  // A remote API v2 the app polls (its snapshots are that source's own: what it shows offline),
  // then a copy of the database (an online backup, consistent while the app runs), the remote
  // stopped, and a second app started on the copy with that remote as its source, now down. Demo
  // mode reads the demo set only (the official client's eight): AAPL is in it.
  const remote = await startRemote([]);
  let stopped = false;
  try {
    await app.call('watchlists:create', { name: 'Remote down', tickers: [DEMO_TICKER] });
    await app.call('settings:update', {
      dataSource: { kind: 'remote', baseUrl: remote.baseUrl, demo: true },
    });
    await app.call('poll:refreshNow', { job: 'curves' });
    await expect
      .poll(
        async () =>
          (
            await app.call<{ entries: { endpoints: string[] }[] }>('ticker:timeline', {
              ticker: DEMO_TICKER,
              endpoints: ['curve_gamma', 'curve_gamma_expirations'],
            })
          ).entries.flatMap((e) => e.endpoints),
        { timeout: 90_000 },
      )
      .toEqual(expect.arrayContaining(['curve_gamma', 'curve_gamma_expirations']));
    await remote.stop();
    stopped = true;
  } finally {
    if (!stopped) await remote.stop();
  }
  const backup = await app.call<{ path: string }>('backup:create');
  const dir = mkdtempSync(join(tmpdir(), 'gammawatch-e2e-down-'));
  copyFileSync(backup.path, join(dir, 'gammawatch.db'));
  const down = await startHeadless(dir);
  try {
    await page.goto(down.url);
    await page.goto(`${down.origin}/#/ticker/${DEMO_TICKER}/curves`);
    // The stored curves still draw; their list of expirations is the stored one.
    const select = page.getByTestId('gamma-exp');
    await expect(page.getByTestId('chart-gamma')).toHaveAttribute('data-state', 'chart', { timeout: 60_000 });
    // The last listed date: the watcher polls only the combined curve, so that expiration was
    // never fetched, and now cannot be.
    // The list comes with the stored gamma-by-expiration curve, which may land after this one.
    const datedOptions = () =>
      select
        .locator('option')
        .evaluateAll((options) =>
          options.map((o) => (o as HTMLOptionElement).value).filter((v) => /^\d{4}-\d{2}-\d{2}$/.test(v)),
        );
    await expect.poll(async () => (await datedOptions()).length, { timeout: 60_000 }).toBeGreaterThan(0);
    const dated = await datedOptions();
    await select.selectOption(dated[dated.length - 1] as string);
    await expect(page.getByTestId('chart-gamma')).toHaveAttribute('data-state', 'unreachable', {
      timeout: 60_000,
    });
    const panel = page.getByTestId('chart-gamma-unreachable');
    await expect(panel).toContainText('unreachable');
    await expect(panel.getByTestId('retry')).toBeVisible();
    await page.getByTestId('chart-gamma').scrollIntoViewIfNeeded();
    await snap(page, 'a11y-curve-unreachable');
    // Retry asks again (and, the source still being down, lands in the same state).
    await panel.getByTestId('retry').click();
    await expect(page.getByTestId('chart-gamma')).toHaveAttribute('data-state', 'unreachable', {
      timeout: 60_000,
    });
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await down.stop();
  }
});

/**
 * `gammawatch start --headless` on an existing data folder, with the data source its settings
 * name (no --clock: that would force the local simulator). Resolves once the URL is printed.
 */
async function startHeadless(
  dataDir: string,
): Promise<{ url: string; origin: string; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['src/host/gammawatch.mjs', 'start', '--headless', '--no-open', '--data-dir', dataDir],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GAMMAWATCH_HOME: dataDir } },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = (): Promise<void> => stopChild(child, dataDir);
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      let stdout = '';
      const timer = setTimeout(() => reject(new Error(`no URL within 90 s; stderr:\n${stderr}`)), 90_000);
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/.exec(stdout);
        if (match) {
          clearTimeout(timer);
          resolveUrl(match[0]);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the app exited (${code}) before printing its URL; stderr:\n${stderr}`));
      });
    });
    return { url, origin: new URL(url).origin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
