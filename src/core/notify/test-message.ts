// `notify:test`: one test message through Telegram, e-mail or Pushover, with the saved settings
// or the form's unsaved ones, and the secrets from the main side's store. The answer is the
// service's own, in words (Telegram's message id or description, the SMTP reply, Pushover's
// request id or errors), secrets removed. A test message has a fresh id of its own in its text,
// so a receiver that drops repeats still shows each test. It comes from the source in use, as an
// alert would: from the simulator, it is marked simulated like one.
import type {
  AlertEvent,
  AlertSource,
  TestChannelInput,
  TestChannelResult,
} from '../../shared/bridge/alerts.ts';
import type { SecretName } from '../../shared/bridge/data-source.ts';
import type { Settings } from '../settings/schema.ts';
import type { MessageChannelOptions } from './channel-lookup.ts';
import { sendEmail } from './email.ts';
import { sendPushover } from './pushover.ts';
import { notSent, type SendResult } from './send-result.ts';
import { serviceOrigin } from './service-origin.ts';
import { sendTelegram } from './telegram.ts';

export interface TestMessageDeps {
  settings: () => Settings;
  secret: (name: SecretName) => string | null;
  wallNow: () => number;
  /** The data source in use. */
  source: () => AlertSource;
  env?: NodeJS.ProcessEnv;
  messages?: MessageChannelOptions;
}

const LABEL = { telegram: 'Telegram', email: 'E-mail', pushover: 'Pushover' } as const;

export function testEvent(at: number, channel: TestChannelInput['channel'], source: AlertSource): AlertEvent {
  const iso = new Date(at).toISOString();
  return {
    // The id a receiver sees: the time, so two tests are never taken for one message.
    id: at,
    ruleId: null,
    ruleName: `${LABEL[channel]} test`,
    ticker: 'SPY',
    kind: 'regime_change',
    severity: 'info',
    title: 'Gammawatch test message',
    message: `If you can read this, ${LABEL[channel]} alerts from Gammawatch reach you.`,
    transition: { from: 'range_bound', to: 'trending_low_vol' },
    asof: iso,
    endpoint: 'signals',
    source,
    createdAt: iso,
    read: false,
    deliveries: [],
  };
}

export async function sendTestMessage(
  deps: TestMessageDeps,
  input: TestChannelInput,
): Promise<TestChannelResult> {
  const env = deps.env ?? process.env;
  const event = testEvent(deps.wallNow(), input.channel, deps.source());
  const saved = deps.settings().notifications;
  let result: SendResult;
  // One try: the user is waiting for the answer, and a retry would hide what happened.
  switch (input.channel) {
    case 'telegram': {
      const config = input.config ?? saved.telegram;
      result = config
        ? await sendTelegram(
            {
              settings: config,
              token: deps.secret('telegramBotToken'),
              origin: serviceOrigin('telegram', env),
            },
            event,
            { ...deps.messages?.telegram, maxAttempts: 1 },
          )
        : notSent('Telegram is not set up: enter the chat id first');
      break;
    }
    case 'email': {
      const config = input.config ?? saved.email;
      result = config
        ? await sendEmail({ settings: config, password: deps.secret('smtpPassword') }, event, {
            ...deps.messages?.email,
            maxAttempts: 1,
          })
        : notSent('E-mail is not set up: enter the SMTP server and addresses first');
      break;
    }
    case 'pushover': {
      result = await sendPushover(
        {
          appToken: deps.secret('pushoverAppToken'),
          userKey: deps.secret('pushoverUserKey'),
          origin: serviceOrigin('pushover', env),
        },
        event,
        { ...deps.messages?.pushover, maxAttempts: 1 },
      );
      break;
    }
  }
  const { attempts: _attempts, ...answer } = result;
  return answer;
}
