// The one error every importer throws for a file it will not read: where (a line, or a JSON path)
// and what is wrong. A chain with silently wrong figures is worse than no chain.
export class ChainImportError extends Error {
  constructor(
    /** "line 12", "header (line 4)", "data.options[3].iv", "file"... */
    readonly location: string,
    readonly problem: string,
    readonly file?: string,
  ) {
    super(`${file ? `${file}: ` : ''}${location}: ${problem}`);
    this.name = 'ChainImportError';
  }

  /** The same error, naming the file it came from. */
  inFile(file: string): ChainImportError {
    return new ChainImportError(this.location, this.problem, file);
  }
}
