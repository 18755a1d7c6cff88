// The replay bar on SPY's stored day in the real core: frames step with the arrow keys and the
// buttons, the label says which frame of how many and when, and a frame opens as a pinned view.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { realBridge, renderScreen } from '../../../../test/component/harness/mount.ts';
import type { AppContext } from '../../state/context.ts';
import ReplayBar from './replay-bar.svelte';
import { ReplayState } from './replay-state.svelte.ts';

async function renderReplay() {
  const onopen = vi.fn<(at: string) => void>();
  const onclose = vi.fn();
  await renderScreen(ReplayBar, ({ bridge, app }: AppContext) => {
    const replay = new ReplayState(bridge);
    replay.start('SPY', null);
    onTestFinished(() => replay.close());
    return {
      replay,
      onopen,
      onclose,
      get now() {
        return app.now;
      },
    };
  });
  return { onopen, onclose };
}

/** "Mon 2 Mar 10:05 ET · 2 / 3" → [2, 3] */
async function frame(): Promise<[number, number]> {
  const label = page.getByTestId('replay-label');
  await expect.element(label).toHaveTextContent(/ET · \d+ \/ \d+$/);
  const m = / (\d+) \/ (\d+)$/.exec(label.element().textContent ?? '');
  return [Number(m?.[1]), Number(m?.[2])];
}

describe('replay bar', () => {
  it('steps through the stored day’s frames with ← and →, and the buttons, within its ends', async () => {
    const { times } = await realBridge().invoke('replay:times', { ticker: 'SPY', span: 'day' });
    expect(times.length).toBeGreaterThan(1);
    await renderReplay();
    await expect.element(page.getByTestId('replay-label')).toHaveTextContent(`· 1 / ${times.length}`);
    await expect.element(page.getByTestId('replay-prev')).toBeDisabled();

    await userEvent.keyboard('{ArrowRight}');
    await expect.element(page.getByTestId('replay-label')).toHaveTextContent(`· 2 / ${times.length}`);
    await expect.element(page.getByTestId('replay-scrubber')).toHaveValue('1');
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(page.getByTestId('replay-label')).toHaveTextContent(`· 1 / ${times.length}`);
    // No frame before the first.
    await userEvent.keyboard('{ArrowLeft}');
    expect(await frame()).toEqual([1, times.length]);

    for (let i = 1; i < times.length; i++) await userEvent.click(page.getByTestId('replay-next'));
    await expect
      .element(page.getByTestId('replay-label'))
      .toHaveTextContent(`· ${times.length} / ${times.length}`);
    await expect.element(page.getByTestId('replay-next')).toBeDisabled();
  });

  it('opens the frame shown as the pinned view, plays and pauses with the space bar, and closes', async () => {
    const { times } = await realBridge().invoke('replay:times', { ticker: 'SPY', span: 'day' });
    const { onopen, onclose } = await renderReplay();
    await expect.element(page.getByTestId('replay-label')).toHaveTextContent(`· 1 / ${times.length}`);
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(page.getByTestId('replay-label')).toHaveTextContent(`· 2 / ${times.length}`);
    await userEvent.click(page.getByTestId('replay-open'));
    expect(onopen).toHaveBeenCalledWith(times[1]);

    const play = page.getByTestId('replay-play');
    await userEvent.keyboard(' ');
    await expect.element(play).toHaveAttribute('aria-pressed', 'true');
    await expect.element(play).toHaveTextContent('Pause');
    await userEvent.keyboard(' ');
    await expect.element(play).toHaveTextContent('Play');

    await userEvent.click(page.getByTestId('replay-close'));
    expect(onclose).toHaveBeenCalledOnce();
  });
});
