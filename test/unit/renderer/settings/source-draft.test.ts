import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  draftOf,
  parseTickers,
  sectionOf,
  SOURCE_CHOICES,
  type FieldErrors,
  type SourceDraft,
} from '../../../../src/renderer/features/settings/source-draft.ts';
import { DATA_SOURCE_KINDS, type DataSource } from '../../../../src/shared/bridge/settings.ts';

/** A draft of `kind` built from the simulator's, with some fields replaced. */
function draft(kind: SourceDraft['kind'], patch: Partial<Omit<SourceDraft, 'kind'>> = {}): SourceDraft {
  return { ...draftOf({ kind: 'local', seed: 42, clock: 'real' }), kind, ...patch };
}

describe('parseTickers', () => {
  it.each<[string, string, string[]]>([
    ['empty', '', []],
    ['only separators', ' , ;\n', []],
    ['commas', 'TSLA,SPY', ['TSLA', 'SPY']],
    ['spaces and upper-casing', 'tsla spy  qqq', ['TSLA', 'SPY', 'QQQ']],
    ['commas with spaces, semicolons, new lines', 'tsla, spy;\nbrk.b', ['TSLA', 'SPY', 'BRK.B']],
    ['a repeat counts once, first place kept', 'spy tsla SPY', ['SPY', 'TSLA']],
    ['index symbols keep their caret', '^spx', ['^SPX']],
    ['invalid ones are kept for the schema to refuse', 'tsla t$la', ['TSLA', 'T$LA']],
  ])('%s', (_name, text, expected) => {
    expect(parseTickers(text)).toEqual(expected);
  });
});

describe('draftOf and sectionOf round-trip every kind', () => {
  it.each<[string, DataSource]>([
    ['simulator', { kind: 'local', seed: 7, clock: 'fast' }],
    ['chain folder, data clock', { kind: 'chains', dir: '/data/chains', clock: 'data' }],
    ['chain folder, real clock', { kind: 'chains', dir: 'C:\\chains', clock: 'real' }],
    ['tradier with folder', { kind: 'tradier', environment: 'sandbox', tickers: ['TSLA', 'SPY'], dir: '/t' }],
    ['tradier, default folder', { kind: 'tradier', environment: 'production', tickers: ['SPY'], dir: null }],
    ['cboe with folder', { kind: 'cboe', dir: '/data/cboe' }],
    ['cboe, default folder', { kind: 'cboe', dir: null }],
    [
      'remote with a key reference',
      { kind: 'remote', baseUrl: 'https://x.test/api/v2', demo: false, apiKeyRef: 'K' },
    ],
    ['remote demo', { kind: 'remote', baseUrl: 'http://127.0.0.1:8080/api/v2', demo: true }],
  ])('%s', (_name, source) => {
    const check = checkDraft(draftOf(source));
    expect(check).toEqual({ ok: true, source });
  });

  it('keeps the other kinds’ starting values so switching the choice loses nothing', () => {
    const d = draftOf({ kind: 'chains', dir: '/c', clock: 'real' });
    expect(d.local).toEqual({ seed: '42', clock: 'real' });
    expect(d.tradier).toEqual({ environment: 'sandbox', tickers: '', dir: '' });
    expect({ ...d, kind: 'local' as const }.chains.dir).toBe('/c');
  });
});

describe('sectionOf', () => {
  it.each<[string, SourceDraft, unknown]>([
    [
      'seed typed as text becomes a number',
      draft('local', { local: { seed: ' 7 ', clock: 'real' } }),
      { kind: 'local', seed: 7, clock: 'real' },
    ],
    [
      'a seed that is not a number stays text',
      draft('local', { local: { seed: '7a', clock: 'real' } }),
      { kind: 'local', seed: '7a', clock: 'real' },
    ],
    [
      'tradier: tickers parsed, empty folder is null',
      draft('tradier', { tradier: { environment: 'sandbox', tickers: 'tsla spy', dir: '  ' } }),
      { kind: 'tradier', environment: 'sandbox', tickers: ['TSLA', 'SPY'], dir: null },
    ],
    [
      'remote: no key reference, no field',
      draft('remote', {
        remote: { baseUrl: ' http://h/api/v2 ', demo: true, apiKeyRef: null, confirmLinkLocal: false },
      }),
      { kind: 'remote', baseUrl: 'http://h/api/v2', demo: true },
    ],
  ])('%s', (_name, d, expected) => {
    expect(sectionOf(d)).toEqual(expected);
  });
});

describe('checkDraft: one message per field, as typed', () => {
  it.each<[string, SourceDraft, FieldErrors]>([
    [
      'an empty seed',
      draft('local', { local: { seed: '', clock: 'real' } }),
      { seed: 'a whole number from 0 to 2147483647' },
    ],
    [
      'a negative seed',
      draft('local', { local: { seed: '-1', clock: 'real' } }),
      { seed: 'a whole number from 0 to 2147483647' },
    ],
    [
      'a seed too large',
      draft('local', { local: { seed: '4294967296', clock: 'real' } }),
      { seed: 'a whole number from 0 to 2147483647' },
    ],
    ['no folder', draft('chains', { chains: { dir: '', clock: 'data' } }), { dir: 'choose a folder' }],
    [
      'a folder of blanks',
      draft('chains', { chains: { dir: '   ', clock: 'data' } }),
      { dir: 'choose a folder' },
    ],
    [
      'no ticker',
      draft('tradier', { tradier: { environment: 'sandbox', tickers: ' , ', dir: '' } }),
      { tickers: 'name at least one ticker' },
    ],
    [
      'a bad ticker is named',
      draft('tradier', { tradier: { environment: 'sandbox', tickers: 'TSLA, T$LA', dir: '' } }),
      { tickers: 'T$LA: a ticker holds only letters, digits, ".", "-", "=" or "^"' },
    ],
    [
      'an empty base URL',
      draft('remote', { remote: { baseUrl: '', demo: false, apiKeyRef: null, confirmLinkLocal: false } }),
      { baseUrl: 'an http:// or https:// address' },
    ],
    [
      'not a web address',
      draft('remote', {
        remote: { baseUrl: 'ftp://x/api', demo: false, apiKeyRef: null, confirmLinkLocal: false },
      }),
      { baseUrl: 'an http:// or https:// address' },
    ],
    [
      'no scheme',
      draft('remote', {
        remote: { baseUrl: 'api.example.com', demo: false, apiKeyRef: null, confirmLinkLocal: false },
      }),
      { baseUrl: 'an http:// or https:// address' },
    ],
  ])('%s', (_name, d, errors) => {
    expect(checkDraft(d)).toEqual({ ok: false, errors });
  });

  it('checks only the chosen kind: a blank folder does not block the simulator', () => {
    const d = draft('local', { chains: { dir: '', clock: 'data' } });
    expect(checkDraft(d).ok).toBe(true);
  });
});

describe('SOURCE_CHOICES', () => {
  it('offers every kind once, in the contract’s order, with the human titles', () => {
    expect(SOURCE_CHOICES.map((c) => c.kind)).toEqual([...DATA_SOURCE_KINDS]);
    expect(SOURCE_CHOICES.map((c) => c.title)).toEqual([
      'Simulator (no account needed)',
      'Chain folder (Cboe files you download)',
      'Tradier (your token)',
      'Cboe delayed quotes, 15 min, no account',
      'Remote API v2',
    ]);
  });
});
