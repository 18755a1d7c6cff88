// A rule's own wording for its alert messages, with TradingView-style placeholders ({{ticker}}).
// One definition for both sides: the rule editor validates and previews with it, the core renders
// every delivery with it. An unknown placeholder is refused when the rule is saved, never found at
// delivery time. The placeholder syntax and filling are shared with a webhook's body template
// (webhook-template.ts), which knows more placeholders.
import { z } from 'zod';

export const TEMPLATE_PLACEHOLDERS = [
  'ticker',
  'title',
  'price',
  'flip',
  'regime',
  'tier',
  'severity',
  'time',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/** What each placeholder stands for, for the editor's help text. */
export const PLACEHOLDER_HELP: Record<TemplatePlaceholder, string> = {
  ticker: 'The symbol, e.g. SPY',
  title: "The alert's built-in title",
  price: 'Spot price when the alert fired',
  flip: 'Gamma flip level',
  regime: 'Market regime',
  tier: 'Opportunity tier',
  severity: 'Info, Warning or Critical',
  time: 'When the alert fired (New York time)',
};

/** `{{ name }}`, spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text uses that are not `known` (a rule's by default), each once, in order. */
export function unknownPlaceholders(
  text: string,
  known: readonly string[] = TEMPLATE_PLACEHOLDERS,
): string[] {
  const names = new Set<string>(known);
  const unknown: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!names.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

/** "unknown placeholder {{px}}: use {{ticker}}, …", or null when every placeholder is `known`. */
export function placeholderIssue(
  text: string,
  known: readonly string[] = TEMPLATE_PLACEHOLDERS,
): string | null {
  const unknown = unknownPlaceholders(text, known);
  if (unknown.length === 0) return null;
  const names = unknown.map((n) => `{{${n}}}`).join(', ');
  const list = known.map((n) => `{{${n}}}`).join(', ');
  return `unknown placeholder${unknown.length === 1 ? '' : 's'} ${names}: use ${list}`;
}

/**
 * `text` with each placeholder that `values` has replaced by `fill(its value, where it starts)`;
 * any other is left as written (validation refuses it earlier).
 */
export function fillPlaceholders<V>(
  text: string,
  values: Readonly<Record<string, V>>,
  fill: (value: V, offset: number) => string,
): string {
  return text.replace(PLACEHOLDER, (whole, name: string, offset: number) =>
    Object.hasOwn(values, name) ? fill(values[name] as V, offset) : whole,
  );
}

const templateText = (max: number) =>
  z
    .string()
    .max(max)
    .superRefine((text, ctx) => {
      const issue = placeholderIssue(text);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    });

/** An empty title or body falls back to the built-in one. */
export const messageTemplateSchema = z.strictObject({
  title: templateText(200),
  body: templateText(2000),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/** The values a template is filled with; null renders as an em dash. */
export type TemplateValues = Record<TemplatePlaceholder, string | null>;

/** Fills the known placeholders; anything else is left as written (validation refuses it earlier). */
export function renderTemplateText(text: string, values: TemplateValues): string {
  return fillPlaceholders(text, values, (value) => value ?? '—');
}
