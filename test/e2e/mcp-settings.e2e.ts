// The two MCP checkboxes of Settings. The HTTP endpoint of the headless app is off (404) until
// "Serve MCP over HTTP" is ticked, then answers an MCP initialize behind the run's token; "Let
// assistants make changes" is saved and survives a reload.
import { expect, snap, test } from './fixtures.ts';

// Changing these settings must not leak into the other specs' shared app.
test.use({ appLabel: 'mcp-settings' });

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } },
});

test('settings: the MCP checkboxes turn the HTTP endpoint and the write tools on', async ({ gw, app }) => {
  const initialize = (token: string) =>
    fetch(`${app.origin}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
      },
      body: INITIALIZE,
    });

  expect((await initialize(app.token)).status).toBe(404);

  await gw.goto(`${app.origin}/#/settings`);
  const section = gw.getByRole('region', { name: 'AI assistants (MCP)', exact: true });
  await expect(section).toBeVisible();
  await expect(gw.getByTestId('mcp-http')).not.toBeChecked();
  await expect(gw.getByTestId('mcp-allow-writes')).not.toBeChecked();

  await gw.getByTestId('mcp-http').check();
  await expect(gw.getByTestId('toast-success').filter({ hasText: 'Settings saved' }).first()).toBeVisible();
  const on = await initialize(app.token);
  expect(on.status).toBe(200);
  expect(on.headers.get('mcp-session-id')).toBeTruthy();
  expect((await initialize('wrong-token')).status).toBe(401);

  await gw.getByTestId('mcp-allow-writes').check();
  await expect
    .poll(async () => (await app.call<{ mcp: { allowWrites: boolean } }>('settings:get')).mcp.allowWrites)
    .toBe(true);
  await snap(gw, 'settings-mcp');

  await gw.reload();
  await expect(gw.getByTestId('mcp-http')).toBeChecked();
  await expect(gw.getByTestId('mcp-allow-writes')).toBeChecked();
});
