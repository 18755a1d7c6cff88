// A generic webhook's body template, for receivers that want their own shape (TradingView-style
// alert bodies: a trading bot's JSON, a line of text). The placeholder syntax and filling are the
// rule templates' (alert-template.ts); a webhook knows more placeholders: the alert's figures as
// fields (notify/alert-facts.ts), its kind, text, source and whether it is simulated.
//
// A template that starts with `{` (not `{{`) or `[` is JSON: each placeholder is filled so the body stays
// valid JSON whatever the alert says. Inside a string ("{{message}}") the value is escaped as JSON
// text; outside one ({{price}}) it is a JSON value: a number, true/false, a quoted text, or null
// when unknown. Any other template is text, sent as text/plain, an unknown value as an em dash.
// Settings refuse an unknown placeholder, and a JSON template that does not parse once filled.
import { z } from 'zod';
import { fillPlaceholders, placeholderIssue, TEMPLATE_PLACEHOLDERS } from './alert-template.ts';

export const WEBHOOK_PLACEHOLDERS = [
  ...TEMPLATE_PLACEHOLDERS,
  'message',
  'kind',
  'value',
  'previous',
  'level',
  'level_value',
  'simulated',
  'source',
  'occurred_at',
  'event_id',
  'idempotency_key',
] as const;
export type WebhookPlaceholder = (typeof WEBHOOK_PLACEHOLDERS)[number];

/** What each placeholder stands for, for the settings' help. */
export const WEBHOOK_PLACEHOLDER_HELP: Record<WebhookPlaceholder, string> = {
  ticker: 'The symbol, e.g. SPY',
  title: 'The alert\'s title ("[Simulated] …" from the simulator)',
  price: 'Spot when the alert fired',
  flip: 'Gamma flip level',
  regime: 'Market regime',
  tier: 'Opportunity tier',
  severity: 'Info, Warning or Critical',
  time: 'When the alert fired (New York time)',
  message: "The alert's text",
  kind: 'The rule kind, e.g. level_cross, metric_threshold',
  value: 'The figure the rule looked at: spot, the metric, the new label',
  previous: 'That figure at the snapshot before',
  level: 'A level-cross rule’s level, e.g. gamma flip',
  level_value: 'That level’s price',
  simulated: 'true when the figures are the simulator’s',
  source: 'The data source, e.g. Local simulator (seed 42)',
  occurred_at: 'When the alert fired (ISO 8601, UTC)',
  event_id: "The alert's id in Gammawatch",
  idempotency_key: 'The same on every retry of one alert',
};

/** A value as the alert has it: JSON keeps numbers and true/false as such. */
export type WebhookValue = string | number | boolean | null;
export type WebhookValues = Record<WebhookPlaceholder, WebhookValue>;

export const WEBHOOK_TEMPLATE_MAX = 8000;

/** Whether a template is JSON: it starts with `[` or `{` (not a placeholder's `{{`), after white space. */
export function isJsonTemplate(template: string): boolean {
  return /^\s*(\[|\{(?!\{))/.test(template);
}

/** For each offset of `text`, whether it lies inside a JSON string literal. */
function stringMask(text: string): boolean[] {
  const inside: boolean[] = [];
  let open = false;
  for (let i = 0; i < text.length; i++) {
    inside.push(open);
    const ch = text[i];
    if (open && ch === '\\') {
      inside.push(true);
      i++;
    } else if (ch === '"') open = !open;
  }
  return inside;
}

const textOf = (value: WebhookValue): string => (value === null ? '—' : String(value));

/** The body a template makes for an alert's values, and the Content-Type it is sent with. */
export function renderWebhookBody(
  template: string,
  values: WebhookValues,
): { text: string; contentType: string } {
  if (!isJsonTemplate(template))
    return {
      text: fillPlaceholders(template, values, textOf),
      contentType: 'text/plain; charset=utf-8',
    };
  const inString = stringMask(template);
  const text = fillPlaceholders(template, values, (value, offset) =>
    inString[offset] === true
      ? value === null
        ? ''
        : JSON.stringify(String(value)).slice(1, -1)
      : JSON.stringify(value),
  );
  return { text, contentType: 'application/json' };
}

/**
 * Values to check a template with: every placeholder given, with quotes, a backslash and a line
 * break where a text could hold them; and the same with every value unknown.
 */
const SAMPLE_VALUES: WebhookValues = {
  ticker: 'SPY',
  title: '[Simulated] SPY spot rose above the gamma flip',
  price: 601,
  flip: 600.1,
  regime: 'Choppy, volatile',
  tier: 'High',
  severity: 'Warning',
  time: '2026-03-02 10:30 ET',
  message: 'Spot moved from $598.20 to $601.00, "above" the flip \\ at $600.10.\nHeld 2 snapshots.',
  kind: 'level_cross',
  value: 601,
  previous: 598.2,
  level: 'gamma flip',
  level_value: 600.1,
  simulated: true,
  source: 'Local simulator (seed 42)',
  occurred_at: '2026-03-02T15:30:00.000Z',
  event_id: 42,
  idempotency_key: 'gammawatch-42-1772465400000',
};
const UNKNOWN_VALUES = Object.fromEntries(WEBHOOK_PLACEHOLDERS.map((name) => [name, null])) as WebhookValues;

/** The example values Settings' preview fills a template with. */
export function exampleWebhookValues(): WebhookValues {
  return { ...SAMPLE_VALUES };
}

/** Why a JSON template does not make JSON once filled, or null when it does (or is text). */
export function jsonTemplateIssue(template: string): string | null {
  if (!isJsonTemplate(template)) return null;
  for (const values of [SAMPLE_VALUES, UNKNOWN_VALUES]) {
    try {
      JSON.parse(renderWebhookBody(template, values).text);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return `it starts like JSON but is not valid JSON once filled (${why}); start it otherwise to send text`;
    }
  }
  return null;
}

/** A body template as Settings take it: known placeholders only, valid JSON if it is JSON. */
export const webhookTemplateSchema = z
  .string()
  .max(
    WEBHOOK_TEMPLATE_MAX,
    `a body template is at most ${WEBHOOK_TEMPLATE_MAX.toLocaleString('en-US')} characters`,
  )
  .superRefine((template, ctx) => {
    if (template.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        message: 'a body template cannot be empty: remove it to send the JSON',
      });
      return;
    }
    const issue = placeholderIssue(template, WEBHOOK_PLACEHOLDERS) ?? jsonTemplateIssue(template);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });
