// Replay, end to end against the app's own simulated market: a trader opens SPY, chooses Replay
// for the day, plays it and sees the frame label advance, pauses with the space bar, steps with
// the arrow keys, scrubs to the last frame (the curves and their levels move with the frames),
// switches to the week, and opens the paused frame as the pinned "as of" view.
// Screenshots: test/artifacts/screenshots/replay-*.png.
import type { Page } from '@playwright/test';
import { frameLabel } from '../../src/renderer/features/replay/replay-model.ts';
import { expect, snap, test, type RunningApp } from './fixtures.ts';
import { holdStill } from './support/polls.ts';

test.describe.configure({ mode: 'serial' });
// Its own app: the frames depend on nobody else's clicks.
test.use({ appLabel: 'replay' });

const TICKER = 'SPY';

interface Times {
  date: string | null;
  times: string[];
}
interface Frames {
  frames: { at: string; gex: { snapshot: { asof: string } | null } }[];
}

/**
 * Today's frames once there are at least three and the GEX curve was stored at two different
 * times among them (the curves job runs every 30 market minutes: 30 s on the fast clock).
 */
async function storedDay(app: RunningApp): Promise<string[]> {
  let times: string[] = [];
  await expect
    .poll(
      async () => {
        times = (await app.call<Times>('replay:times', { ticker: TICKER, span: 'day' })).times;
        if (times.length < 3) return 0;
        const { frames } = await app.call<Frames>('replay:frames', {
          ticker: TICKER,
          times: times.slice(-24),
        });
        return new Set(frames.flatMap((f) => f.gex.snapshot?.asof ?? [])).size;
      },
      { timeout: 170_000, intervals: [2_000] },
    )
    .toBeGreaterThanOrEqual(2);
  return times;
}

let times: string[] = [];
/** The first frame with a stored GEX curve (the levels may have been stored before any curve). */
let firstCurve = 0;

test.beforeAll(async ({ app }) => {
  test.setTimeout(240_000);
  await app.call('app:completeOnboarding', { watchlistName: 'Replay', tickers: [TICKER] });
  await app.call('poll:refreshNow', {});
  times = await storedDay(app);
  // Nothing new while the test runs: the day's frames stay what the replay listed.
  await holdStill(app);
  times = (await app.call<Times>('replay:times', { ticker: TICKER, span: 'day' })).times;
  const { frames } = await app.call<Frames>('replay:frames', { ticker: TICKER, times: times.slice(0, 24) });
  firstCurve = Math.max(
    0,
    frames.findIndex((f) => f.gex.snapshot !== null),
  );
});

const label = (page: Page) => page.getByTestId('replay-label');
const labelOf = (index: number) => frameLabel(times[index], index, times.length);

test('plays a stored day, pauses, steps, scrubs and opens the frame as the as-of view', async ({
  gw,
  app,
}) => {
  const count = times.length;
  await gw.goto(`${app.origin}/#/ticker/${TICKER}/overview`);
  await gw.getByRole('button', { name: 'Replay', exact: true }).click();

  // The Curves tab, the replay bar on the latest stored day, the first frame drawn.
  await expect(gw).toHaveURL(/#\/ticker\/SPY\/curves/);
  const bar = gw.getByTestId('replay-bar');
  await expect(bar).toBeVisible();
  await expect(gw.getByTestId('replay-span-day')).toHaveAttribute('aria-pressed', 'true');
  await expect(label(gw)).toHaveText(labelOf(0));
  // The first frame with a curve: drawn, its levels listed under it.
  await gw.getByTestId('replay-scrubber').fill(String(firstCurve));
  await expect(label(gw)).toHaveText(labelOf(firstCurve));
  await expect(gw.getByTestId('chart-gex')).toHaveAttribute('data-state', 'chart');
  const firstLevels = await gw.getByTestId('gex-chart-markers').innerText();
  const firstAsof = await gw.getByTestId('chart-gex-asof').innerText();
  await snap(gw, 'replay-01-first-frame');

  // Play from the first frame at 1 frame/s and watch the label advance; the space bar pauses.
  await gw.getByTestId('replay-scrubber').fill('0');
  await expect(label(gw)).toHaveText(labelOf(0));
  await gw.getByTestId('replay-speed').selectOption('1');
  const play = gw.getByTestId('replay-play');
  await play.click();
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await expect(label(gw)).toHaveText(labelOf(1));
  await gw.keyboard.press('Space');
  await expect(play).toHaveAttribute('aria-pressed', 'false');
  await expect(play).toHaveText('Play');
  const paused = await label(gw).innerText();
  const pausedIndex = times.findIndex((_, i) => labelOf(i) === paused);
  expect(pausedIndex).toBeGreaterThanOrEqual(1);

  // ← and → step one frame.
  await gw.keyboard.press('ArrowLeft');
  await expect(label(gw)).toHaveText(labelOf(pausedIndex - 1));
  await gw.keyboard.press('ArrowRight');
  await expect(label(gw)).toHaveText(labelOf(pausedIndex));

  // Scrub to the last frame: later curves, and their levels moved with them.
  await gw.getByTestId('replay-scrubber').fill(String(count - 1));
  await expect(label(gw)).toHaveText(labelOf(count - 1));
  await expect(gw.getByTestId('chart-gex-asof')).not.toHaveText(firstAsof);
  await expect(gw.getByTestId('gex-chart-markers')).not.toHaveText(firstLevels);
  await expect(gw.getByTestId('gamma-chart-markers')).toContainText('Spot');
  await snap(gw, 'replay-02-last-frame');

  // Play from the last frame starts over from the first and plays through to the end.
  await play.click();
  await expect(label(gw)).toHaveText(labelOf(0));
  await expect(label(gw)).toHaveText(labelOf(count - 1), { timeout: 30_000 });
  await expect(play).toHaveAttribute('aria-pressed', 'false');

  // The week holding this day has these frames and possibly more.
  await gw.getByTestId('replay-span-week').click();
  await expect(gw.getByTestId('replay-date')).toContainText('Week of Mon 2 Mar');
  await expect(label(gw)).toContainText(' · 1 / ');
  await snap(gw, 'replay-03-week');

  // Back to the day, a frame in the middle, opened as the pinned view.
  await gw.getByTestId('replay-span-day').click();
  await expect(label(gw)).toHaveText(labelOf(0));
  const middle = Math.floor(count / 2);
  await gw.getByTestId('replay-scrubber').fill(String(middle));
  await expect(label(gw)).toHaveText(labelOf(middle));
  await gw.getByRole('button', { name: 'Open this snapshot' }).click();

  const at = times[middle] as string;
  await expect(gw).toHaveURL(/#\/ticker\/SPY\/curves\?at=/);
  await expect(bar).toBeHidden();
  // The banner names the stored snapshot's own time, which is the frame's to the minute.
  await expect(gw.getByTestId('pinned-banner')).toContainText('Showing the stored snapshot at');
  await expect(gw.getByTestId('as-of')).toHaveValue(at);
  await expect(gw.getByTestId('chart-gex')).toHaveAttribute('data-state', 'chart');
  await snap(gw, 'replay-04-opened-snapshot');
});
