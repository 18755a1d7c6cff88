// A local stand-in of the Telegram Bot API's sendMessage (POST /bot<token>/sendMessage, JSON or
// form body), answering in the documented shapes: {ok:true,result:Message} on success and
// {ok:false,error_code,description} on failure (401 "Unauthorized" for a wrong token, 400
// "Bad Request: chat not found" for a chat other than `chatId` when one is given). Every request
// that reached sendMessage is in `received`, hung ones too. Start it from a test or a Playwright
// spec: `const tg = await startTelegramStandIn({ token })`, point the app at it with
// GAMMAWATCH_TELEGRAM_API_ORIGIN=tg.url, read `tg.received`, `await tg.close()`.
import { fieldsOf, sendJson, startHttpStandIn, type HttpFault } from './http-stand-in.ts';

export interface TelegramMessage {
  token: string;
  chatId: string;
  text: string;
  /** The whole body as sent, fields as strings. */
  fields: Record<string, string>;
  /** The message_id answered (0 when the request failed or hung). */
  messageId: number;
  at: number;
}

export interface TelegramStandIn {
  url: string;
  received: TelegramMessage[];
  fail(...faults: HttpFault[]): void;
  close(): Promise<void>;
}

export interface TelegramStandInOptions {
  /** The bot token accepted (default: any). */
  token?: string;
  /** The only chat that exists (default: any). */
  chatId?: string;
}

export async function startTelegramStandIn(options: TelegramStandInOptions = {}): Promise<TelegramStandIn> {
  const received: TelegramMessage[] = [];
  let nextId = 1;
  const core = await startHttpStandIn(
    (request, res) => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.path.split('?')[0] ?? '');
      if (!match || request.method !== 'POST') {
        sendJson(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
        return;
      }
      const [, token = '', method] = match;
      const fields = fieldsOf(request);
      const message: TelegramMessage = {
        token,
        chatId: fields.chat_id ?? '',
        text: fields.text ?? '',
        fields,
        messageId: 0,
        at: Date.now(),
      };
      if (method !== 'sendMessage') {
        sendJson(res, 404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
        return;
      }
      received.push(message);
      if (options.token !== undefined && token !== options.token) {
        sendJson(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
        return;
      }
      if (options.chatId !== undefined && message.chatId !== options.chatId) {
        sendJson(res, 400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
        return;
      }
      if (!message.text) {
        sendJson(res, 400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
        return;
      }
      message.messageId = nextId++;
      sendJson(res, 200, {
        ok: true,
        result: {
          message_id: message.messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(message.chatId) || 0, type: 'private' },
          text: message.text,
        },
      });
    },
    (res, status, description) => sendJson(res, status, { ok: false, error_code: status, description }),
  );
  return { url: core.url, received, fail: core.fail, close: core.close };
}
