// The form of every sentence the service writes for people (headlines, behaviours, labels, reasons,
// notes, caveats, entry/stop/target descriptions): it starts with a capital letter and names things
// in words, never by an identifier (not "trending_down_high_vol", nor "spot above…" in lower case).
// Machine fields (tags, caution_flags, enum values) keep their identifiers; only prose goes through here.

/** A snake_case identifier: lower-case words joined by underscores. */
const IDENTIFIER = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/** "trending_down_high_vol" → "trending down high vol". */
export function words(id: string): string {
  return id.replaceAll('_', ' ');
}

/** A sentence for people: identifiers spelled as words, first letter upper-cased. */
export function sentence(text: string): string {
  const plain = text.replace(IDENTIFIER, words);
  const i = plain.search(/\S/);
  return i < 0 ? plain : plain.slice(0, i) + plain.charAt(i).toUpperCase() + plain.slice(i + 1);
}

/** sentence(), passing null through. */
export function sentenceOrNull(text: string | null): string | null {
  return text === null ? null : sentence(text);
}
