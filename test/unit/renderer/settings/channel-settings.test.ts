import { describe, expect, it } from 'vitest';
import {
  channelReady,
  digestChoices,
  digestLabel,
  newEmail,
  newPushover,
  newTelegram,
  splitRecipients,
  testResultText,
} from '../../../../src/renderer/features/settings/channel-settings.ts';
import {
  emailSettingsSchema,
  pushoverSettingsSchema,
  telegramSettingsSchema,
} from '../../../../src/shared/bridge/settings.ts';

describe('digest choices', () => {
  it.each([
    [0, 'Off'],
    [1, '1 minute'],
    [5, '5 minutes'],
    [60, '1 hour'],
    [120, '2 hours'],
    [90, '90 minutes'],
  ])('%i → %s', (minutes, label) => {
    expect(digestLabel(minutes)).toBe(label);
  });

  it.each([
    [0, [0, 5, 15, 30, 60]],
    [15, [0, 5, 15, 30, 60]],
    [10, [0, 5, 10, 15, 30, 60]],
    [240, [0, 5, 15, 30, 60, 240]],
  ])('a saved %i stays choosable', (current, list) => {
    expect(digestChoices(current)).toEqual(list);
  });
});

describe('recipients', () => {
  it.each([
    ['me@example.com', ['me@example.com']],
    [' me@example.com , desk@example.com ', ['me@example.com', 'desk@example.com']],
    ['a@x.com;b@y.com c@z.com', ['a@x.com', 'b@y.com', 'c@z.com']],
    ['a@x.com, ,', ['a@x.com']],
    ['', []],
  ])('%j → %j', (text, list) => {
    expect(splitRecipients(text)).toEqual(list);
  });
});

describe('a channel turned on', () => {
  it('starts on, without a digest, and needs its blanks filled before it saves', () => {
    expect(newTelegram()).toMatchObject({ enabled: true, digestMinutes: 0 });
    expect(telegramSettingsSchema.safeParse(newTelegram()).success).toBe(false);
    expect(emailSettingsSchema.safeParse(newEmail()).success).toBe(false);
    expect(
      emailSettingsSchema.safeParse({
        ...newEmail(),
        host: 'smtp.example.com',
        from: 'a@x.com',
        to: ['b@y.com'],
      }).success,
    ).toBe(true);
    expect(pushoverSettingsSchema.safeParse(newPushover()).success).toBe(true);
  });

  it.each([
    [null, false],
    [undefined, false],
    [{ enabled: false }, false],
    [{ enabled: true }, true],
  ])('offered to rules: %j → %s', (config, ready) => {
    expect(channelReady(config)).toBe(ready);
  });
});

describe('a test result in one line', () => {
  it.each([
    [
      'telegram',
      {
        delivered: true,
        detail: 'Telegram accepted message 42 for chat -100123',
        status: 200,
        durationMs: 81.6,
        error: null,
      },
      'Delivered in 82 ms: Telegram accepted message 42 for chat -100123',
    ],
    [
      'email',
      { delivered: true, detail: null, status: 250, durationMs: 40, error: null },
      'Delivered in 40 ms: answered 250',
    ],
    [
      'telegram',
      {
        delivered: false,
        detail: null,
        status: 401,
        durationMs: 12,
        error: 'Telegram refused the bot token',
      },
      'Telegram test not delivered: Telegram refused the bot token (401)',
    ],
    [
      'pushover',
      {
        delivered: false,
        detail: null,
        status: 400,
        durationMs: 12,
        error: 'Pushover answered 400: user key is invalid',
      },
      'Pushover test not delivered: Pushover answered 400: user key is invalid',
    ],
    [
      'email',
      { delivered: false, detail: null, status: null, durationMs: 10_000, error: 'no answer within 10 s' },
      'E-mail test not delivered: no answer within 10 s',
    ],
  ] as const)('%s %j', (channel, result, text) => {
    expect(testResultText(channel, result)).toBe(text);
  });
});
