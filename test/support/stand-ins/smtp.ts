// A local SMTP server (the smtp-server package) that keeps every message it accepts, parsed
// enough for a test: envelope, headers (unfolded, RFC 2047 words decoded), and the text/plain body
// (quoted-printable or base64 decoded). TLS from the first byte (`security: 'tls'`) or STARTTLS
// (`'starttls'`), both with the test certificate; `user`/`password` demand a login. Start it from
// a test or a Playwright spec: `const smtp = await startSmtpStandIn({ security: 'starttls' })`, set
// the app's e-mail settings to host 127.0.0.1 and smtp.port, trust testCert().certFile
// (NODE_EXTRA_CA_CERTS) in the app, read `smtp.received`, `await smtp.close()`.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { testCert } from './test-cert.ts';

export interface SmtpMessage {
  from: string;
  to: string[];
  /** Header names lower-cased; the last of repeated headers. */
  headers: Record<string, string>;
  subject: string;
  messageId: string;
  text: string;
  raw: string;
  /** The login used ('' when none). */
  user: string;
  secure: boolean;
  at: number;
}

export interface SmtpStandIn {
  /** smtp://127.0.0.1:PORT (for a log line; the app takes host and port). */
  url: string;
  host: string;
  port: number;
  received: SmtpMessage[];
  /** The next `count` messages are refused with this reply (e.g. 451 temporary failure). */
  refuseNext(count: number, code?: number, message?: string): void;
  close(): Promise<void>;
}

export interface SmtpStandInOptions {
  security: 'tls' | 'starttls';
  user?: string;
  password?: string;
}

function unfold(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = decodeWords(line.slice(at + 1).trim());
  }
  return headers;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const flat = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < flat.length; i++) {
    const ch = flat[i] as string;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(flat.slice(i + 1, i + 3))) {
      bytes.push(parseInt(flat.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(ch, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: unfold(raw), body: '' };
  const sep = /\r?\n\r?\n/.exec(raw.slice(at)) as RegExpExecArray;
  return { headers: unfold(raw.slice(0, at)), body: raw.slice(at + sep[0].length) };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The text/plain part (the body itself for a single-part message). */
function textOf(headers: Record<string, string>, body: string): string {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary)
    return decodeBody(headers, body).replace(/\r\n/g, '\n').trimEnd();
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    const part = splitPart(chunk.replace(/^\r?\n/, ''));
    if ((part.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith('text/plain'))
      return decodeBody(part.headers, part.body).replace(/\r\n/g, '\n').trimEnd();
  }
  return '';
}

export function parseMessage(raw: string): Pick<SmtpMessage, 'headers' | 'subject' | 'messageId' | 'text'> {
  const { headers, body } = splitPart(raw);
  return {
    headers,
    subject: headers.subject ?? '',
    messageId: headers['message-id'] ?? '',
    text: textOf(headers, body),
  };
}

export async function startSmtpStandIn(options: SmtpStandInOptions): Promise<SmtpStandIn> {
  const { key, cert } = testCert();
  const received: SmtpMessage[] = [];
  let refusals: { count: number; code: number; message: string } = { count: 0, code: 451, message: '' };
  const server = new SMTPServer({
    secure: options.security === 'tls',
    key,
    cert,
    // No login asked for when the test sets none (an empty user in the app's settings).
    authOptional: options.user === undefined,
    disabledCommands: options.security === 'tls' ? ['STARTTLS'] : [],
    // STARTTLS mode: a login is only accepted once the channel is encrypted (the default).
    allowInsecureAuth: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password)
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals.count > 0) {
          refusals.count -= 1;
          const error = new Error(refusals.message || 'Temporary failure, try again') as Error & {
            responseCode: number;
          };
          error.responseCode = refusals.code;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parseMessage(raw),
          raw,
          user: typeof session.user === 'string' ? session.user : '',
          secure: session.secure,
          at: Date.now(),
        });
        callback(null, `Message queued as stand-in-${received.length}`);
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    received,
    refuseNext(count, code = 451, message = '') {
      refusals = { count, code, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
