import { describe, expect, it } from 'vitest';
import {
  AuthError,
  BadRequestError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
} from '../../../../src/client/errors.ts';
import { classifyFailure } from '../../../../src/core/poller/classify.ts';
import { requestsFor } from '../../../../src/core/poller/jobs.ts';
import { POLL_JOBS, type PollJob } from '../../../../src/shared/bridge/settings.ts';
import { STORED_VIEWS, storedSeriesKey } from '../../../../src/shared/stored-views.ts';
import { fakePollClient } from '../../../support/watcher-factory.ts';

const scope = {
  tickers: ['AAA', 'BBB'],
  screeners: ['momentum_breakout', 'trend_pullback'] as const,
  seriesWindow: '30d',
};

describe('requestsFor', () => {
  it.each([
    ['signals', ['signals:AAA:', 'signals:BBB:']],
    [
      'market_structure',
      ['market_structure:AAA:', 'trade_setup:AAA:', 'explain:AAA:', 'levels:AAA:', 'state:AAA:'],
    ],
    [
      'curves',
      [
        'curve_gamma:AAA:exp=combined',
        'curve_gamma_expirations:AAA:',
        'curve_gex_by_strike:AAA:exp=combined',
        'options_volume:AAA:exp=nearest',
      ],
    ],
    ['screeners', ['screener::name=momentum_breakout', 'screener::name=trend_pullback']],
    ['top_setups', ['top_setups::limit=200']],
    ['income', ['income_setups::limit=50']],
    ['series', ['series:AAA:window=30d', 'series:BBB:window=30d']],
  ] as const)('%s', (job, keys) => {
    const requests = requestsFor(job as PollJob, { ...scope, screeners: [...scope.screeners] });
    expect(requests.map((r) => r.key)).toEqual(expect.arrayContaining([...keys]));
    expect(new Set(requests.map((r) => r.key)).size).toBe(requests.length);
    expect(requests.every((r) => r.job === job)).toBe(true);
  });

  it('asks the rankings for a ttl only when told to', async () => {
    const calls: unknown[] = [];
    const client = { ...fakePollClient({ asof: () => 0 }) };
    client.topSetups = async (query, options) => {
      calls.push(query);
      return fakePollClient({ asof: () => 0 }).topSetups(query, options);
    };
    const [plain] = requestsFor('top_setups', { ...scope, screeners: [] });
    const [fast] = requestsFor('top_setups', { ...scope, screeners: [], rankingTtl: 0 });
    await plain?.call(client, {});
    await fast?.call(client, {});
    expect(calls).toEqual([{ limit: 200 }, { limit: 200, ttl: 0 }]);
    expect(fast?.params).toEqual(plain?.params); // the ttl is not part of the snapshot's identity
  });
});

describe('the table of stored views', () => {
  /** Per-ticker requests that are no view of one snapshot: the series spans many sessions. */
  const notViews = new Set(['series']);

  it("is every per-ticker request the poller makes, under the row's job and key", () => {
    const polled = POLL_JOBS.flatMap((job) => requestsFor(job, { ...scope, tickers: ['AAA'], screeners: [] }))
      .filter((r) => r.ticker === 'AAA' && !notViews.has(r.endpoint))
      .map((r) => ({ job: r.job, key: r.key }));
    const rows = STORED_VIEWS.map((row) => ({
      job: row.job,
      key: storedSeriesKey({ endpoint: row.endpoint, ticker: 'AAA', params: row.params }),
    }));
    expect(polled).toEqual(rows);
  });
});

describe('classifyFailure', () => {
  const signals = { endpoint: 'signals' };
  const volume = { endpoint: 'options_volume' };
  it.each([
    ['network', new NetworkError('x'), signals, { retry: true }],
    ['timeout', new TimeoutError('x', 100), signals, { retry: true }],
    ['5xx', new ServerError('x', { status: 503 }), signals, { retry: true }],
    [
      'truncated body',
      new InvalidResponseError('x', { fieldPath: '', expected: '', contentType: null, bodyExcerpt: '' }),
      signals,
      { retry: true },
    ],
    ['401', new AuthError('x', { status: 401 }), signals, { retry: false }],
    ['404', new NotFoundError('x', null), signals, { retry: false, backoff: false }],
    ['400', new BadRequestError('x', ['cc']), signals, { retry: false, backoff: false }],
    [
      '429 everywhere',
      new RateLimitedError('x', 2000),
      signals,
      { retry: true, gate: 'all', retryAfterMs: 2000 },
    ],
    [
      '429 on options volume',
      new RateLimitedError('x', 2000),
      volume,
      { retry: true, gate: 'endpoint', retryAfterMs: 2000 },
    ],
    ['429 without Retry-After', new RateLimitedError('x', null), signals, { retry: true, gate: 'all' }],
    ['not an API error', new Error('bug'), signals, { retry: false }],
  ])('%s', (_name, error, task, advice) => {
    expect(classifyFailure(error, task)).toEqual(advice);
  });
});
