// Saved rankings views (see migration 006). The body is stored as JSON and parsed with the
// bridge's schema when read: a row that no longer parses is left out of the list rather than
// breaking the Rankings view.
import type Database from 'better-sqlite3';
import {
  savedViewBodySchema,
  type SavedView,
  type SavedViewBody,
  type SavedViewKind,
} from '../../../shared/bridge/saved-views.ts';
import { StoreError } from '../errors.ts';
import type { EpochMs } from '../time.ts';

export interface SavedViewRepository {
  /** Views of one kind (or all), by name. */
  list(kind?: SavedViewKind): SavedView[];
  get(id: number): SavedView | undefined;
  /** Throws a `conflict` StoreError when a view of that kind already has the name. */
  create(name: string, body: SavedViewBody): SavedView;
  rename(id: number, name: string): SavedView;
  delete(id: number): boolean;
}

interface Row {
  id: number;
  kind: string;
  name: string;
  body: string;
  created_at: number;
  updated_at: number;
}

function fromRow(row: Row): SavedView | undefined {
  let json: unknown;
  try {
    json = JSON.parse(row.body);
  } catch {
    return undefined;
  }
  const body = savedViewBodySchema.safeParse(json);
  if (!body.success || body.data.kind !== row.kind) return undefined;
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    ...body.data,
  };
}

export function createSavedViewRepository(db: Database.Database, now: () => EpochMs): SavedViewRepository {
  const q = {
    all: db.prepare('SELECT * FROM saved_views ORDER BY name COLLATE NOCASE, id'),
    ofKind: db.prepare('SELECT * FROM saved_views WHERE kind = ? ORDER BY name COLLATE NOCASE, id'),
    get: db.prepare('SELECT * FROM saved_views WHERE id = ?'),
    clash: db.prepare('SELECT id FROM saved_views WHERE kind = ? AND name = ? COLLATE NOCASE AND id != ?'),
    insert: db.prepare(
      'INSERT INTO saved_views (kind, name, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    ),
    rename: db.prepare('UPDATE saved_views SET name = ?, updated_at = ? WHERE id = ?'),
    delete: db.prepare('DELETE FROM saved_views WHERE id = ?'),
  };
  const get = (id: number): SavedView | undefined => {
    const row = q.get.get(id) as Row | undefined;
    return row ? fromRow(row) : undefined;
  };
  const assertFree = (kind: SavedViewKind, name: string, id: number): void => {
    if (q.clash.get(kind, name, id) !== undefined) {
      const what = kind === 'screener' ? 'screener' : 'saved view';
      throw new StoreError('conflict', `A ${what} named "${name}" already exists`);
    }
  };
  return {
    list(kind) {
      const rows = (kind ? q.ofKind.all(kind) : q.all.all()) as Row[];
      return rows.map(fromRow).filter((v): v is SavedView => v !== undefined);
    },
    get,
    create(name, body) {
      const parsed = savedViewBodySchema.parse(body);
      const trimmed = name.trim();
      assertFree(parsed.kind, trimmed, 0);
      const at = now();
      const { lastInsertRowid } = q.insert.run(parsed.kind, trimmed, JSON.stringify(parsed), at, at);
      return get(Number(lastInsertRowid)) as SavedView;
    },
    rename(id, name) {
      const view = get(id);
      if (!view) throw new StoreError('not_found', `No saved view ${id}`);
      const trimmed = name.trim();
      assertFree(view.kind, trimmed, id);
      q.rename.run(trimmed, now(), id);
      return get(id) as SavedView;
    },
    delete(id) {
      return q.delete.run(id).changes > 0;
    },
  };
}
