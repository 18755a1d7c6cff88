// The buffer of flip and level rules, as a trader sets it: a new flip rule proposes 0.25 % and 2
// snapshots, the sentence under the fields says what that does and follows the numbers as they are
// typed, the rule list shows it, and a gamma-regime rule has its own.
import { expect, snap, test } from './fixtures.ts';

test.use({ appLabel: 'alert-buffers' });

test('alert rules: buffer fields and the sentence that explains them', async ({ gw, app }) => {
  test.setTimeout(180_000);
  await app.call('watchlists:create', { name: 'Mine', tickers: ['IWM'] });
  await gw.goto(`${app.origin}/#/alerts/rules`);
  await gw.reload();
  await expect(gw.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();

  await gw.getByTestId('new-rule').click();
  const editor = gw.getByTestId('rule-editor');
  await expect(editor).toBeVisible();
  await gw.getByTestId('rule-name').fill('IWM flip');
  await gw.getByTestId('rule-kind').selectOption({ label: 'Spot crosses a price level' });
  await gw.getByTestId('rule-level').selectOption({ label: 'Gamma flip' });

  const pct = gw.getByTestId('rule-buffer-pct');
  const snapshots = gw.getByTestId('rule-buffer-snapshots');
  const sentence = gw.getByTestId('rule-buffer-sentence');
  await expect(pct).toHaveValue('0.25');
  await expect(snapshots).toHaveValue('2');
  await expect(sentence).toHaveText(
    'Fires only when spot is 0.25% beyond the gamma flip for 2 snapshots in a row; crossing back must clear the same band.',
  );
  await pct.fill('0.4');
  await snapshots.fill('3');
  await expect(sentence).toContainText('0.4% beyond the gamma flip for 3 snapshots in a row');
  await gw.getByTestId('rule-scope').selectOption({ label: 'One ticker' });
  await gw.getByTestId('rule-scope-ticker').fill('IWM');
  await snap(gw, 'alert-buffers-01-flip-rule');

  // A negative buffer is refused under its field.
  await pct.fill('-1');
  await gw.getByTestId('rule-save').click();
  await expect(gw.getByTestId('error-bufferPct')).toBeVisible();
  await pct.fill('0.4');
  await gw.getByTestId('rule-save').click();
  await expect(editor).toBeHidden();
  await expect(gw.getByTestId('rule-IWM flip')).toContainText(
    'Spot crosses the gamma flip, 0.4% past it / 3 snapshots',
  );

  // Saved as typed: the core has the buffer.
  const rules = await app.call<{ name: string; condition: { buffer?: unknown } }[]>('rules:list');
  expect(rules.find((r) => r.name === 'IWM flip')?.condition.buffer).toEqual({ pct: 0.4, snapshots: 3 });

  // Reopened, the fields show it; a gamma-regime rule has a percentage of its own.
  await gw.getByTestId('edit-rule-IWM flip').click();
  await expect(pct).toHaveValue('0.4');
  await expect(snapshots).toHaveValue('3');
  await gw.getByTestId('rule-kind').selectOption({ label: 'Gamma regime changes' });
  await expect(snapshots).toHaveCount(0);
  await expect(sentence).toContainText('Fires only when spot is 0.4% beyond the flip');
  await snap(gw, 'alert-buffers-02-gamma-rule');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();
});
