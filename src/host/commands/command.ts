/** A subcommand of the `gammawatch` command line. */
export interface Command {
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(argv: readonly string[]): Promise<number>;
}

/**
 * A failure a command reports as it is, with a stable code for scripts: the command line prints
 * `gammawatch <command>: <message>` (and `usage` under it, when given) on stderr, or under `--json`
 * `{"error": {"message", "code"}}` on stdout, and exits with `exitCode`.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly exitCode = 1,
    /** The command's usage text, printed after the message in text mode. */
    readonly usage?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
