// Alert rules. The rule itself is JSON whose shape belongs to the alerts engine: it hands its zod
// schema to openDatabase, and every rule is validated by it on the way in and on the way out.
// A stored rule that no longer validates (an older shape, a hand-edited file) is not dropped
// silently: list() leaves it out and listInvalid() reports it so the UI can offer to fix it.
import type Database from 'better-sqlite3';
import { prettifyError, z } from 'zod';
import { canonicalJson } from '../canonical-json.ts';
import { StoreError, notFound } from '../errors.ts';
import type { EpochMs } from '../time.ts';
import { parseInput } from '../validate.ts';

export interface AlertRule<R> {
  id: number;
  name: string;
  enabled: boolean;
  rule: R;
  createdAt: EpochMs;
  updatedAt: EpochMs;
}

export interface InvalidAlertRule {
  id: number;
  name: string;
  enabled: boolean;
  /** The stored JSON text, as found. */
  stored: string;
  error: string;
}

export interface AlertRuleInput {
  name: string;
  rule: unknown;
  enabled?: boolean;
}

export interface AlertRuleRepository<R> {
  list(options?: { enabledOnly?: boolean }): AlertRule<R>[];
  listInvalid(): InvalidAlertRule[];
  get(id: number): AlertRule<R> | undefined;
  create(input: AlertRuleInput): AlertRule<R>;
  update(id: number, patch: Partial<AlertRuleInput>): AlertRule<R>;
  delete(id: number): boolean;
}

const idSchema = z.number().int().positive();
const nameSchema = z.string().trim().min(1, 'a rule name cannot be empty').max(120);

interface RuleRow {
  id: number;
  name: string;
  enabled: number;
  rule: string;
  created_at: number;
  updated_at: number;
}

type Parsed<R> = { ok: true; rule: AlertRule<R> } | { ok: false; invalid: InvalidAlertRule };

export function createAlertRuleRepository<R>(
  db: Database.Database,
  ruleSchema: z.ZodType<R>,
  now: () => EpochMs,
): AlertRuleRepository<R> {
  const q = {
    all: db.prepare('SELECT * FROM alert_rules ORDER BY id'),
    enabled: db.prepare('SELECT * FROM alert_rules WHERE enabled = 1 ORDER BY id'),
    get: db.prepare('SELECT * FROM alert_rules WHERE id = ?'),
    insert: db.prepare(
      'INSERT INTO alert_rules (name, enabled, rule, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    ),
    update: db.prepare('UPDATE alert_rules SET name = ?, enabled = ?, rule = ?, updated_at = ? WHERE id = ?'),
    delete: db.prepare('DELETE FROM alert_rules WHERE id = ?'),
  };

  function parseRow(row: RuleRow): Parsed<R> {
    let json: unknown;
    try {
      json = JSON.parse(row.rule);
    } catch (error) {
      return { ok: false, invalid: invalid(row, `not JSON: ${(error as Error).message}`) };
    }
    const result = ruleSchema.safeParse(json);
    if (!result.success) return { ok: false, invalid: invalid(row, prettifyError(result.error)) };
    return {
      ok: true,
      rule: {
        id: row.id,
        name: row.name,
        enabled: row.enabled === 1,
        rule: result.data,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      },
    };
  }

  function getValid(id: number): AlertRule<R> | undefined {
    const row = q.get.get(parseInput(idSchema, id, 'rule id')) as RuleRow | undefined;
    if (!row) return undefined;
    const parsed = parseRow(row);
    if (!parsed.ok)
      throw new StoreError('invalid_data', `alert rule ${id} no longer validates: ${parsed.invalid.error}`);
    return parsed.rule;
  }

  function ruleText(rule: unknown): string {
    return canonicalJson(parseInput(ruleSchema, rule, 'alert rule'));
  }

  return {
    list(options = {}) {
      const rows = (options.enabledOnly ? q.enabled : q.all).all() as RuleRow[];
      return rows.map(parseRow).flatMap((p) => (p.ok ? [p.rule] : []));
    },

    listInvalid() {
      return (q.all.all() as RuleRow[]).map(parseRow).flatMap((p) => (p.ok ? [] : [p.invalid]));
    },

    get: getValid,

    create(input) {
      const name = parseInput(nameSchema, input.name, 'rule name');
      const enabled = parseInput(z.boolean().default(true), input.enabled, 'enabled');
      const text = ruleText(input.rule);
      const at = now();
      const id = Number(q.insert.run(name, enabled ? 1 : 0, text, at, at).lastInsertRowid);
      return getValid(id) as AlertRule<R>;
    },

    update(id, patch) {
      return db.transaction(() => {
        const row = q.get.get(parseInput(idSchema, id, 'rule id')) as RuleRow | undefined;
        if (!row) throw notFound(`no alert rule with id ${id}`);
        const name = patch.name === undefined ? row.name : parseInput(nameSchema, patch.name, 'rule name');
        const enabled =
          patch.enabled === undefined ? row.enabled === 1 : parseInput(z.boolean(), patch.enabled, 'enabled');
        const text = patch.rule === undefined ? row.rule : ruleText(patch.rule);
        q.update.run(name, enabled ? 1 : 0, text, now(), id);
        return getValid(id) as AlertRule<R>;
      })();
    },

    delete(id) {
      return q.delete.run(parseInput(idSchema, id, 'rule id')).changes > 0;
    },
  };
}

function invalid(row: RuleRow, error: string): InvalidAlertRule {
  return { id: row.id, name: row.name, enabled: row.enabled === 1, stored: row.rule, error };
}
