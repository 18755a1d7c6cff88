// Settings → Polling on the real core, when a trader's Pause lands on a run under way: the run's
// requests not yet sent wait for Resume, so the job is neither finished nor working. The panel says
// "held" (with why) rather than "running", and after Resume the run ends and the mark goes.
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { core } from '../../../../test/component/harness/commands.ts';
import { renderScreen } from '../../../../test/component/harness/mount.ts';
import PollPanel from './poll-panel.svelte';

// Whatever a test left, the shared core polls again and no run stays held.
afterEach(() => core.pollResumed());

const marks = (prefix: string): Element[] => [...document.querySelectorAll(`[data-testid^="${prefix}"]`)];

describe('the poll panel while paused', () => {
  it('marks a run the pause caught as held, not running, until Resume lets it end', async () => {
    await renderScreen(PollPanel, {});
    await core.pollPausedMidRun();

    await expect.element(page.getByTestId('poll-state')).toHaveTextContent('paused');
    await expect.element(page.getByTestId('poll-resume')).toBeVisible();
    await expect.poll(() => marks('poll-held-').length).toBeGreaterThan(0);
    expect(marks('poll-running-')).toEqual([]);
    for (const held of marks('poll-held-')) {
      expect(held.textContent?.trim()).toBe('held');
      expect(held.getAttribute('title')).toBe(
        'Paused part-way through a run: the requests it has not sent wait for Resume',
      );
    }

    await userEvent.click(page.getByTestId('poll-resume'));
    await core.pollResumed();
    await expect.element(page.getByTestId('poll-pause')).toBeVisible();
    await expect.poll(() => marks('poll-held-').length).toBe(0);
    await expect.poll(() => marks('poll-running-').length).toBe(0);
    await expect.element(page.getByTestId('poll-state')).not.toHaveTextContent('paused');
  });
});
