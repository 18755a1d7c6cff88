import { describe, expect, it } from 'vitest';
import {
  BridgeError,
  createBridgeClient,
  httpTransport,
  type ConnectionState,
  type Transport,
} from '../../../../src/renderer/lib/bridge-client.ts';

/** A transport scripted by the test: answers per method, events pushed by hand. */
function scripted(answers: Record<string, unknown>) {
  const handlers = new Map<string, (payload: unknown) => void>();
  let subscriptions = 0;
  const calls: { method: string; input: unknown }[] = [];
  const transport: Transport = {
    async invoke(method, input) {
      calls.push({ method, input });
      return answers[method] as never;
    },
    on(event, listener) {
      subscriptions += 1;
      handlers.set(event, listener);
      return () => handlers.delete(event);
    },
    onConnection(listener: (state: ConnectionState) => void) {
      listener('open');
      return () => undefined;
    },
  };
  return {
    transport,
    calls,
    emit: (event: string, payload: unknown) => handlers.get(event)?.(payload),
    subscriptions: () => subscriptions,
  };
}

const watchlist = { id: 1, name: 'Core', tickers: ['SPY'] };

describe('createBridgeClient', () => {
  it('returns the value of an ok envelope, checked against the contract', async () => {
    const { transport, calls } = scripted({ 'watchlists:list': { ok: true, value: [watchlist] } });
    const client = createBridgeClient(transport);
    await expect(client.invoke('watchlists:list')).resolves.toEqual([watchlist]);
    expect(calls).toEqual([{ method: 'watchlists:list', input: undefined }]);
  });

  it('throws a BridgeError with the code and issues of a failed envelope', async () => {
    const issues = [{ path: 'ticker', message: 'bad' }];
    const { transport } = scripted({
      'watchlist:addTicker': { ok: false, error: { code: 'invalid_input', message: 'nope', issues } },
    });
    const client = createBridgeClient(transport);
    const error = await client
      .invoke('watchlist:addTicker', { watchlistId: 1, ticker: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'invalid_input', message: 'nope', issues });
  });

  it('refuses an answer outside the contract instead of rendering it', async () => {
    const { transport } = scripted({ 'watchlists:list': { ok: true, value: [{ id: 'one' }] } });
    await expect(createBridgeClient(transport).invoke('watchlists:list')).rejects.toMatchObject({
      code: 'internal',
    });
  });

  it('relays valid events to every listener, parsed once, and drops malformed ones', async () => {
    const { transport, emit, subscriptions } = scripted({});
    const client = createBridgeClient(transport);
    const a: unknown[] = [];
    const b: unknown[] = [];
    const stopA = client.on('snapshot:new', (p) => a.push(p));
    client.on('snapshot:new', (p) => b.push(p));
    const good = { ticker: 'SPY', endpoint: 'signals', asof: '2026-03-02T15:00:00Z', snapshotId: 3 };
    emit('snapshot:new', good);
    emit('snapshot:new', { ticker: 'SPY', endpoint: 'nonsense' });
    stopA();
    emit('snapshot:new', good);
    expect(a).toEqual([good]);
    expect(b).toEqual([good, good]);
    expect(subscriptions()).toBe(1);
  });
});

/** Minimal EventSource for the HTTP transport. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly CLOSED = 2;
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly listeners = new Map<string, ((e: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, fn: (e: { data: string }) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  dispatch(name: string, data: string) {
    for (const fn of this.listeners.get(name) ?? []) fn({ data });
  }
}

describe('httpTransport', () => {
  it('posts JSON to /bridge/<method> and returns the envelope', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify({ ok: true, value: 42 }), { status: 200 });
    }) as unknown as typeof fetch;
    const t = httpTransport({
      fetch: fetchImpl,
      EventSource: FakeEventSource as unknown as typeof EventSource,
      base: 'http://x',
    });
    await expect(t.invoke('app:info', undefined)).resolves.toEqual({ ok: true, value: 42 });
    expect(seen[0]?.url).toBe('http://x/bridge/app%3Ainfo');
    expect(seen[0]?.init.method).toBe('POST');
    expect(seen[0]?.init.body).toBe('{}');
    expect(new Headers(seen[0]?.init.headers).get('content-type')).toBe('application/json');
  });

  it.each([
    ['a network failure', async () => Promise.reject(new TypeError('failed to fetch')), 'unavailable'],
    ['an HTML page', async () => new Response('<html>', { status: 200 }), 'internal'],
    ['JSON that is not an envelope', async () => new Response('{"hello":1}', { status: 200 }), 'internal'],
  ])('turns %s into a failed envelope, never a throw', async (_label, impl, code) => {
    const t = httpTransport({
      fetch: impl as unknown as typeof fetch,
      EventSource: FakeEventSource as unknown as typeof EventSource,
    });
    await expect(t.invoke('app:info', {})).resolves.toMatchObject({ ok: false, error: { code } });
  });

  it('passes a 401 envelope through (the session is gone)', async () => {
    const body = { ok: false, error: { code: 'unauthorized', message: 'missing or invalid token' } };
    const t = httpTransport({
      fetch: (async () => new Response(JSON.stringify(body), { status: 401 })) as unknown as typeof fetch,
      EventSource: FakeEventSource as unknown as typeof EventSource,
    });
    await expect(t.invoke('app:info', {})).resolves.toEqual(body);
  });

  it('opens one event stream, parses each message and reports the connection', () => {
    const t = httpTransport({ fetch: fetch, EventSource: FakeEventSource as unknown as typeof EventSource });
    const states: ConnectionState[] = [];
    t.onConnection((s) => states.push(s));
    const got: unknown[] = [];
    t.on('poll:status', (p) => got.push(p));
    t.on('alert:new', (p) => got.push(p));
    const es = FakeEventSource.last!;
    es.onopen?.();
    es.dispatch('poll:status', '{"a":1}');
    es.dispatch('alert:new', 'not json');
    es.onerror?.();
    es.onopen?.();
    expect(es.url).toBe('/events');
    expect(got).toEqual([{ a: 1 }]);
    expect(states).toEqual(['connecting', 'open', 'offline', 'open']);
  });
});
