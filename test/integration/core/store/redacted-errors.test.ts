// The store's error columns (a poll run's detail, a delivery's last error) pass through the
// redactor it is opened with, so the SQLite file (and every backup of it) holds no secret that an
// error text carried.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { redactText } from '../../../../src/core/secrets/redact.ts';
import { tempStore } from '../../../support/store-factory.ts';

const KEY = 'gwtest-store-key-9c4e1a7f3b20';
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe('error text the store keeps', () => {
  it('is redacted in poll_runs.detail and alert_deliveries.last_error', () => {
    const t = tempStore({ redactText: (text) => redactText(text, [KEY]) });
    cleanups.push(t.cleanup);
    const { store } = t;
    const run = store.pollRuns.begin('signals');
    store.pollRuns.finish(run, {
      errors: 1,
      detail: { marketAt: 1, errors: [`signals SPY: bad request (HTTP 400): Bearer ${KEY}`] },
    });
    const { event } = store.alertEvents.insertIfNew({
      ticker: 'SPY',
      kind: 'regime_change',
      transition: null,
      severity: 'info',
      asof: Date.UTC(2025, 0, 2, 15),
      payload: {},
      idempotencyKey: 'k1',
    });
    store.deliveries.queue(event.id, ['telegram']);
    store.deliveries.record(event.id, 'telegram', { state: 'failed', error: `HTTP 401: token ${KEY}` });
    store.close();

    const db = new Database(t.file, { readonly: true });
    const detail = db.prepare('SELECT detail FROM poll_runs').pluck().get();
    const lastError = db.prepare('SELECT last_error FROM alert_deliveries').pluck().get();
    db.close();
    expect(detail).toBe('{"errors":["signals SPY: bad request (HTTP 400): Bearer [redacted]"],"marketAt":1}');
    expect(lastError).toBe('HTTP 401: token [redacted]');
  });
});
