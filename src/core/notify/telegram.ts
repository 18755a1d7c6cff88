// Telegram through a bot: the Bot API's sendMessage to one chat, plain text (no parse mode, so a
// ticker or a template never breaks on Markdown escaping). The token travels in the URL's path
// (/bot<token>/sendMessage): every text kept or shown is scrubbed of it. An info alert arrives
// silently (disable_notification), warning and critical with sound.
import type { TelegramSettings } from '../../shared/bridge/settings.ts';
import type { NotificationChannel } from './channel.ts';
import { clip, messageText, outwardTitle, type OutgoingEvent } from './outgoing.ts';
import { notSent, scrubbed, sendOutcome, type SendResult } from './send-result.ts';
import { postToService, type ServiceRequestOptions } from './service-request.ts';

/** Telegram's limit for a message's text. */
const MAX_TEXT = 4096;

export interface TelegramTarget {
  settings: Pick<TelegramSettings, 'chatId'>;
  token: string | null;
  origin: string;
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export function telegramText(event: OutgoingEvent): string {
  return clip(`${outwardTitle(event)}\n${messageText(event)}`, MAX_TEXT);
}

export async function sendTelegram(
  target: TelegramTarget,
  event: OutgoingEvent,
  options: ServiceRequestOptions = {},
  signal?: AbortSignal,
): Promise<SendResult> {
  const token = target.token?.trim() ?? '';
  if (!token) return notSent('no Telegram bot token saved: paste the token @BotFather gave you');
  const chatId = target.settings.chatId;
  const answer = await postToService(
    `${target.origin}/bot${token}/sendMessage`,
    { chat_id: chatId, text: telegramText(event), disable_notification: event.severity === 'info' },
    options,
    signal,
  );
  const base = { status: answer.status, durationMs: answer.durationMs, attempts: answer.attempts };
  const body = record(answer.json);
  let result: SendResult;
  if (body?.ok === true) {
    const id = record(body.result)?.message_id;
    result = {
      ...base,
      delivered: true,
      detail: `Telegram accepted message ${typeof id === 'number' ? id : '?'} for chat ${chatId}`,
      error: null,
    };
  } else if (answer.transportError !== null) {
    result = { ...base, delivered: false, detail: null, error: `Telegram: ${answer.transportError}` };
  } else {
    const description = typeof body?.description === 'string' ? body.description : 'no description';
    const code = typeof body?.error_code === 'number' ? body.error_code : answer.status;
    result = {
      ...base,
      delivered: false,
      detail: null,
      error: `Telegram refused the message (error ${code ?? '?'}): ${description}`,
    };
  }
  return scrubbed(result, [token]);
}

export function telegramChannel(
  target: () => TelegramTarget,
  options: ServiceRequestOptions = {},
): NotificationChannel {
  return {
    id: 'telegram',
    kind: 'telegram',
    deliver: async (event, signal) => sendOutcome(await sendTelegram(target(), event, options, signal)),
  };
}
