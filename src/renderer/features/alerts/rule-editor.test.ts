// The rule editor on the real core: what a trader types is what the core stores and the list reads.
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { renderScreen } from '../../../../test/component/harness/mount.ts';
import RuleEditor from './rule-editor.svelte';

describe('rule editor', () => {
  it('builds a metric threshold in the figure’s own unit: 11 on an IV is stored as 0.11', async () => {
    const onclose = vi.fn();
    const { bridge } = await renderScreen(RuleEditor, { open: true, rule: null, onclose });
    const editor = page.getByTestId('rule-editor');
    await expect.element(editor.getByText('New alert rule')).toBeVisible();

    await userEvent.fill(page.getByTestId('rule-name'), 'SPY IV spike');
    await userEvent.selectOptions(page.getByTestId('rule-kind'), 'metric_threshold');
    await userEvent.selectOptions(page.getByTestId('rule-metric'), 'atm_iv');
    // An IV reads "10.2%" on every screen, so its threshold is typed in percent, its hysteresis in vol points.
    await expect.element(page.getByTestId('rule-value-unit')).toHaveTextContent('%');
    await expect.element(editor.getByText('Hysteresis (vol points)')).toBeVisible();
    await userEvent.fill(page.getByTestId('rule-value'), '11');
    await userEvent.selectOptions(page.getByTestId('rule-scope'), 'ticker');
    await userEvent.fill(page.getByTestId('rule-scope-ticker'), 'SPY');
    await userEvent.click(page.getByTestId('rule-save'));

    await vi.waitFor(() => expect(onclose).toHaveBeenCalled());
    const rules = await bridge.invoke('rules:list');
    const saved = rules.find((r) => r.name === 'SPY IV spike');
    expect(saved?.condition).toMatchObject({
      kind: 'metric_threshold',
      metric: 'atm_iv',
      op: 'above',
      value: 0.11,
    });
    expect(saved?.scope).toEqual({ kind: 'ticker', ticker: 'SPY' });
  });

  it('refuses a threshold that is not a number, under its field, and saves nothing', async () => {
    const onclose = vi.fn();
    const { bridge } = await renderScreen(RuleEditor, { open: true, rule: null, onclose });
    await userEvent.fill(page.getByTestId('rule-name'), 'Not a number');
    await userEvent.selectOptions(page.getByTestId('rule-kind'), 'metric_threshold');
    await userEvent.fill(page.getByTestId('rule-value'), 'eleven');
    await userEvent.click(page.getByTestId('rule-save'));

    await expect.element(page.getByTestId('error-value')).toBeVisible();
    await expect.element(page.getByTestId('rule-value')).toHaveAttribute('aria-invalid', 'true');
    expect(onclose).not.toHaveBeenCalled();
    expect((await bridge.invoke('rules:list')).map((r) => r.name)).not.toContain('Not a number');
  });
});
