// A rule's own wording for its alert messages, with TradingView-style placeholders ({{ticker}}).
// One definition for both sides: the rule editor validates and previews with it, the core renders
// every delivery with it. An unknown placeholder is refused when the rule is saved, never found at
// delivery time.
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

/** The placeholders a text uses that are not in TEMPLATE_PLACEHOLDERS, each once, in order. */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(TEMPLATE_PLACEHOLDERS);
  const unknown: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!known.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

function placeholderIssue(text: string): string | null {
  const unknown = unknownPlaceholders(text);
  if (unknown.length === 0) return null;
  const names = unknown.map((n) => `{{${n}}}`).join(', ');
  const known = TEMPLATE_PLACEHOLDERS.map((n) => `{{${n}}}`).join(', ');
  return `unknown placeholder${unknown.length === 1 ? '' : 's'} ${names}: use ${known}`;
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
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name)
      ? (values[name as TemplatePlaceholder] ?? '—')
      : whole,
  );
}
