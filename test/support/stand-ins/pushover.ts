// A local stand-in of Pushover's message API (POST /1/messages.json, form or JSON body), answering
// in the documented shapes: {status:1,request:<uuid>} on success, and on a 4xx
// {status:0,errors:[...],request,<field>:"invalid"}: a wrong application token or user key, or an
// empty message. Every request is in `received`, hung ones too. Start it from a test or a
// Playwright spec: `const po = await startPushoverStandIn({ token, user })`, point the app at it
// with GAMMAWATCH_PUSHOVER_API_ORIGIN=po.url, read `po.received`, `await po.close()`.
import { randomUUID } from 'node:crypto';
import { fieldsOf, sendJson, startHttpStandIn, type HttpFault } from './http-stand-in.ts';

export interface PushoverMessage {
  token: string;
  user: string;
  title: string;
  message: string;
  priority: number;
  /** The whole body as sent, fields as strings. */
  fields: Record<string, string>;
  /** The request id answered. */
  request: string;
  at: number;
}

export interface PushoverStandIn {
  url: string;
  received: PushoverMessage[];
  fail(...faults: HttpFault[]): void;
  close(): Promise<void>;
}

export interface PushoverStandInOptions {
  /** The application token accepted (default: any). */
  token?: string;
  /** The user key accepted (default: any). */
  user?: string;
}

export async function startPushoverStandIn(options: PushoverStandInOptions = {}): Promise<PushoverStandIn> {
  const received: PushoverMessage[] = [];
  const core = await startHttpStandIn(
    (request, res) => {
      const path = request.path.split('?')[0];
      const id = randomUUID();
      if (path !== '/1/messages.json' || request.method !== 'POST') {
        sendJson(res, 404, { status: 0, errors: ['not found'], request: id });
        return;
      }
      const fields = fieldsOf(request);
      const message: PushoverMessage = {
        token: fields.token ?? '',
        user: fields.user ?? '',
        title: fields.title ?? '',
        message: fields.message ?? '',
        priority: Number(fields.priority ?? 0),
        fields,
        request: id,
        at: Date.now(),
      };
      received.push(message);
      if (options.token !== undefined && message.token !== options.token) {
        sendJson(res, 400, {
          token: 'invalid',
          errors: ['application token is invalid'],
          status: 0,
          request: id,
        });
        return;
      }
      if (options.user !== undefined && message.user !== options.user) {
        sendJson(res, 400, {
          user: 'invalid',
          errors: ['user identifier is invalid'],
          status: 0,
          request: id,
        });
        return;
      }
      if (!message.message) {
        sendJson(res, 400, {
          message: 'cannot be blank',
          errors: ['message cannot be blank'],
          status: 0,
          request: id,
        });
        return;
      }
      sendJson(res, 200, { status: 1, request: id });
    },
    (res, status, description) =>
      sendJson(res, status, { status: 0, errors: [description], request: randomUUID() }),
  );
  return { url: core.url, received, fail: core.fail, close: core.close };
}
