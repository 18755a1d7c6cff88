import { describe, expect, it } from 'vitest';
import { isAllowedExternalUrl, isAppNavigation } from '../../../electron/logic/navigation.ts';

describe('isAllowedExternalUrl', () => {
  it.each([
    ['https://www.tradingview.com/chart/', true],
    ['https://WWW.TRADINGVIEW.COM/x', true],
    ['http://www.tradingview.com/', false],
    ['https://evil.example.com/', false],
    ['https://www.tradingview.com.evil.example/', false],
    ['https://user:pw@www.tradingview.com/', false],
    ['javascript:alert(1)', false],
    ['file:///etc/passwd', false],
    ['not a url', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedExternalUrl(url)).toBe(allowed);
  });
});

describe('isAppNavigation', () => {
  const packaged = 'file:///opt/Gammawatch/resources/app.asar/out/renderer/index.html';
  it.each([
    [packaged, packaged, true],
    [`${packaged}#/ticker/TSLA`, packaged, true],
    ['file:///etc/passwd', packaged, false],
    ['https://example.com/', packaged, false],
    ['http://localhost:5173/#/alerts', 'http://localhost:5173/', true],
    ['http://localhost:5174/', 'http://localhost:5173/', false],
    ['garbage', packaged, false],
  ])('%s within %s → %s', (url, entry, ok) => {
    expect(isAppNavigation(url, entry)).toBe(ok);
  });
});
