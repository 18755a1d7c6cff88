// The rule editor's message template: a live preview filled with example values (labelled as an
// example in the editor), the unknown placeholders of what is being typed, and inserting a
// placeholder where the cursor is. Rendering and validation are the shared ones the core uses.
import {
  renderTemplateText,
  TEMPLATE_PLACEHOLDERS,
  unknownPlaceholders,
  type TemplatePlaceholder,
  type TemplateValues,
} from '../../../shared/alert-template.ts';
import type { Severity } from '../../../shared/alert-rules.ts';
import { humanize } from '../../lib/format.ts';

/** Made-up values for the preview: plausible for SPY, never taken from the market. */
export function exampleValues(severity: Severity): TemplateValues {
  return {
    ticker: 'SPY',
    title: 'SPY gamma regime: Positive → Negative',
    price: '512.34',
    flip: '510.00',
    regime: 'Choppy, volatile',
    tier: 'High',
    severity: humanize(severity),
    time: '2026-03-02 10:30 ET',
  };
}

/** What an empty title or body falls back to, as the preview says it. */
export const BUILT_IN_TITLE = '(the built-in title)';
export const BUILT_IN_BODY = '(the built-in text)';

export interface TemplatePreview {
  title: string;
  body: string;
}

/** The example message; an empty part reads as the built-in one, as the core then sends it. */
export function previewTemplate(title: string, body: string, severity: Severity): TemplatePreview {
  const values = exampleValues(severity);
  return {
    title: title.trim() === '' ? BUILT_IN_TITLE : renderTemplateText(title, values),
    body: body.trim() === '' ? BUILT_IN_BODY : renderTemplateText(body, values),
  };
}

/** "Unknown placeholder {{px}}: use one of the chips below"; null when every placeholder is known. */
export function unknownPlaceholderText(text: string): string | null {
  const unknown = unknownPlaceholders(text);
  if (unknown.length === 0) return null;
  const names = unknown.map((n) => `{{${n}}}`).join(', ');
  return `Unknown placeholder${unknown.length === 1 ? '' : 's'} ${names}: use one of the placeholders listed below`;
}

export function placeholderToken(name: TemplatePlaceholder): string {
  return `{{${name}}}`;
}

/** The text with a placeholder put in at the selection (replacing it), and where the cursor goes next. */
export function insertPlaceholder(
  text: string,
  name: TemplatePlaceholder,
  start: number | null,
  end: number | null,
): { text: string; cursor: number } {
  const token = placeholderToken(name);
  const from = clamp(start ?? text.length, text.length);
  const to = Math.max(from, clamp(end ?? from, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), cursor: from + token.length };
}

function clamp(n: number, max: number): number {
  return Math.min(Math.max(0, n), max);
}

export { TEMPLATE_PLACEHOLDERS };
