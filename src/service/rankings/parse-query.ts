// The ranking queries as the service reads them: the shared parsers (src/shared/rankings/, which
// core uses on stored rankings too), a value they refuse thrown as the service's 400 ServiceError.
import type { Query } from '../../shared/api/query.ts';
import { parseIncomeQuery as parseIncome, type IncomeQuery } from '../../shared/rankings/income-setups.ts';
import {
  parseTopSetupsQuery as parseTopSetups,
  type TopSetupsQuery,
} from '../../shared/rankings/top-setups-query.ts';
import { asServiceQuery } from '../http/errors.ts';

export function parseTopSetupsQuery(q: Query): TopSetupsQuery {
  return asServiceQuery(() => parseTopSetups(q));
}

export function parseIncomeQuery(q: Query): IncomeQuery {
  return asServiceQuery(() => parseIncome(q));
}
