// A local stand-in of Cboe's delayed-quotes CDN (a real node:http server on 127.0.0.1:0):
// `GET /api/global/delayed_quotes/options/{SYMBOL}.json` answers the body set for the symbol (an
// index under its `_` name), with an ETag and a Last-Modified, and 304 to a request that names the
// current one, as a CDN does (a body set without an ETag is answered 304 on its Last-Modified).
// Bodies are Cboe-shaped (`cboeBodyFromChain`): `timestamp` in New York time,
// `data.current_price`, and one object per contract with the OCC symbol, bid, ask, iv,
// open_interest, volume and the vendor greeks. Faults can be queued for the next requests: a status
// (403 or 429, with Retry-After), a garbled body, a big body sent chunked (no Content-Length), or
// no answer at all (hang: the request is kept, the connection left open until close()).
// Every request is kept (`requests`): its path, User-Agent, conditional headers and arrival time.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { OptionChain } from '../../src/service/engine/chain.ts';
import { epochToNy } from '../../src/shared/market-calendar.ts';

export interface CboeStandInRequest {
  path: string;
  userAgent: string | undefined;
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
  at: number;
  status: number;
}

export type CboeStandInFault =
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  | { kind: 'garbled' }
  /** The normal body, sent in chunks without a Content-Length. */
  | { kind: 'chunked' }
  /** No answer at all: the request is kept (status 0) and the connection left open. */
  | { kind: 'hang' };

const PREFIX = '/api/global/delayed_quotes/options/';

