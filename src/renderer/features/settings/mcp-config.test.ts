// Settings → AI assistants on the real core: the block to paste is this app's (its data folder, the
// command that serves it), readable as JSON, and Copy puts exactly that text on the clipboard.
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { realBridge, renderScreen } from '../../../../test/component/harness/mount.ts';
import McpConfig from './mcp-config.svelte';

describe('the MCP configuration block', () => {
  it("shows this app's data folder in a block an assistant can read, and copies it whole", async () => {
    const info = await realBridge().invoke('app:info');
    await renderScreen(McpConfig, {});
    const block = page.getByTestId('mcp-config-json');
    await expect.element(block).toBeVisible();
    const text = block.element().textContent ?? '';
    const parsed = JSON.parse(text) as {
      mcpServers: { gammawatch: { command: string; args: string[]; env: Record<string, string> } };
    };
    expect(parsed.mcpServers.gammawatch.args.slice(-3)).toEqual(['mcp', '--data-dir', info.dataDir]);
    expect(parsed.mcpServers.gammawatch.args[0]).toMatch(/gammawatch\.mjs$/);
    await expect.element(page.getByTestId('mcp-config')).toHaveTextContent(info.dataDir);

    // Reading the clipboard back needs a permission the test browser does not grant: the write is watched.
    const write = vi.spyOn(navigator.clipboard, 'writeText');
    await userEvent.click(page.getByTestId('mcp-config-copy'));
    await expect.element(page.getByTestId('mcp-config-copy')).toHaveTextContent('Copied');
    expect(write).toHaveBeenCalledWith(text);
    write.mockRestore();
  });

  it('wraps a long data folder instead of hiding it sideways, in a narrow panel', async () => {
    await page.viewport(220, 700);
    await renderScreen(McpConfig, {});
    const block = page.getByTestId('mcp-config-json');
    await expect.element(block).toBeVisible();
    const el = block.element();
    expect(el.scrollWidth).toBeLessThanOrEqual(el.clientWidth);
    expect(el.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  });
});
