// The stored secrets (the remote API key, the Tradier token, the Telegram, SMTP and Pushover
// credentials) kept out of every text the app lets go: a remote may echo the Authorization header
// in an error body, and that text is then stored (the poll log), answered (the bridge, MCP) and
// logged. The app's one SecretRedactor knows every stored secret's current value; each exit (the
// store's error columns, the bridge's answers and events, MCP's answers, the log) runs its text
// through it. notify/url-redaction.ts masks what a delivery's URL carries; this masks known values.

/**
 * Values shorter than this are not redacted: a shorter "secret" (a 6-letter SMTP password such as
 * "latest") would eat ordinary words and numbers out of every message, and 8 characters is also
 * the shortest prefix of a cut-off echo that is masked. Every token the app stores is far longer
 * (Tradier's 28, Pushover's 30, a Telegram bot's 45, API keys 32 and more), and secretHint shows
 * no character of a secret this short either. notify's channels still scrub their own shorter
 * passwords from their own errors (send-result.ts).
 */
export const MIN_SECRET_LENGTH = 8;

export const REDACTED = '[redacted]';

/** Characters a token is made of: a secret's prefix followed by none of them was cut off there. */
const TOKEN_CHAR = /[A-Za-z0-9\-._~+/=%]/;

/**
 * `Bearer <token>` as an Authorization header is echoed, whether or not the token is known (a key
 * from a command line, a cut-off echo). The token needs a digit and 8 characters, so prose such as
 * "a Bearer token" or "Bearer authentication" stays as written.
 */
const BEARER = /\b(bearer)\s+(?=[\w.~+/-]*\d)[\w.~+/-]{8,}=*/gi;

/** The forms a secret takes in text: as is, percent-encoded (in a URL) and escaped (in JSON). */
export function secretForms(value: string): string[] {
  const raw = value.trim();
  if (raw.length < MIN_SECRET_LENGTH) return [];
  return [...new Set([raw, encodeURIComponent(raw), JSON.stringify(raw).slice(1, -1)])];
}

/**
 * `text` with every occurrence of `form` replaced by [redacted], and with a cut-off one too: a
 * prefix of at least MIN_SECRET_LENGTH characters that ends where the text or the token ends (an
 * excerpt of 300 characters, a clipped message, often ends in the middle of an echoed key).
 */
function maskForm(text: string, form: string): string {
  const head = form.slice(0, MIN_SECRET_LENGTH);
  let out = '';
  let from = 0;
  let at = text.indexOf(head);
  while (at !== -1) {
    let matched = head.length;
    while (matched < form.length && text[at + matched] === form[matched]) matched++;
    const cut = matched < form.length && !TOKEN_CHAR.test(text[at + matched] ?? '');
    if (matched === form.length || cut) {
      out += text.slice(from, at) + REDACTED;
      from = at + matched;
      at = text.indexOf(head, from);
    } else {
      at = text.indexOf(head, at + 1);
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Longest first, so a secret that holds another is masked whole. */
function formsOf(secrets: Iterable<string | null | undefined>): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) if (secret) for (const form of secretForms(secret)) forms.add(form);
  return [...forms].sort((a, b) => b.length - a.length);
}

function redactForms(text: string, forms: readonly string[]): string {
  let out = text;
  for (const form of forms) out = maskForm(out, form);
  return out.replace(BEARER, (_match, scheme: string) => `${scheme} ${REDACTED}`);
}

/** `text` without any of `secrets` (in any of their forms) and without a `Bearer <token>`. */
export function redactText(text: string, secrets: Iterable<string | null | undefined>): string {
  return redactForms(text, formsOf(secrets));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Every string inside `value` (plain objects and arrays, walked; anything else kept as it is) run
 * through `redact`. What has nothing to redact is returned as the same object, so an answer with
 * no secret in it is not copied.
 */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redact(v);
    if (Array.isArray(v)) {
      let copy: unknown[] | null = null;
      v.forEach((item: unknown, i) => {
        const clean = walk(item);
        if (clean !== item) (copy ??= [...v])[i] = clean;
      });
      return copy ?? v;
    }
    if (isPlainObject(v)) {
      let copy: Record<string, unknown> | null = null;
      for (const [key, item] of Object.entries(v)) {
        const clean = walk(item);
        if (clean !== item) (copy ??= { ...v })[key] = clean;
      }
      return copy ?? v;
    }
    return v;
  };
  return walk(value) as T;
}

/**
 * The app's redactor. It reads the stored secrets when told to (at start, after a secret is saved)
 * rather than at each text, since a store may decrypt or read a file per value. A value it has
 * known stays known for the run: a request sent with the previous key may still be answered.
 */
export class SecretRedactor {
  readonly #read: () => Iterable<string | null | undefined>;
  readonly #known = new Set<string>();
  #forms: string[] = [];

  constructor(read: () => Iterable<string | null | undefined>) {
    this.#read = read;
  }

  /** Reads the stored secrets again. */
  refresh(): void {
    this.remember(...this.#read());
  }

  /** Secrets from elsewhere: a data source's key given on a command line or by a named variable. */
  remember(...values: readonly (string | null | undefined)[]): void {
    const before = this.#known.size;
    for (const value of values) if (value && value.trim().length >= MIN_SECRET_LENGTH) this.#known.add(value);
    if (this.#known.size !== before) this.#forms = formsOf(this.#known);
  }

  readonly redact = (text: string): string => redactForms(text, this.#forms);
}