/** "2023-08-20 22:38:12": Cboe's `timestamp`, New York time without a zone. */
export function cboeTimestamp(epochMs: number): string {
  const ny = epochToNy(epochMs);
  const seconds = Math.floor(ny.minutes * 60 + 1e-6);
  const hh = String(Math.floor(seconds / 3600)).padStart(2, '0');
  const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${ny.date} ${hh}:${mm}:${ss}`;
}

function occ(root: string, expiration: string, isCall: boolean, strike: number): string {
  const [y, m, d] = expiration.split('-') as [string, string, string];
  return `${root}${y.slice(2)}${m}${d}${isCall ? 'C' : 'P'}${String(Math.round(strike * 1000)).padStart(8, '0')}`;
}

export interface CboeBodyOptions {
  /** `data.symbol` (default: the chain's ticker, `_`-prefixed for an index given as such). */
  symbol?: string;
  /** Overrides the chain's snapshot time. */
  asof?: number;
  /** Overrides the chain's spot. */
  spot?: number;
  /** The OCC root of each expiration (default: the ticker), e.g. SPXW for SPX weeklies. */
  rootOf?: (expiration: string, index: number) => string;
}

/** A chain as Cboe's delayed-quotes JSON, text. */
export function cboeBodyFromChain(chain: OptionChain, o: CboeBodyOptions = {}): string {
  const options: Record<string, unknown>[] = [];
  const spot = o.spot ?? chain.spot;
  for (let i = 0; i < chain.size; i++) {
    const e = chain.expiryIndex[i] as number;
    const exp = (chain.expirations[e] as { date: string }).date;
    const strike = chain.strike[i] as number;
    const isCall = chain.isCall[i] === 1;
    const bid = chain.bid[i] as number;
    const ask = chain.ask[i] as number;
    options.push({
      option: occ(o.rootOf?.(exp, e) ?? chain.ticker, exp, isCall, strike),
      bid: Number.isFinite(bid) ? bid : 0,
      bid_size: 10,
      ask: Number.isFinite(ask) ? ask : 0,
      ask_size: 10,
      iv: chain.iv[i],
      open_interest: chain.openInterest[i],
      volume: chain.volume[i],
      delta: isCall ? 0.5 : -0.5,
      gamma: 0.01,
      theta: -0.1,
      rho: 0.01,
      vega: 0.1,
      theo: Number.isFinite(bid) && Number.isFinite(ask) ? (bid + ask) / 2 : 0,
      change: 0,
      open: 0,
      high: 0,
      low: 0,
      tick: 'no_change',
      last_trade_price: 0,
      last_trade_time: null,
      percent_change: 0,
      prev_day_close: 0,
    });
  }
  return JSON.stringify({
    timestamp: cboeTimestamp(o.asof ?? chain.asof),
    data: {
      options,
      symbol: o.symbol ?? chain.ticker,
      security_type: 'stock',
      current_price: spot,
      price_change: 0,
      price_change_percent: 0,
      bid: spot,
      ask: spot,
      bid_size: 1,
      ask_size: 1,
      open: spot,
      high: spot,
      low: spot,
      close: spot,
      prev_day_close: spot,
      volume: 1_000_000,
      iv30: 20,
      iv30_change: 0,
      iv30_change_percent: 0,
      last_trade_time: cboeTimestamp(o.asof ?? chain.asof).replace(' ', 'T'),
      tick: 'no_change',
      seqno: 1,
    },
  });
}

export class CboeStandIn {
  readonly requests: CboeStandInRequest[] = [];
  readonly #bodies = new Map<string, { text: string; etag: string | null; lastModified: string }>();
  readonly #faults: CboeStandInFault[] = [];
  readonly #sockets = new Set<Socket>();
  readonly #server: Server;
  readonly #waiters: (() => void)[] = [];
  origin = '';

  private constructor() {
    this.#server = createServer((req, res) => this.#answer(req, res));
    this.#server.on('connection', (s) => {
      this.#sockets.add(s);
      s.on('close', () => this.#sockets.delete(s));
    });
  }

  static async start(): Promise<CboeStandIn> {
    const standIn = new CboeStandIn();
    standIn.#server.listen(0, '127.0.0.1');
    await once(standIn.#server, 'listening');
    const { port } = standIn.#server.address() as AddressInfo;
    standIn.origin = `http://127.0.0.1:${port}`;
    return standIn;
  }

  /**
   * What `GET …/{symbol}.json` answers from now on (symbol as Cboe names it: `_SPX`, `TSLA`).
   * `etag: false` serves it with a Last-Modified only, as a CDN that sends no ETag.
   */
  setBody(symbol: string, text: string, o: { etag?: boolean } = {}): void {
    this.#bodies.set(symbol, {
      text,
      etag: o.etag === false ? null : `"${createHash('sha1').update(text).digest('hex').slice(0, 16)}"`,
      lastModified: new Date().toUTCString(),
    });
  }

  /** The next requests fail this way, in order. */
  fail(...faults: CboeStandInFault[]): void {
    this.#faults.push(...faults);
  }

  /** Resolves once `count` requests have been answered in all. */
  async answered(count: number): Promise<void> {
    while (this.requests.length < count) await new Promise<void>((r) => this.#waiters.push(r));
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    this.#server.close();
    await once(this.#server, 'close');
  }

  #record(req: IncomingMessage, status: number): void {
    this.requests.push({
      path: req.url ?? '',
      userAgent: req.headers['user-agent'],
      ifNoneMatch: req.headers['if-none-match'],
      ifModifiedSince: req.headers['if-modified-since'],
      at: Date.now(),
      status,
    });
    for (const w of this.#waiters.splice(0)) w();
  }

  #answer(req: IncomingMessage, res: ServerResponse): void {
    const path = req.url ?? '';
    const send = (status: number, body: string, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body);
      this.#record(req, status);
    };
    const fault = this.#faults.shift();
    if (fault?.kind === 'status') {
      send(fault.status, '<html>Access denied</html>', {
        'content-type': 'text/html',
        ...(fault.retryAfterSeconds !== undefined ? { 'retry-after': String(fault.retryAfterSeconds) } : {}),
      });
      return;
    }
    if (fault?.kind === 'hang') {
      this.#record(req, 0);
      return;
    }
    if (fault?.kind === 'garbled') {
      send(200, '{"timestamp": "2023-08-20 22:38:12", "data": {"options": [{"option": "TSLA2308');
      return;
    }
    const symbol = path.startsWith(PREFIX) && path.endsWith('.json') ? path.slice(PREFIX.length, -5) : null;
    const body = symbol === null ? undefined : this.#bodies.get(symbol);
    if (body === undefined) {
      send(403, '<?xml version="1.0"?><Error><Code>AccessDenied</Code></Error>', {
        'content-type': 'application/xml',
      });
      return;
    }
    const validators: Record<string, string> = {
      ...(body.etag === null ? {} : { etag: body.etag }),
      'last-modified': body.lastModified,
      'cache-control': 'max-age=60',
    };
    const unchanged =
      body.etag === null
        ? req.headers['if-modified-since'] === body.lastModified
        : req.headers['if-none-match'] === body.etag;
    if (unchanged) {
      res.writeHead(304, validators);
      res.end();
      this.#record(req, 304);
      return;
    }
    if (fault?.kind === 'chunked') {
      res.writeHead(200, { 'content-type': 'application/json', ...validators });
      const step = 64 * 1024;
      for (let i = 0; i < body.text.length; i += step) res.write(body.text.slice(i, i + step));
      res.end();
      this.#record(req, 200);
      return;
    }
    send(200, body.text, { ...validators, 'content-length': String(Buffer.byteLength(body.text)) });
  }
}
