// Screener membership as the alerts last applied it (see migration 009), for the active source.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { SourceScope } from '../source-scope.ts';
import type { EpochMs } from '../time.ts';

export interface ScreenerMembershipRow {
  members: string[];
  /** asof (epoch ms) of the screener snapshot the members come from. */
  asof: number;
}

export interface ScreenerMembershipRepository {
  /** The remembered members of a screener; null when it was never applied for this source. */
  get(screener: string): ScreenerMembershipRow | null;
  put(screener: string, members: readonly string[], asof: number): void;
}

const membersSchema = z.array(z.string().min(1));

export function createScreenerMembershipRepository(
  db: Database.Database,
  now: () => EpochMs,
  scope: SourceScope,
): ScreenerMembershipRepository {
  const q = {
    get: db.prepare('SELECT members, asof FROM screener_membership WHERE source = ? AND screener = ?'),
    put: db.prepare(
      `INSERT INTO screener_membership (source, screener, members, asof, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (source, screener) DO UPDATE SET members = excluded.members, asof = excluded.asof,
         updated_at = excluded.updated_at`,
    ),
  };
  return {
    get(screener) {
      const row = q.get.get(scope.id, screener) as { members: string; asof: number } | undefined;
      if (!row) return null;
      try {
        const members = membersSchema.safeParse(JSON.parse(row.members));
        // An unreadable row is as good as none: the next snapshot seeds it afresh.
        return members.success ? { members: members.data, asof: row.asof } : null;
      } catch {
        return null;
      }
    },
    put(screener, members, asof) {
      q.put.run(scope.id, screener, JSON.stringify([...members].sort()), asof, now());
    },
  };
}
