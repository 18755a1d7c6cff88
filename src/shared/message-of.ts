// The text of anything thrown, for logs and user-facing messages (callers clip or wrap it): one
// spelling for every side, instead of `error instanceof Error ? error.message : String(error)`.
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
