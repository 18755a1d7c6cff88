// Pushover: one form POST to /1/messages.json with the application token and the user key. The
// priority follows the alert's severity: info -1 (quiet: no sound or vibration), warning 0
// (normal), critical 1 (high: bypasses the user's own Pushover quiet hours). Emergency (2) is never
// used: it repeats until acknowledged, which a market alert should not impose. The event time is
// sent as `timestamp` so a digest or a retry shows when the alert fired, not when it arrived.
import type { AlertEvent } from '../../shared/bridge/alerts.ts';
import type { NotificationChannel } from './channel.ts';
import { clip, messageText, outwardTitle, type OutgoingEvent } from './outgoing.ts';
import { notSent, scrubbed, sendOutcome, type SendResult } from './send-result.ts';
import { postToService, type ServiceRequestOptions } from './service-request.ts';

export const PUSHOVER_PRIORITY: Record<AlertEvent['severity'], number> = {
  info: -1,
  warning: 0,
  critical: 1,
};

/** Pushover's limits: 250 characters of title, 1024 of message. */
const MAX_TITLE = 250;
const MAX_MESSAGE = 1024;

export interface PushoverTarget {
  appToken: string | null;
  userKey: string | null;
  origin: string;
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export function pushoverForm(event: OutgoingEvent, appToken: string, userKey: string): URLSearchParams {
  const created = Date.parse(event.createdAt);
  const form = new URLSearchParams({
    token: appToken,
    user: userKey,
    title: clip(outwardTitle(event), MAX_TITLE),
    message: clip(messageText(event), MAX_MESSAGE),
    priority: String(PUSHOVER_PRIORITY[event.severity]),
  });
  if (Number.isFinite(created)) form.set('timestamp', String(Math.floor(created / 1000)));
  return form;
}

export async function sendPushover(
  target: PushoverTarget,
  event: OutgoingEvent,
  options: ServiceRequestOptions = {},
  signal?: AbortSignal,
): Promise<SendResult> {
  const appToken = target.appToken?.trim() ?? '';
  const userKey = target.userKey?.trim() ?? '';
  if (!appToken) return notSent('no Pushover application token saved');
  if (!userKey) return notSent('no Pushover user key saved');
  const answer = await postToService(
    `${target.origin}/1/messages.json`,
    pushoverForm(event, appToken, userKey),
    options,
    signal,
  );
  const base = { status: answer.status, durationMs: answer.durationMs, attempts: answer.attempts };
  const body = record(answer.json);
  const request = typeof body?.request === 'string' ? body.request : null;
  let result: SendResult;
  if (body?.status === 1 && answer.status !== null && answer.status < 300) {
    result = {
      ...base,
      delivered: true,
      detail: `Pushover accepted the message (request ${request ?? '?'})`,
      error: null,
    };
  } else if (answer.transportError !== null) {
    result = { ...base, delivered: false, detail: null, error: `Pushover: ${answer.transportError}` };
  } else {
    const errors = Array.isArray(body?.errors)
      ? body.errors.filter((e): e is string => typeof e === 'string')
      : [];
    result = {
      ...base,
      delivered: false,
      detail: null,
      error: `Pushover refused the message (HTTP ${answer.status ?? '?'}): ${
        errors.length > 0 ? errors.join('; ') : 'no reason given'
      }${request ? ` (request ${request})` : ''}`,
    };
  }
  return scrubbed(result, [appToken, userKey]);
}

export function pushoverChannel(
  target: () => PushoverTarget,
  options: ServiceRequestOptions = {},
): NotificationChannel {
  return {
    id: 'pushover',
    kind: 'pushover',
    deliver: async (event, signal) => sendOutcome(await sendPushover(target(), event, options, signal)),
  };
}
