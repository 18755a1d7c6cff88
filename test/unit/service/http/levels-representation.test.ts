// How /levels answers a text format: by Accept first, then by the spelling of the selector.
import { describe, expect, it } from 'vitest';
import { levelsBody, levelsParams } from '../../../../src/service/http/levels-representation.ts';
import { readQuery } from '../../../../src/shared/api/query.ts';
import { ServiceError, fromQueryError } from '../../../../src/service/http/errors.ts';
import { QueryError } from '../../../../src/shared/api/query-error.ts';

describe('levelsBody', () => {
  it.each([
    // a text type anywhere wins: charting platforms and our own client ask for text/plain
    ['text/plain', 'format', 'text'],
    ['text/plain', 'view', 'text'],
    ['application/json, text/plain', 'view', 'text'],
    ['text/*', 'view', 'text'],
    ['text/html,application/xhtml+xml,*/*;q=0.8', 'view', 'text'],
    // JSON and no text type: JSON
    ['application/json', 'format', 'json'],
    ['application/json', 'view', 'json'],
    ['application/json, */*', 'format', 'json'],
    ['application/problem+json', 'format', 'json'],
    ['application/json, text/plain;q=0', 'format', 'json'],
    // no preference (curl and httpx send */*): plain text for format=, JSON for view=
    ['*/*', 'format', 'text'],
    ['*/*', 'view', 'json'],
    [undefined, 'format', 'text'],
    [undefined, 'view', 'json'],
    ['', 'view', 'json'],
  ] as const)('Accept %j with %s= → %s', (accept, spelling, body) => {
    expect(levelsBody(accept, spelling)).toBe(body);
  });
});

describe('levelsParams', () => {
  it.each([
    [{}, '*/*', { format: 'json' }],
    [{ view: 'json' }, '*/*', { format: 'json' }],
    [{ format: 'TOS' }, '*/*', { format: 'tos' }],
    [{ view: 'tos' }, '*/*', { format: 'tos', body: 'json' }],
    [{ view: 'tradingview' }, 'text/plain', { format: 'tradingview' }],
    [{ format: 'tradingview' }, 'application/json', { format: 'tradingview', body: 'json' }],
    [{ format: 'tos', view: 'tos' }, '*/*', { format: 'tos' }],
  ])('%j, Accept %s → %j', (query, accept, params) => {
    expect(levelsParams(readQuery(query), accept)).toEqual(params);
  });

  it.each([
    [{ view: 'pine' }, 'view'],
    [{ format: 'tos', view: 'tradingview' }, 'view'],
  ])('%j is refused naming %s (a 400 over HTTP)', (query, param) => {
    let caught: unknown;
    try {
      levelsParams(readQuery(query), '*/*');
    } catch (error) {
      caught = error;
    }
    const asService = caught instanceof QueryError ? fromQueryError(caught) : caught;
    expect(asService).toBeInstanceOf(ServiceError);
    expect((asService as ServiceError).status).toBe(400);
    expect((asService as ServiceError).details.param).toBe(param);
  });
});
