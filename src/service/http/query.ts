// The service's query readers: the shared ones (src/shared/api/query.ts, the spec's rules for every
// endpoint), a value they refuse thrown as the service's 400 ServiceError, so routes and the error
// handler deal in one error type.
import * as shared from '../../shared/api/query.ts';
import type { Query } from '../../shared/api/query.ts';
import { asServiceQuery } from './errors.ts';

// These two never refuse anything.
export { csvParam, readQuery, type Query } from '../../shared/api/query.ts';

export function numberParam(q: Query, name: string): number | undefined {
  return asServiceQuery(() => shared.numberParam(q, name));
}

export function clampedParam(
  q: Query,
  name: string,
  range: Parameters<typeof shared.clampedParam>[2],
): number {
  return asServiceQuery(() => shared.clampedParam(q, name, range));
}

export function boolParam(q: Query, name: string, fallback: boolean): boolean {
  return asServiceQuery(() => shared.boolParam(q, name, fallback));
}

export function enumParam<T extends string>(q: Query, name: string, allowed: readonly T[], fallback: T): T;
export function enumParam<T extends string>(
  q: Query,
  name: string,
  allowed: readonly T[],
  fallback?: undefined,
): T | undefined;
export function enumParam<T extends string>(
  q: Query,
  name: string,
  allowed: readonly T[],
  fallback?: T,
): T | undefined {
  return asServiceQuery(() =>
    fallback === undefined
      ? shared.enumParam(q, name, allowed)
      : shared.enumParam(q, name, allowed, fallback),
  );
}
