// A first run that shows how far the first snapshots got (rows fill in as they arrive), and
// settings that say in the form's own words what to fix, refuse an invalid webhook row before it
// enters the table, and lose nothing across a refused save and a reload.
import type { Settings } from '../../src/shared/bridge/settings.ts';
import { expect, snap, snapElement, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });
// A first run needs an app nobody else has touched.
test.use({ appLabel: 'settings-first-run' });

const STARTERS = ['SPY', 'QQQ', 'IWM', 'AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMZN'];

/** One state of the first-fetch bar as the page drew it, with the rows it stood above. */
interface BarState {
  text: string;
  now: string | null;
  max: string | null;
  /** Rows showing figures, and rows still waiting (a status cell instead), at that moment. */
  filled: number;
  waiting: number;
}

test('first run: a progress bar counts the first snapshots while rows fill in', async ({ gw }) => {
  await expect(gw.getByTestId('onboarding')).toBeVisible();
  // The first fetch of 8 tickers can finish within a second, faster than a poll from here sees
  // each step, so the page records every state of the bar as it is drawn (a mutation observer),
  // and the test reads that record once all rows are in.
  await gw.evaluate(() => {
    const states: BarState[] = [];
    (window as unknown as { firstFetchStates: BarState[] }).firstFetchStates = states;
    const record = (): void => {
      const box = document.querySelector('[data-testid="first-fetch"]');
      if (!box) return;
      const bar = box.querySelector('[role="progressbar"]');
      const state: BarState = {
        text: box.querySelector('p')?.textContent?.trim() ?? '',
        now: bar?.getAttribute('aria-valuenow') ?? null,
        max: bar?.getAttribute('aria-valuemax') ?? null,
        filled: document.querySelectorAll('tr[data-testid^="row-"]:has(td.num)').length,
        waiting: document.querySelectorAll('[data-testid^="row-status-"]').length,
      };
      const last = states.at(-1);
      if (!last || JSON.stringify(last) !== JSON.stringify(state)) states.push(state);
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  for (const t of STARTERS) await gw.getByTestId(`starter-${t}`).check();
  await gw.getByTestId('onboarding-name').fill('Starters');
  await gw.getByTestId('onboarding-start').click();
  await expect(gw.getByTestId('row-SPY')).toBeVisible();
  // Screenshots of the moments a user sees, when the fetch is still slower than this test.
  const bar = gw.getByRole('progressbar');
  if (await bar.isVisible()) await snap(gw, 'first-run-progress');
  if ((await gw.getByTestId('first-fetch').count()) > 0) await snap(gw, 'first-run-rows-filling');

  for (const t of STARTERS)
    await expect(gw.getByTestId(`row-status-${t}`)).toHaveCount(0, { timeout: 120_000 });
  await expect(bar).toHaveCount(0);
  await snap(gw, 'first-run-all-in');

  const states = await gw.evaluate(
    () => (window as unknown as { firstFetchStates: BarState[] }).firstFetchStates,
  );
  expect(states.length, 'the bar was drawn').toBeGreaterThan(0);
  for (const state of states) {
    // Its words and its value say the same count, out of the 8 tickers asked for.
    expect(state.text).toMatch(/^Fetching first snapshots: \d of 8 tickers in…$/);
    expect(state.max).toBe('8');
    expect(state.text).toContain(`${state.now} of 8`);
  }
  // It counts up, never down, with no reload, and ends with every row in (above). A fetch faster
  // than a frame goes from 0 straight to done (the counting itself is first-fetch.test.ts's); when
  // it was drawn in steps, rows that were in showed their figures while others still waited.
  const counts = states.map((s) => Number(s.now));
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
  if (new Set(counts).size > 1)
    expect(
      states.some((s) => s.filled > 0 && s.waiting > 0),
      `rows in / waiting: ${states.map((s) => `${s.filled}/${s.waiting}`).join(', ')}`,
    ).toBe(true);
});

test('settings: human messages, an invalid webhook is refused, a save loses nothing', async ({ gw, app }) => {
  await gw.goto(`${app.origin}/#/settings`);
  const notifications = gw.getByRole('region', { name: 'Notifications', exact: true });
  await expect(notifications).toBeVisible();
  // A row of the table by its id cell (the new-row inputs hold the same text while typed).
  const savedHook = (id: string) => notifications.locator('td.mono', { hasText: new RegExp(`^${id}$`) });

  // A valid webhook, saved.
  await gw.getByTestId('webhook-id').fill('discord');
  await gw.getByTestId('webhook-url').fill('https://discord.example/api/hook');
  await gw.getByTestId('webhook-add').click();
  await expect(savedHook('discord')).toBeVisible();
  await gw.getByTestId('save-notifications').click();
  await expect(gw.getByTestId('toast-success').filter({ hasText: 'Settings saved' }).first()).toBeVisible();

  // An invalid one: a message next to the row being added, and it does not enter the table.
  await gw.getByTestId('webhook-id').fill('ops');
  await gw.getByTestId('webhook-url').fill('hooks.example.com');
  await gw.getByTestId('webhook-add').click();
  await expect(gw.getByTestId('settings-error-newHook.url')).toHaveText(
    /^Webhook URL must start with https:\/\/ or http:\/\//,
  );
  await expect(gw.getByTestId('webhook-url')).toHaveAttribute('aria-invalid', 'true');
  await expect(savedHook('ops')).toHaveCount(0);
  await expect(notifications).not.toContainText('webhooks.');
  await snap(gw, 'settings-webhook-refused');

  // Fixed, it goes in.
  await gw.getByTestId('webhook-url').fill('https://hooks.example.com/gw');
  await gw.getByTestId('webhook-add').click();
  await expect(savedHook('ops')).toBeVisible();
  await expect(gw.getByTestId('settings-error-newHook.url')).toHaveCount(0);
  await expect(gw.getByTestId('unsaved-notifications')).toHaveText('Unsaved changes');

  // An invalid retention: the field's label in the message, nothing saved.
  const data = gw.getByRole('region', { name: 'Data', exact: true });
  await gw.getByTestId('retention-days').fill('0');
  await data.getByRole('button', { name: 'Save retention' }).click();
  await expect(gw.getByTestId('settings-error-retentionDays')).toHaveText(
    'Keep history for must be at least 1 day',
  );
  await expect(data).not.toContainText('retentionDays');
  await expect(data).not.toContainText('Too small');
  await snap(gw, 'settings-retention-refused');

  // Valid values save, each with "Settings saved".
  await gw.getByTestId('retention-days').fill('30');
  await data.getByRole('button', { name: 'Save retention' }).click();
  await expect(gw.getByTestId('settings-error-retentionDays')).toHaveCount(0);
  await gw.getByTestId('save-notifications').click();
  await expect(gw.getByTestId('unsaved-notifications')).toHaveCount(0);
  await expect(gw.getByTestId('toast-success').filter({ hasText: 'Settings saved' }).first()).toBeVisible();
  await expect(gw.getByText(/RetentionDays saved|Notifications saved/)).toHaveCount(0);
  await snap(gw, 'settings-saved');

  // The Data section: the retention flow in order, one Save, and what the database costs on disk.
  await gw.getByTestId('retention-full-days').fill('20');
  await expect(gw.getByTestId('unsaved-retention')).toHaveText('Unsaved changes');
  await data.getByRole('button', { name: 'Save retention' }).click();
  await expect(gw.getByTestId('unsaved-retention')).toHaveCount(0);
  expect((await app.call<Settings>('settings:get')).retention.fullDays).toBe(20);
  await expect(gw.getByTestId('storage-size')).toHaveText(/^[\d.,]+ (B|KB|MB|GB)$/);
  await expect(gw.getByTestId('storage-would-free')).toHaveText(/Nothing|snapshots?/);
  await data.scrollIntoViewIfNeeded();
  await snapElement(data, 'settings-data-retention');

  // After a reload, nothing is lost.
  await gw.reload();
  await expect(savedHook('discord')).toBeVisible();
  await expect(savedHook('ops')).toBeVisible();
  await expect(gw.getByTestId('retention-days')).toHaveValue('30');
  // The view scrolls inside the app's frame: bring the saved rows into the picture.
  await notifications.scrollIntoViewIfNeeded();
  await snap(gw, 'settings-after-reload');
});
