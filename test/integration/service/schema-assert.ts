// Validation helper for the service's tests: every response body is checked against the contract.
import { expect } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../../src/shared/api/index.ts';
import type { Reply } from '../../support/service-factory.ts';

/** Parses `json` with `schema`, failing the test with zod's readable report when it does not fit. */
export function valid<S extends z.ZodType>(schema: S, json: unknown): z.infer<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) expect.fail(`response does not match the schema:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Asserts an error reply: status, code, a request id, and the contract's error body shape. */
export function expectError(reply: Reply, status: number, code: string): Record<string, unknown> {
  expect(reply.status, reply.text).toBe(status);
  const body = valid(errorBodySchema, reply.json);
  expect(body.error.code).toBe(code);
  expect(body.error.request_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(reply.headers.get('x-request-id')).toBe(body.error.request_id);
  return body.error;
}
