/** A subcommand of the `gammawatch` command line. */
export interface Command {
  /** One line for the usage listing. */
  readonly summary: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(argv: readonly string[]): Promise<number>;
}
