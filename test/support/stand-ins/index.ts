// Local stand-ins for the message channels (Telegram, Pushover, SMTP), for integration tests and
// Playwright specs alike; see each file for its shapes.
export { startTelegramStandIn, type TelegramStandIn, type TelegramMessage } from './telegram.ts';
export { startPushoverStandIn, type PushoverStandIn, type PushoverMessage } from './pushover.ts';
export { startSmtpStandIn, parseMessage, type SmtpStandIn, type SmtpMessage } from './smtp.ts';
export { testCert, type TestCert } from './test-cert.ts';
export type { HttpFault } from './http-stand-in.ts';
