import { prettifyError, type z } from 'zod';
import { invalidInput } from './errors.ts';

/** Parses a caller's input, turning a zod failure into a StoreError('invalid_input'). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(`invalid ${what}: ${prettifyError(result.error)}`, result.error);
  return result.data;
}
