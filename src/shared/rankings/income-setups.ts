// /income-setups over precomputed rows: up to two candidates per ticker (cc, csp), filtered by
// type and min_income_score, sorted by income_score descending with a stable tie-break. Shared
// with core, which ranks the stored rows the same way; a refused value is a QueryError.
import { clipForApi } from '../echo.ts';
import { INCOME_STRATEGIES, type IncomeItem, type IncomeStrategy } from '../api/index.ts';
import { QueryError } from '../api/query-error.ts';
import { clampedParam, type Query } from '../api/query.ts';

export const INCOME_LIMITS = {
  limit: { lo: 2, hi: 50, fallback: 10, integer: true },
  min_income_score: { lo: 0, hi: 10, fallback: 0 },
} as const;

/** The row-shape marker the spec keys the ETag on. */
export const INCOME_ROW_SHAPE = 'income-fields:v2';

export interface IncomeQuery {
  type: IncomeStrategy | null;
  limit: number;
  min_income_score: number;
}

export function parseIncomeQuery(q: Query): IncomeQuery {
  const raw = q.get('type');
  let type: IncomeStrategy | null = null;
  if (raw !== undefined) {
    const hit = INCOME_STRATEGIES.find((s) => s === raw.toLowerCase());
    if (hit === undefined) {
      throw new QueryError(`type: must be cc or csp (got '${clipForApi(raw)}')`, 'type', INCOME_STRATEGIES);
    }
    type = hit;
  }
  return {
    type,
    limit: clampedParam(q, 'limit', INCOME_LIMITS.limit),
    min_income_score: clampedParam(q, 'min_income_score', INCOME_LIMITS.min_income_score),
  };
}

function compareIncome(a: IncomeItem, b: IncomeItem): number {
  return (
    b.income_score - a.income_score ||
    (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0) ||
    (a.strategy < b.strategy ? -1 : a.strategy > b.strategy ? 1 : 0)
  );
}

/** At most two rows per ticker (one per strategy) survive, whatever the candidates held. */
export function rankIncome(items: readonly IncomeItem[], query: IncomeQuery): IncomeItem[] {
  const seen = new Set<string>();
  return items
    .filter(
      (item) =>
        (query.type === null || item.strategy === query.type) && item.income_score >= query.min_income_score,
    )
    .sort(compareIncome)
    .filter((item) => {
      const key = `${item.ticker}:${item.strategy}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, query.limit);
}
