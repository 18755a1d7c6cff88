// The renderer's only way to the app: typed `invoke` and `on` over whichever transport exists.
// In Electron the preload exposes `window.gammawatch`; in headless mode the same contract runs over
// HTTP (POST /bridge/<method>) and Server-Sent Events (/events). Failures come back as BridgeError.
import {
  bridgeEvents,
  bridgeMethods,
  type BridgeApi,
  type BridgeErrorBody,
  type BridgeErrorCode,
  type BridgeEvent,
  type BridgeEventPayload,
  type BridgeInput,
  type BridgeMethod,
  type BridgeOutput,
  type BridgeResult,
} from '../../shared/bridge/contract.ts';

export class BridgeError extends Error {
  readonly code: BridgeErrorCode;
  readonly issues: BridgeErrorBody['issues'];
  constructor(body: BridgeErrorBody) {
    super(body.message);
    this.name = 'BridgeError';
    this.code = body.code;
    this.issues = body.issues;
  }
}

export type ConnectionState = 'connecting' | 'open' | 'offline';

/** What a transport does: send one call, relay events, report whether the app is reachable. */
export interface Transport {
  invoke(method: string, input: unknown): Promise<BridgeResult<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  onConnection(listener: (state: ConnectionState) => void): () => void;
}

export interface BridgeClient {
  invoke<M extends BridgeMethod>(method: M, ...input: OptionalInput<M>): Promise<BridgeOutput<M>>;
  on<E extends BridgeEvent>(event: E, listener: (payload: BridgeEventPayload<E>) => void): () => void;
  onConnection(listener: (state: ConnectionState) => void): () => void;
}

/** Methods whose input may be left out entirely (their schema accepts undefined). */
type OptionalInput<M extends BridgeMethod> =
  undefined extends BridgeInput<M> ? [input?: BridgeInput<M>] : [input: BridgeInput<M>];

export interface ClientOptions {
  /**
   * Check outputs and event payloads against the contract. The main side is the trust boundary,
   * but a mismatch here is a bug worth a clear error rather than a broken view.
   */
  validate?: boolean;
}

export function createBridgeClient(transport: Transport, options: ClientOptions = {}): BridgeClient {
  const validate = options.validate ?? true;
  // One transport subscription per event name, and one parse per message however many
  // components listen: a poll can bring hundreds of snapshot events at once.
  const listeners = new Map<BridgeEvent, Set<(payload: unknown) => void>>();
  const subscribe = (event: BridgeEvent): Set<(payload: unknown) => void> => {
    const existing = listeners.get(event);
    if (existing) return existing;
    const set = new Set<(payload: unknown) => void>();
    listeners.set(event, set);
    transport.on(event, (payload) => {
      let value: unknown = payload;
      if (validate) {
        const parsed = bridgeEvents[event].safeParse(payload);
        // A malformed event is dropped rather than rendered: the next poll brings good data.
        if (!parsed.success) return;
        value = parsed.data;
      }
      for (const fn of [...set]) fn(value);
    });
    return set;
  };
  return {
    async invoke(method, ...rest) {
      const result = await transport.invoke(method, rest[0]);
      if (!result.ok) throw new BridgeError(result.error);
      if (!validate) return result.value as BridgeOutput<typeof method>;
      const parsed = bridgeMethods[method].output.safeParse(result.value);
      if (!parsed.success) {
        throw new BridgeError({ code: 'internal', message: `${method} answered outside the contract` });
      }
      return parsed.data as BridgeOutput<typeof method>;
    },
    on(event, listener) {
      const set = subscribe(event);
      const fn = listener as (payload: unknown) => void;
      set.add(fn);
      return () => set.delete(fn);
    },
    onConnection: (listener) => transport.onConnection(listener),
  };
}

/** Electron: the preload's `window.gammawatch` (exactly `{ invoke, on }`). */
export function electronTransport(api: BridgeApi): Transport {
  return {
    invoke: (method, input) =>
      api.invoke(method as BridgeMethod, input as never) as Promise<BridgeResult<unknown>>,
    on: (event, listener) => api.on(event as BridgeEvent, listener as never),
    onConnection(listener) {
      // The main process is always there while the window is.
      listener('open');
      return () => undefined;
    },
  };
}

declare global {
  interface Window {
    gammawatch?: BridgeApi;
  }
}

/** The transport for where the UI runs. */
export function detectTransport(win: Window & typeof globalThis): Transport {
  return win.gammawatch
    ? electronTransport(win.gammawatch)
    : httpTransport({ fetch: win.fetch.bind(win), EventSource: win.EventSource });
}

interface HttpDeps {
  fetch: typeof fetch;
  EventSource: typeof EventSource;
  /** Where the host serves the bridge; the page's own origin by default. */
  base?: string;
}

/** Headless: fetch for calls, one EventSource for every event; the session cookie authenticates both. */
export function httpTransport(deps: HttpDeps): Transport {
  const base = deps.base ?? '';
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const connection = new Set<(state: ConnectionState) => void>();
  let state: ConnectionState = 'connecting';
  let source: EventSource | null = null;

  const setState = (next: ConnectionState): void => {
    if (next === state) return;
    state = next;
    for (const fn of connection) fn(next);
  };

  const ensureSource = (): EventSource => {
    if (source) return source;
    const es = new deps.EventSource(`${base}/events`);
    es.onopen = () => setState('open');
    // EventSource reconnects by itself (onopen then fires again); until it does, the app is offline.
    es.onerror = () => setState('offline');
    source = es;
    return es;
  };

  return {
    async invoke(method, input) {
      let response: Response;
      try {
        response = await deps.fetch(`${base}/bridge/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(input ?? {}),
          credentials: 'same-origin',
        });
      } catch {
        setState('offline');
        return {
          ok: false,
          error: { code: 'unavailable', message: 'Cannot reach Gammawatch. Is it still running?' },
        };
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        return {
          ok: false,
          error: { code: 'internal', message: `unexpected response (HTTP ${response.status})` },
        };
      }
      if (isEnvelope(body)) return body;
      return {
        ok: false,
        error: { code: 'internal', message: `unexpected response (HTTP ${response.status})` },
      };
    },
    on(event, listener) {
      const es = ensureSource();
      let set = listeners.get(event);
      if (!set) {
        const fresh = new Set<(payload: unknown) => void>();
        listeners.set(event, fresh);
        es.addEventListener(event, (message) => {
          let payload: unknown;
          try {
            payload = JSON.parse((message as MessageEvent<string>).data);
          } catch {
            return;
          }
          for (const fn of fresh) fn(payload);
        });
        set = fresh;
      }
      set.add(listener);
      return () => set.delete(listener);
    },
    onConnection(listener) {
      ensureSource();
      connection.add(listener);
      listener(state);
      return () => connection.delete(listener);
    },
  };
}

function isEnvelope(value: unknown): value is BridgeResult<unknown> {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  const v = value as { ok: unknown; error?: unknown };
  if (v.ok === true) return 'value' in v;
  return v.ok === false && typeof v.error === 'object' && v.error !== null;
}
