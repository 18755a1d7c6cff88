// The first schema. Times are epoch milliseconds (INTEGER) throughout: compact, indexable and
// free of time-zone parsing. Payload bodies are content-addressed: `payloads.hash` is the sha256
// of the canonical JSON and a snapshot only points at it, so an unchanged response costs a row of
// a few dozen bytes, not another copy of its body.
import { APPLICATION_ID, type Migration } from './migration.ts';

export const initial: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    // In the same transaction as the tables, so a file is never half-marked as ours.
    db.pragma(`application_id = ${APPLICATION_ID}`);
    db.exec(`
      CREATE TABLE watchlists (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        position INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE watchlist_tickers (
        watchlist_id INTEGER NOT NULL REFERENCES watchlists(id) ON DELETE CASCADE,
        ticker TEXT NOT NULL,
        position INTEGER NOT NULL,
        added_at INTEGER NOT NULL,
        PRIMARY KEY (watchlist_id, ticker)
      ) WITHOUT ROWID;

      CREATE TABLE payloads (
        id INTEGER PRIMARY KEY,
        hash BLOB NOT NULL UNIQUE,
        codec INTEGER NOT NULL,
        raw_size INTEGER NOT NULL,
        body BLOB NOT NULL
      );

      -- ticker and params_key are '' (not NULL) when absent: SQLite treats NULLs as distinct in
      -- a unique index, which would make re-ingesting a ranking snapshot insert a duplicate.
      CREATE TABLE snapshots (
        id INTEGER PRIMARY KEY,
        endpoint TEXT NOT NULL,
        ticker TEXT NOT NULL DEFAULT '',
        params_key TEXT NOT NULL DEFAULT '',
        asof INTEGER NOT NULL,
        fetched_at INTEGER NOT NULL,
        payload_id INTEGER NOT NULL REFERENCES payloads(id),
        meta TEXT
      );
      -- A snapshot's identity, which makes re-ingesting it a no-op; named so the key queries can
      -- insist on it (INDEXED BY) rather than trust the planner to prefer it to the ticker index.
      CREATE UNIQUE INDEX snapshots_identity ON snapshots (endpoint, ticker, params_key, asof, payload_id);
      CREATE INDEX snapshots_ticker_asof ON snapshots (ticker, asof);
      CREATE INDEX snapshots_asof ON snapshots (asof);
      CREATE INDEX snapshots_payload ON snapshots (payload_id);

      -- value has no declared type on purpose: no affinity, so a string metric (call_regime)
      -- stays a string and a number stays a number.
      CREATE TABLE metric_points (
        ticker TEXT NOT NULL,
        metric TEXT NOT NULL,
        ts INTEGER NOT NULL,
        value,
        PRIMARY KEY (ticker, metric, ts)
      ) WITHOUT ROWID;

      CREATE TABLE http_cache (
        key TEXT PRIMARY KEY,
        etag TEXT,
        body TEXT NOT NULL,
        stored_at INTEGER NOT NULL,
        max_age INTEGER NOT NULL,
        swr INTEGER NOT NULL
      );

      CREATE TABLE alert_rules (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        enabled INTEGER NOT NULL DEFAULT 1,
        rule TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE alert_events (
        id INTEGER PRIMARY KEY,
        rule_id INTEGER REFERENCES alert_rules(id) ON DELETE SET NULL,
        ticker TEXT,
        kind TEXT NOT NULL,
        from_state TEXT,
        to_state TEXT,
        severity TEXT NOT NULL,
        asof INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        payload TEXT NOT NULL,
        idempotency_key TEXT NOT NULL UNIQUE,
        read_at INTEGER
      );
      CREATE INDEX alert_events_asof ON alert_events (asof);

      CREATE TABLE alert_deliveries (
        event_id INTEGER NOT NULL REFERENCES alert_events(id) ON DELETE CASCADE,
        channel TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'failed', 'skipped')),
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (event_id, channel)
      ) WITHOUT ROWID;

      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
    `);
  },
};
