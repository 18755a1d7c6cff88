// The rule list on the real core: a rule made in its editor reads back in words, and the list's
// switch and delete act on the core's rules.
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { realBridge, renderScreen } from '../../../../test/component/harness/mount.ts';
import RuleList from './rule-list.svelte';

async function findRule(name: string) {
  return (await realBridge().invoke('rules:list')).find((r) => r.name === name);
}

describe('rule list', () => {
  it('lists a rule made with “+ New rule” in a trader’s words: “crosses above 11%”', async () => {
    await renderScreen(RuleList, {});
    await expect.element(page.getByTestId('new-rule')).toBeVisible();
    await userEvent.click(page.getByTestId('new-rule'));
    await userEvent.fill(page.getByTestId('rule-name'), 'QQQ IV above 11');
    await userEvent.selectOptions(page.getByTestId('rule-kind'), 'metric_threshold');
    await userEvent.selectOptions(page.getByTestId('rule-metric'), 'atm_iv');
    await userEvent.fill(page.getByTestId('rule-value'), '11');
    await userEvent.fill(page.getByTestId('rule-hysteresis'), '0.5');
    await userEvent.selectOptions(page.getByTestId('rule-scope'), 'ticker');
    await userEvent.fill(page.getByTestId('rule-scope-ticker'), 'QQQ');
    await userEvent.selectOptions(page.getByTestId('rule-severity'), 'warning');
    await userEvent.click(page.getByTestId('rule-save'));

    await expect.element(page.getByTestId('toast-success')).toHaveTextContent('Rule created');
    const row = page.getByTestId('rule-QQQ IV above 11');
    await expect.element(row).toHaveTextContent('crosses above 11% (±0.5%)');
    const cells = [...row.element().querySelectorAll('td')].map((td) => td.textContent?.trim());
    expect(cells[3]).toBe('QQQ');
    expect(cells[4]).toBe('Warning');
    expect(cells[5]).toMatch(/^In-app, Desktop/);
  });

  it('turns a rule off with its switch, and deletes it after asking', async () => {
    await realBridge().invoke('rules:create', {
      name: 'Flip watch',
      condition: { kind: 'gamma_regime_change' },
      scope: { kind: 'watchlist', watchlistId: 1 },
    });
    await renderScreen(RuleList, {});
    const row = page.getByTestId('rule-Flip watch');
    await expect.element(row).toHaveTextContent('Gamma regime changes');
    await expect.element(row).toHaveTextContent('List “Core”');

    const toggle = page.getByRole('switch', { name: 'Enable Flip watch' });
    await expect.element(toggle).toBeChecked();
    await userEvent.click(toggle);
    await expect.element(toggle).not.toBeChecked();
    await expect.poll(async () => (await findRule('Flip watch'))?.enabled).toBe(false);

    await userEvent.click(page.getByTestId('delete-rule-Flip watch'));
    const confirm = page.getByTestId('confirm-delete-rule');
    await expect.element(confirm).toHaveTextContent('Delete rule “Flip watch”?');
    await userEvent.click(page.getByTestId('confirm-delete'));
    await expect.element(row).not.toBeInTheDocument();
    await expect.element(page.getByText('Rule “Flip watch” deleted')).toBeVisible();
    expect(await findRule('Flip watch')).toBeUndefined();
  });
});
