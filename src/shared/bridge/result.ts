// The envelope every bridge call returns, over every transport (Electron IPC, headless HTTP).
// The main side never throws across the boundary: it answers { ok: false, error } instead, and
// the renderer's client turns that back into a thrown BridgeError.
import { z } from 'zod';

export const BRIDGE_ERROR_CODES = [
  /** The input failed the method's schema. */
  'invalid_input',
  /** No such method in the contract. */
  'unknown_method',
  /** The thing named does not exist (watchlist, rule, ticker, snapshot). */
  'not_found',
  /** The change conflicts with existing data (duplicate name, ticker already listed). */
  'conflict',
  /** A dependency is not reachable right now (data source, webhook, disk); retrying may help. */
  'unavailable',
  /** Headless transport only: missing or wrong token. */
  'unauthorized',
  /** Headless transport only: wrong Host or cross-site Origin. */
  'forbidden',
  /** Anything unexpected; the message is safe to show, details stay in the main-side log. */
  'internal',
] as const;
export const bridgeErrorCodeSchema = z.enum(BRIDGE_ERROR_CODES);
export type BridgeErrorCode = z.infer<typeof bridgeErrorCodeSchema>;

export const bridgeErrorBodySchema = z.object({
  code: bridgeErrorCodeSchema,
  message: z.string(),
  /** For invalid_input: the failing field paths and what was expected. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type BridgeErrorBody = z.infer<typeof bridgeErrorBodySchema>;

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeErrorBody };

/** The envelope for one method's output schema (used by the transports to check what they relay). */
export function bridgeResultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: bridgeErrorBodySchema }),
  ]);
}

/** The envelope with an unchecked value: what a transport can check before knowing the method. */
export const anyBridgeResultSchema = bridgeResultSchema(z.unknown());

export function ok<T>(value: T): BridgeResult<T> {
  return { ok: true, value };
}

export function fail(
  code: BridgeErrorCode,
  message: string,
  issues?: BridgeErrorBody['issues'],
): BridgeResult<never> {
  return issues ? { ok: false, error: { code, message, issues } } : { ok: false, error: { code, message } };
}

/**
 * A failure the main side raises on purpose, carrying its code to the envelope. Handlers throw it
 * (e.g. `throw new BridgeFailure('not_found', 'no watchlist 7')`); the registration helper maps it.
 * The renderer sees the same code on the BridgeError it catches.
 */
export class BridgeFailure extends Error {
  readonly code: BridgeErrorCode;
  readonly issues: BridgeErrorBody['issues'];
  constructor(code: BridgeErrorCode, message: string, issues?: BridgeErrorBody['issues']) {
    super(message);
    this.name = 'BridgeFailure';
    this.code = code;
    this.issues = issues;
  }
}

/** Flattens zod issues into the envelope's `issues` list. */
export function issuesOf(error: z.ZodError): NonNullable<BridgeErrorBody['issues']> {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(input)',
    message: issue.message,
  }));
}
