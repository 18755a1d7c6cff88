import { describe, expect, it } from 'vitest';
import { TEMPLATE_PLACEHOLDERS } from '../../../../src/shared/alert-template.ts';
import {
  BUILT_IN_BODY,
  BUILT_IN_TITLE,
  exampleValues,
  insertPlaceholder,
  previewTemplate,
  unknownPlaceholderText,
} from '../../../../src/renderer/features/alerts/template-preview.ts';

describe('the template preview', () => {
  it.each([
    ['{{ticker}} {{severity}}', '', 'critical', 'SPY Critical', BUILT_IN_BODY],
    ['', 'Spot {{price}}, flip {{flip}}', 'info', BUILT_IN_TITLE, 'Spot 512.34, flip 510.00'],
    [
      '{{ ticker }}: {{title}}',
      '{{regime}} / {{tier}} at {{time}}',
      'warning',
      'SPY: SPY gamma regime: Positive → Negative',
      'Choppy, volatile / High at 2026-03-02 10:30 ET',
    ],
    ['Plain words', 'No placeholders', 'info', 'Plain words', 'No placeholders'],
    ['{{tickr}} moved', '', 'info', '{{tickr}} moved', BUILT_IN_BODY],
  ] as const)('%j / %j (%s)', (title, body, severity, shownTitle, shownBody) => {
    expect(previewTemplate(title, body, severity)).toEqual({ title: shownTitle, body: shownBody });
  });

  it('has an example value for every placeholder', () => {
    const values = exampleValues('info');
    for (const name of TEMPLATE_PLACEHOLDERS) expect(values[name]).toMatch(/\S/);
  });
});

describe('unknown placeholders, flagged while typing', () => {
  it.each([
    ['{{ticker}} at {{price}}', null],
    ['', null],
    ['{{close}}', 'Unknown placeholder {{close}}: use one of the placeholders listed below'],
    [
      '{{close}} {{ Ticker }} {{close}}',
      'Unknown placeholders {{close}}, {{Ticker}}: use one of the placeholders listed below',
    ],
    ['{{}}', 'Unknown placeholder {{}}: use one of the placeholders listed below'],
    ['{ticker} and {{ticker', null],
  ])('%j → %s', (text, message) => {
    expect(unknownPlaceholderText(text)).toBe(message);
  });
});

describe('inserting a placeholder', () => {
  it.each([
    ['', 'ticker', null, null, '{{ticker}}', 10],
    ['at ', 'price', 3, 3, 'at {{price}}', 12],
    ['SPY moved', 'ticker', 0, 3, '{{ticker}} moved', 10],
    ['flip ', 'flip', null, null, 'flip {{flip}}', 13],
    ['abc', 'tier', 99, 120, 'abc{{tier}}', 11],
    ['abc', 'tier', 2, 1, 'ab{{tier}}c', 10],
  ] as const)('%j + %s at %s–%s → %j', (text, name, start, end, next, cursor) => {
    expect(insertPlaceholder(text, name, start, end)).toEqual({ text: next, cursor });
  });
});
