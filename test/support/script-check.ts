// Small lexers for the two chart scripts the levels export writes (shared/api/levels-render.ts):
// enough of Pine Script v5 and thinkScript to tell whether every line is one line, every string
// literal closes on its line with only valid escapes, and where the comments are. A hostile level
// label must not add a line, open a string that never closes, or start a statement.

/** Every character any editor or lexer may take as the end of a line. */
const ANY_LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/** Control characters (C0, DEL, C1) and the Unicode separators: none belongs inside a line. */
const HIDDEN = /[\p{Cc}\u2028\u2029]/u;

/** The script's lines, split on every kind of line break (a well-formed script has only LF). */
export function scriptLines(script: string): string[] {
  return script.replace(/\n$/, '').split(ANY_LINE_BREAK);
}

interface Lexed {
  /** The line's code with string literals and the comment removed. */
  code: string;
  problems: string[];
}

/**
 * One line through a lexer: `commentStart` begins a comment outside a string, `quotes` open a
 * string closed by the same quote, `escapes` the characters a backslash may precede (null: the
 * language has no escapes, a backslash is a plain character).
 */
function lexLine(
  line: string,
  commentStart: string,
  quotes: readonly string[],
  escapes: string | null,
): Lexed {
  const problems: string[] = [];
  if (HIDDEN.test(line)) problems.push(`control or separator character in ${JSON.stringify(line)}`);
  let code = '';
  let i = 0;
  while (i < line.length) {
    if (line.startsWith(commentStart, i)) break;
    const ch = line[i] as string;
    if (!quotes.includes(ch)) {
      code += ch;
      i += 1;
      continue;
    }
    let j = i + 1;
    let closed = false;
    while (j < line.length) {
      const c = line[j] as string;
      if (escapes !== null && c === '\\') {
        const next = line[j + 1];
        if (next === undefined || !escapes.includes(next)) {
          problems.push(`bad escape \\${next ?? ''} in ${JSON.stringify(line)}`);
        }
        j += 2;
        continue;
      }
      if (c === ch) {
        closed = true;
        break;
      }
      j += 1;
    }
    if (!closed) problems.push(`unterminated string in ${JSON.stringify(line)}`);
    code += '""';
    i = j + 1;
  }
  return { code, problems };
}

/** Pine Script v5: `//` comments; strings in double or single quotes, escapes \\ \" \' \n \t. */
export function lexPine(line: string): Lexed {
  return lexLine(line, '//', ['"', "'"], `\\"'nt`);
}

/** thinkScript: `#` comments; double-quoted strings without escapes. */
export function lexThinkScript(line: string): Lexed {
  return lexLine(line, '#', ['"'], null);
}

/** Every problem the lexer finds in the script's lines. */
export function scriptProblems(script: string, lex: (line: string) => Lexed): string[] {
  const problems = scriptLines(script).flatMap((line) => lex(line).problems);
  if (!script.endsWith('\n')) problems.push('the script does not end with a line feed');
  return problems;
}

/**
 * The `plot` statements of the script's code (outside strings and comments), one entry per
 * statement, so two statements on one line count twice.
 */
export function plotStatements(script: string, lex: (line: string) => Lexed): string[] {
  return scriptLines(script).flatMap((line) =>
    lex(line)
      .code.split(';')
      .filter((statement) => /^\s*plot\b/i.test(statement)),
  );
}
