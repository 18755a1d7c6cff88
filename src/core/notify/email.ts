// E-mail over SMTP with nodemailer. tls: TLS from the first byte (secure: true, usually port
// 465); starttls: a plain connection that must upgrade, refused when the server cannot (requireTLS,
// usually 587). A login is sent only when a user is set. Certificates are always verified; a test
// trusts its own self-signed one through `tlsCa` (or NODE_EXTRA_CA_CERTS for a child process).
// Every message has the Message-ID `<gammawatch-<event id>-<created ms>@gammawatch>` and an
// X-Gammawatch-Event header, the same on every retry, so a mail filter or the trader can drop a
// repeat; one raised from the simulator has X-Gammawatch-Simulated: true too.
import nodemailer from 'nodemailer';
import type { EmailSettings } from '../../shared/bridge/settings.ts';
import { messageOf } from '../../shared/message-of.ts';
import type { NotificationChannel } from './channel.ts';
import {
  eventIdsOf,
  isSimulated,
  messageIdOf,
  messageText,
  outwardTitle,
  type OutgoingEvent,
} from './outgoing.ts';
import { notSent, scrubbed, sendOutcome, type SendResult } from './send-result.ts';

export interface EmailTarget {
  settings: Pick<EmailSettings, 'host' | 'port' | 'security' | 'user' | 'from' | 'to'>;
  password: string | null;
}

export interface EmailOptions {
  /** Connection, greeting and idle timeouts, each (ms). */
  timeoutMs?: number;
  /** Extra certificate authorities to trust (tests: the stand-in's self-signed certificate). */
  tlsCa?: string;
  maxAttempts?: number;
  sleep?: (ms: number) => Promise<void>;
  backoffBaseMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface SmtpError {
  message: string;
  responseCode: number | null;
  response: string | null;
}

function smtpError(error: unknown): SmtpError {
  const e = (error ?? {}) as { responseCode?: unknown; response?: unknown };
  return {
    message: messageOf(error),
    responseCode: typeof e.responseCode === 'number' ? e.responseCode : null,
    response: typeof e.response === 'string' ? e.response : null,
  };
}

/** What an event's e-mail says, and the headers that make a retry and a simulated alert recognisable. */
export function emailMessage(event: OutgoingEvent): {
  subject: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
} {
  return {
    subject: outwardTitle(event),
    text: messageText(event),
    messageId: messageIdOf(event),
    headers: {
      'X-Gammawatch-Event': eventIdsOf(event).join(', '),
      // A mail filter can file the simulator's alerts apart.
      ...(isSimulated(event) ? { 'X-Gammawatch-Simulated': 'true' } : {}),
    },
  };
}

/** A 4xx reply or no reply at all (network, timeout) may pass on a second try; a 5xx will not. */
const transient = (e: SmtpError): boolean =>
  e.responseCode === null || (e.responseCode >= 400 && e.responseCode < 500);

export async function sendEmail(
  target: EmailTarget,
  event: OutgoingEvent,
  options: EmailOptions = {},
  signal?: AbortSignal,
): Promise<SendResult> {
  const { settings } = target;
  const user = settings.user.trim();
  const password = target.password ?? '';
  if (user && !password) return notSent(`no SMTP password saved for ${user}`);
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ...(user ? { auth: { user, pass: password } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    tls: { rejectUnauthorized: true, ...(options.tlsCa ? { ca: options.tlsCa } : {}) },
  });
  const onAbort = (): void => transport.close();
  signal?.addEventListener('abort', onAbort, { once: true });
  const started = performance.now();
  const maxAttempts = Math.max(1, options.maxAttempts ?? 2);
  let result: SendResult | null = null;
  try {
    for (let n = 1; n <= maxAttempts; n++) {
      const attempts = n;
      try {
        const info = (await transport.sendMail({
          from: settings.from,
          to: settings.to,
          ...emailMessage(event),
        })) as { response?: unknown };
        const reply = typeof info.response === 'string' ? info.response : '';
        const code = Number.parseInt(reply, 10);
        result = {
          delivered: true,
          detail: `The SMTP server accepted the message: ${reply || 'no reply text'}`,
          status: Number.isFinite(code) ? code : null,
          durationMs: performance.now() - started,
          error: null,
          attempts,
        };
        break;
      } catch (error) {
        const e = smtpError(error);
        const text = e.response ?? e.message;
        result = {
          delivered: false,
          detail: null,
          status: e.responseCode,
          durationMs: performance.now() - started,
          error: `E-mail not sent: ${text}`,
          attempts,
        };
        if (!transient(e) || signal?.aborted || n === maxAttempts) break;
        await (options.sleep ?? realSleep)((options.backoffBaseMs ?? 1000) * 2 ** (n - 1));
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    transport.close();
  }
  return scrubbed(result ?? notSent('E-mail not sent'), [password]);
}

export function emailChannel(target: () => EmailTarget, options: EmailOptions = {}): NotificationChannel {
  return {
    id: 'email',
    kind: 'email',
    deliver: async (event, signal) => sendOutcome(await sendEmail(target(), event, options, signal)),
  };
}
