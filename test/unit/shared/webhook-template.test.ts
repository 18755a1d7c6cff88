// A generic webhook's body template: the rule templates' placeholders and more, filled as text or,
// for a template that starts like JSON, so that the body stays JSON whatever the alert says; and
// what Settings refuse (unknown placeholders, JSON that does not parse once filled, an empty one,
// a template on a preset that reads its own shape).
import { describe, expect, it } from 'vitest';
import { webhookSchema } from '../../../src/shared/bridge/settings.ts';
import {
  exampleWebhookValues,
  renderWebhookBody,
  webhookTemplateSchema,
  type WebhookValues,
} from '../../../src/shared/webhook-template.ts';

const values = (over: Partial<WebhookValues> = {}): WebhookValues => ({ ...exampleWebhookValues(), ...over });
const TRICKY = 'He said "sell"\\ now\nthen \u2028 left';

describe('filling a body template', () => {
  it.each<[string, string, Partial<WebhookValues>, string, string]>([
    [
      'text, as TradingView writes it',
      '{{ticker}} crossed {{level}} at {{price}} ({{kind}})',
      {},
      'SPY crossed gamma flip at 601 (level_cross)',
      'text/plain; charset=utf-8',
    ],
    ['text, an unknown value', '{{ticker}} {{level}}', { level: null }, 'SPY —', 'text/plain; charset=utf-8'],
    ['text, spaces inside the braces', '{{ ticker }}!', {}, 'SPY!', 'text/plain; charset=utf-8'],
    [
      'JSON: in quotes escaped, outside a JSON value',
      '{"t":"{{ticker}}","p":{{price}},"sim":{{simulated}},"lvl":{{level}},"msg":"{{message}}"}',
      { message: TRICKY },
      JSON.stringify({ t: 'SPY', p: 601, sim: true, lvl: 'gamma flip', msg: TRICKY }),
      'application/json',
    ],
    [
      'JSON: unknown values are null outside quotes, empty inside',
      '{"v":{{value}},"l":"{{level}}","x":{{level_value}}}',
      { value: null, level: null, level_value: null },
      '{"v":null,"l":"","x":null}',
      'application/json',
    ],
    [
      'JSON: a placeholder after an escaped quote is still inside its string',
      '{"a":"say \\"{{ticker}}\\"","b":{{event_id}}}',
      {},
      '{"a":"say \\"SPY\\"","b":42}',
      'application/json',
    ],
    [
      'JSON: an array, a label outside quotes becomes a string',
      '  [{{ticker}}, {{simulated}}]',
      { simulated: false },
      '  ["SPY", false]',
      'application/json',
    ],
  ])('%s', (_name, template, over, text, contentType) => {
    const body = renderWebhookBody(template, values(over));
    expect(body).toEqual({ text, contentType });
    if (contentType === 'application/json') expect(() => JSON.parse(body.text) as unknown).not.toThrow();
  });
});

describe('a body template in Settings', () => {
  const issue = (template: string) => {
    const result = webhookTemplateSchema.safeParse(template);
    return result.success ? null : (result.error.issues[0]?.message ?? '?');
  };

  it.each([
    ['{{ticker}} {{price}}', null],
    ['{"ticker": "{{ticker}}", "price": {{price}}, "text": "{{message}}"}', null],
    ['{{ticker}} {{close}}', /^unknown placeholder \{\{close\}\}: use \{\{ticker\}\}, /],
    ['{"ticker": {{ticker}', /^it starts like JSON but is not valid JSON once filled/],
    // A quoted number placeholder would still parse; an unquoted text in a string would not.
    ['{"a": "{{price}}", "b": {{title}} }', null],
    ['{"a": {{price}} {{title}}}', /not valid JSON/],
    ['   ', /^a body template cannot be empty/],
    ['x'.repeat(8001), /^a body template is at most 8,000 characters$/],
  ])('%j → %s', (template, want) => {
    const got = issue(template);
    if (want === null) expect(got).toBeNull();
    else expect(got).toMatch(want);
  });

  it.each([
    ['generic', true],
    ['discord', false],
    ['slack', false],
    ['ntfy', false],
  ] as const)('on a %s webhook: allowed %s', (preset, ok) => {
    const result = webhookSchema.safeParse({
      id: 'bot',
      url: 'https://hooks.example.com/x',
      preset,
      enabled: true,
      bodyTemplate: '{{ticker}}',
    });
    expect(result.success).toBe(ok);
    if (!ok) expect(result.error?.issues[0]?.path).toEqual(['bodyTemplate']);
  });

  it('a webhook stored before templates existed sends the JSON', () => {
    const hook = { id: 'bot', url: 'https://hooks.example.com/x', preset: 'generic', enabled: true };
    expect(webhookSchema.parse(hook).bodyTemplate).toBeNull();
  });
});
