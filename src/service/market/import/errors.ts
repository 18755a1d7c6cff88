// The one error every importer throws for a file it will not read: where (a line, or a JSON path)
// and what is wrong. A chain with silently wrong figures is worse than no chain.
//
// What a file holds is echoed only through `quoted` (the API's own `clipForApi`: 80 printable
// characters): a problem is logged, listed in the folder status and sent with every app:info,
// so a 5 MB "symbol" must not become a 5 MB message. MAX_PROBLEM_CHARS bounds the whole text too,
// for an echo that does not go through `quoted`.
import { clipForApi } from '../../../shared/echo.ts';

/** The longest problem (or location) text an import error carries. */
export const MAX_PROBLEM_CHARS = 400;

/** A value read from a file, as a message repeats it: quoted, clipped, printable. */
export function quoted(raw: string): string {
  return `'${clipForApi(raw)}'`;
}

/** Values (a header's column names) as a message lists them: the first `max`, each quoted. */
export function quotedList(values: readonly string[], max = 12): string {
  const shown = values.slice(0, max).map(quoted).join(', ');
  return values.length > max ? `${shown} and ${values.length - max} more` : shown;
}

/** `text` cut to `max` characters with "…" when longer: a backstop, not a way to quote content. */
export function bounded(text: string, max = MAX_PROBLEM_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export class ChainImportError extends Error {
  /** "line 12", "header (line 4)", "data.options[3].iv", "file"... */
  readonly location: string;
  readonly problem: string;

  constructor(
    location: string,
    problem: string,
    readonly file?: string,
  ) {
    const where = bounded(location);
    const what = bounded(problem);
    super(`${file ? `${file}: ` : ''}${where}: ${what}`);
    this.location = where;
    this.problem = what;
    this.name = 'ChainImportError';
  }

  /** The same error, naming the file it came from. */
  inFile(file: string): ChainImportError {
    return new ChainImportError(this.location, this.problem, file);
  }
}
