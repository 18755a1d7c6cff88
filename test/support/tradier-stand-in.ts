// A local stand-in of Tradier's market-data API (a real node:http server on 127.0.0.1:0), built
// from the documented response shapes, quirks included: a list of one is sent as the bare object
// when asked (`singleAsObject`), "no data" is JSON null or the string "null" (`nullStyle`), greeks
// can be missing for chosen expirations, a bad token gets a plain-text 401, and every answer
// carries X-Ratelimit-Allowed/Used/Available/Expiry over a one-minute window that starts with the
// first request (epoch ms, as documented). Faults can be queued for the next requests: 429 with
// headers, 500, a hang (no answer until the server closes), or a body that is not JSON.
// Chains come from an OptionChain (e.g. the Cboe TSLA fixture read with importChainFile), or from
// addRecordedPltr: contracts in the shapes Tradier's sandbox was recorded answering (PLTR,
// 2024-06-28, public in OpenBB's test cassettes): `bid_iv` 0 with `mid_iv` equal to `ask_iv`, a
// quote as one object, `close: null`, and with `exponentNotation` figures such as `1.2E-4`.
// Every answer's text is kept on its request (`body`), so a test can see what was sent.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { OptionChain } from '../../src/service/engine/chain.ts';
import { addDays, epochToNy, isMarketOpen, tradingDaysBetween } from '../../src/shared/market-calendar.ts';

export interface StandInRequest {
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  accept: string | undefined;
  /** Arrival time, epoch ms (real time). */
  at: number;
  status: number;
  /** The answer's text as sent. */
  body: string;
}

export type StandInFault =
  | { kind: 'rate_limited'; resetInMs?: number; retryAfterSeconds?: number }
  | { kind: 'server_error'; status?: number }
  | { kind: 'hang' }
  | { kind: 'bad_json' }
  | { kind: 'redirect' }
  | { kind: 'unauthorized' };

export interface StandInTickerData {
  quote: Record<string, unknown>;
  /** expiration → Tradier option objects; null: the ticker has no options at all. */
  chains: Map<string, Record<string, unknown>[]> | null;
  history: { date: string; close: number }[];
}

export interface StandInOptions {
  token?: string;
  /** The per-minute budget reported (and enforced: request allowed+1 gets a 429). */
  allowed?: number;
  /** The stand-in's idea of now, for the clock endpoint (default Date.now). */
  now?: () => number;
}

type Json = Record<string, unknown>;

/**
 * JSON text as Tradier writes it: with `exponent`, every non-integer figure below 0.1 in exponent
 * notation with a capital E (0.00012 → 1.2E-4, 0.05 → 5E-2), which JSON.stringify never writes.
 */
export function tradierJson(value: unknown, exponent: boolean): string {
  if (typeof value === 'number' && exponent && Number.isFinite(value) && !Number.isInteger(value)) {
    if (Math.abs(value) < 0.1) return value.toExponential().toUpperCase().replace('E+', 'E');
  }
  if (Array.isArray(value)) return `[${value.map((v) => tradierJson(v, exponent)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${tradierJson(v, exponent)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The recorded PLTR snapshot: Friday 2024-06-28, 11:51:01.696 ET (the quote's trade_date). */
export const PLTR_TRADE_DATE = 1719589861696;

/**
 * One recorded-style option: the fields Tradier sends, with the figures given. `greeks` holds
 * bid_iv, mid_iv, ask_iv, smv_vol (and gamma); the rest are Tradier's other greeks.
 */
function recordedOption(
  symbol: string,
  fig: { strike: number; bid: number; ask: number; oi: number; volume: number },
  iv: { bid_iv: number; mid_iv: number; ask_iv: number; smv_vol: number; gamma: number },
): Json {
  const expiration = `20${symbol.slice(4, 6)}-${symbol.slice(6, 8)}-${symbol.slice(8, 10)}`;
  const isCall = symbol[10] === 'C';
  return {
    symbol,
    description: `PLTR ${expiration} $${fig.strike.toFixed(2)} ${isCall ? 'Call' : 'Put'}`,
    exch: 'Z',
    type: 'option',
    last: null,
    change: null,
    volume: fig.volume,
    open: null,
    high: null,
    low: null,
    close: null,
    bid: fig.bid,
    ask: fig.ask,
    underlying: 'PLTR',
    strike: fig.strike,
    greeks: {
      delta: isCall ? 0.9 : -0.1,
      gamma: iv.gamma,
      theta: -0.0037,
      vega: 0.0614,
      rho: 0.154,
      phi: -0.456,
      bid_iv: iv.bid_iv,
      mid_iv: iv.mid_iv,
      ask_iv: iv.ask_iv,
      smv_vol: iv.smv_vol,
      updated_at: '2024-06-28 14:58:59',
    },
    change_percentage: null,
    average_volume: 0,
    last_volume: 0,
    trade_date: 0,
    prevclose: null,
    week_52_high: 0.0,
    week_52_low: 0.0,
    bidsize: 10,
    bidexch: 'Z',
    bid_date: 1719589843000,
    asksize: 10,
    askexch: 'Z',
    ask_date: 1719589843000,
    open_interest: fig.oi,
    contract_size: 100,
    expiration_date: expiration,
    expiration_type: 'weeklys',
    option_type: isCall ? 'call' : 'put',
    root_symbol: 'PLTR',
  };
}

/**
 * PLTR as Tradier's sandbox answered on 2024-06-28 (figures of the recording where the issue names
 * them, the rest of the same kind): the quote with `close: null`; PLTR240712C00017500, a two-sided
 * quote with no bid IV and `mid_iv` = `ask_iv` 1.131 (smv_vol 0.622); PLTR260618P00013000, no bid
 * at all, `mid_iv` = `ask_iv` 0.590685 (smv_vol 0.57); contracts with both sides' IV; one with no
 * IV on either side; and small figures (gamma, a 0.05 bid) for exponent notation.
 */
export function recordedPltr(): StandInTickerData {
  const options = [
    recordedOption(
      'PLTR240712C00017500',
      { strike: 17.5, bid: 7.95, ask: 8.05, oi: 1520, volume: 12 },
      { bid_iv: 0, mid_iv: 1.131, ask_iv: 1.131, smv_vol: 0.622, gamma: 0.0123 },
    ),
    recordedOption(
      'PLTR240712P00017500',
      { strike: 17.5, bid: 0, ask: 0.05, oi: 880, volume: 3 },
      { bid_iv: 0, mid_iv: 0, ask_iv: 0, smv_vol: 0.622, gamma: 0.00012 },
    ),
    recordedOption(
      'PLTR240712C00025000',
      { strike: 25, bid: 1.05, ask: 1.1, oi: 4210, volume: 830 },
      { bid_iv: 0.512, mid_iv: 0.5215, ask_iv: 0.531, smv_vol: 0.518, gamma: 0.182 },
    ),
    recordedOption(
      'PLTR240712P00025000',
      { strike: 25, bid: 0.55, ask: 0.6, oi: 3900, volume: 640 },
      { bid_iv: 0.498, mid_iv: 0.5075, ask_iv: 0.517, smv_vol: 0.518, gamma: 0.182 },
    ),
    recordedOption(
      'PLTR260618P00013000',
      { strike: 13, bid: 0.0, ask: 1.41, oi: 10, volume: 1 },
      { bid_iv: 0.0, mid_iv: 0.590685, ask_iv: 0.590685, smv_vol: 0.57, gamma: 0.00743915619023867 },
    ),
    recordedOption(
      'PLTR260618C00013000',
      { strike: 13, bid: 14.75, ask: 15.25, oi: 0, volume: 0 },
      { bid_iv: 0.575591, mid_iv: 0.609209, ask_iv: 0.642827, smv_vol: 0.57, gamma: 0.00743915619023867 },
    ),
  ];
  const chains = new Map<string, Json[]>();
  for (const o of options) {
    const exp = o.expiration_date as string;
    chains.set(exp, [...(chains.get(exp) ?? []), o]);
  }
  return {
    quote: {
      ...quoteFor('PLTR', 25.5, PLTR_TRADE_DATE),
      description: 'Palantir Technologies Inc',
      exch: 'N',
      change: 0.28,
      open: 25.28,
      high: 25.57,
      low: 25.22,
      close: null,
      bid: 25.49,
      ask: 25.5,
      prevclose: 25.22,
    },
    chains,
    history: syntheticHistory(25.5, '2024-06-28'),
  };
}

function occ(root: string, expiration: string, isCall: boolean, strike: number): string {
  const [y, m, d] = expiration.split('-') as [string, string, string];
  return `${root}${y.slice(2)}${m}${d}${isCall ? 'C' : 'P'}${String(Math.round(strike * 1000)).padStart(8, '0')}`;
}

const finiteOrNull = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** An OptionChain in Tradier's shapes: mid_iv (and smv_vol) = the chain's IV. */
export function tradierDataFromChain(chain: OptionChain): StandInTickerData {
  const chains = new Map<string, Json[]>();
  for (let i = 0; i < chain.size; i++) {
    const exp = (chain.expirations[chain.expiryIndex[i] as number] as { date: string }).date;
    const strike = chain.strike[i] as number;
    const isCall = chain.isCall[i] === 1;
    const iv = chain.iv[i] as number;
    const list = chains.get(exp) ?? [];
    list.push({
      symbol: occ(chain.ticker, exp, isCall, strike),
      description: `${chain.ticker} ${exp} ${strike.toFixed(2)} ${isCall ? 'Call' : 'Put'}`,
      exch: 'Z',
      type: 'option',
      last: null,
      change: null,
      volume: chain.volume[i],
      open: null,
      high: null,
      low: null,
      close: null,
      bid: finiteOrNull(chain.bid[i] as number),
      ask: finiteOrNull(chain.ask[i] as number),
      underlying: chain.ticker,
      strike,
      change_percentage: null,
      average_volume: 0,
      last_volume: 0,
      trade_date: 0,
      prevclose: null,
      week_52_high: 0,
      week_52_low: 0,
      bidsize: 1,
      bidexch: 'Z',
      bid_date: chain.asof,
      asksize: 1,
      askexch: 'Z',
      ask_date: chain.asof,
      open_interest: chain.openInterest[i],
      contract_size: 100,
      expiration_date: exp,
      expiration_type: 'standard',
      option_type: isCall ? 'call' : 'put',
      root_symbol: chain.ticker,
      greeks: {
        delta: isCall ? 0.5 : -0.5,
        gamma: 0.01,
        theta: -0.1,
        vega: 0.1,
        rho: 0,
        phi: 0,
        bid_iv: Number.isFinite(iv) ? iv : 0,
        mid_iv: Number.isFinite(iv) ? iv : 0,
        ask_iv: Number.isFinite(iv) ? iv : 0,
        smv_vol: Number.isFinite(iv) ? iv : 0,
        updated_at: new Date(chain.asof).toISOString().replace('T', ' ').slice(0, 19),
      },
    });
    chains.set(exp, list);
  }
  return {
    quote: quoteFor(chain.ticker, chain.spot, chain.asof),
    chains,
    history: syntheticHistory(chain.spot, epochToNy(chain.asof).date),
  };
}

export function quoteFor(symbol: string, last: number, tradeDate: number): Json {
  return {
    symbol,
    description: `${symbol} test security`,
    exch: 'Q',
    type: 'stock',
    last,
    change: 0,
    volume: 1_000_000,
    open: last,
    high: last,
    low: last,
    close: null,
    bid: last - 0.01,
    ask: last + 0.01,
    change_percentage: 0,
    average_volume: 1_000_000,
    last_volume: 100,
    trade_date: tradeDate,
    prevclose: last,
    week_52_high: last * 1.2,
    week_52_low: last * 0.8,
    bidsize: 1,
    bidexch: 'Q',
    bid_date: tradeDate,
    asksize: 1,
    askexch: 'Q',
    ask_date: tradeDate,
    root_symbols: symbol,
  };
}

/** Two years of trading days up to `lastDate`, a gentle deterministic path ending at `spot`. */
export function syntheticHistory(spot: number, lastDate: string): { date: string; close: number }[] {
  const days = tradingDaysBetween(addDays(lastDate, -730), lastDate);
  return days.map((date, i) => ({
    date,
    close: Math.round(spot * (1 + 0.05 * Math.sin((days.length - 1 - i) / 9)) * 100) / 100,
  }));
}

export class TradierStandIn {
  readonly token: string;
  readonly requests: StandInRequest[] = [];
  readonly tickers = new Map<string, StandInTickerData>();
  /** Send a list of one as the bare object (Tradier's habit); off: always arrays. */
  singleAsObject = true;
  /** How "no data" is spelled: JSON null or the string "null". */
  nullStyle: 'json' | 'string' = 'json';
  /** Expirations whose options come without greeks. */
  readonly noGreeksFor = new Set<string>();
  /** History dates answered with `close: null`. */
  readonly nullCloseOn = new Set<string>();
  /** Write non-integer figures below 0.1 in exponent notation (`1.2E-4`), as Tradier has. */
  exponentNotation = false;
  readonly #allowed: number;
  readonly #now: () => number;
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  readonly #faults: { fault: StandInFault; path?: string | undefined }[] = [];
  #windowStart: number | null = null;
  #used = 0;
  #port = 0;

  private constructor(options: StandInOptions) {
    this.token = options.token ?? 'stand-in-token-7f3a9c';
    this.#allowed = options.allowed ?? 120;
    this.#now = options.now ?? Date.now;
    this.#server = createServer((req, res) => this.#handle(req, res));
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  static async start(options: StandInOptions = {}): Promise<TradierStandIn> {
    const s = new TradierStandIn(options);
    s.#server.listen(0, '127.0.0.1');
    await once(s.#server, 'listening');
    s.#port = (s.#server.address() as AddressInfo).port;
    return s;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  addChain(chain: OptionChain): StandInTickerData {
    const data = tradierDataFromChain(chain);
    this.tickers.set(chain.ticker, data);
    return data;
  }

  /** PLTR in the recorded shapes (see recordedPltr). */
  addRecordedPltr(): StandInTickerData {
    const data = recordedPltr();
    this.tickers.set('PLTR', data);
    return data;
  }

  /** A ticker Tradier quotes but lists no options for (expirations and chains answer "no data"). */
  addTickerWithoutOptions(symbol: string, last: number, tradeDate: number): void {
    this.tickers.set(symbol, {
      quote: quoteFor(symbol, last, tradeDate),
      chains: null,
      history: syntheticHistory(last, epochToNy(tradeDate).date),
    });
  }

  /** The next `count` requests (to `path` only, when given) fail with this fault. */
  failNext(count: number, fault: StandInFault, path?: string): void {
    for (let i = 0; i < count; i++) this.#faults.push({ fault, path });
  }

  count(path: string): number {
    return this.requests.filter((r) => r.path === path).length;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    this.#server.close();
    await once(this.#server, 'close');
  }

  #none(): null | 'null' {
    return this.nullStyle === 'json' ? null : 'null';
  }

  #list<T>(items: T[]): T | T[] {
    return this.singleAsObject && items.length === 1 ? (items[0] as T) : items;
  }

  #rateHeaders(): Record<string, string> {
    const now = Date.now();
    if (this.#windowStart === null || now >= this.#windowStart + 60_000) {
      this.#windowStart = now;
      this.#used = 0;
    }
    this.#used++;
    return {
      'X-Ratelimit-Allowed': String(this.#allowed),
      'X-Ratelimit-Used': String(this.#used),
      'X-Ratelimit-Available': String(Math.max(0, this.#allowed - this.#used)),
      'X-Ratelimit-Expiry': String(this.#windowStart + 60_000),
    };
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.origin);
    const record: StandInRequest = {
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
      accept: req.headers.accept,
      at: Date.now(),
      status: 0,
      body: '',
    };
    this.requests.push(record);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      record.status = status;
      const text = typeof body === 'string' ? body : tradierJson(body, this.exponentNotation);
      record.body = text;
      const type = typeof body === 'string' ? 'text/plain' : 'application/json';
      res.writeHead(status, { 'Content-Type': type, ...headers });
      res.end(text);
    };

    if (req.headers.authorization !== `Bearer ${this.token}`) {
      send(401, 'Invalid Access Token');
      return;
    }
    const rate = this.#rateHeaders();
    const faultAt = this.#faults.findIndex((f) => f.path === undefined || f.path === url.pathname);
    if (faultAt >= 0) {
      const [{ fault }] = this.#faults.splice(faultAt, 1) as [{ fault: StandInFault }];
      switch (fault.kind) {
        case 'rate_limited': {
          const headers: Record<string, string> = {
            ...rate,
            'X-Ratelimit-Available': '0',
            'X-Ratelimit-Expiry': String(Date.now() + (fault.resetInMs ?? 200)),
          };
          if (fault.retryAfterSeconds !== undefined) headers['Retry-After'] = String(fault.retryAfterSeconds);
          send(429, 'Rate limit exceeded', headers);
          return;
        }
        case 'server_error':
          send(fault.status ?? 500, 'Internal Server Error', rate);
          return;
        case 'hang':
          record.status = -1;
          return; // never answers; close() destroys the socket
        case 'bad_json':
          send(200, '{"options": {"option": [{"symbol": "TRUNC', {
            ...rate,
            'Content-Type': 'application/json',
          });
          return;
        case 'redirect':
          send(302, '', { ...rate, Location: 'http://127.0.0.1:1/elsewhere' });
          return;
        case 'unauthorized':
          send(401, 'Invalid Access Token');
          return;
      }
    }
    if (this.#used > this.#allowed) {
      send(429, 'Rate limit exceeded', rate);
      return;
    }
    const body = this.#route(url);
    if (body === null) send(404, 'Not Found', rate);
    else send(200, body, rate);
  }

  #route(url: URL): Json | null {
    const q = (k: string): string => url.searchParams.get(k) ?? '';
    switch (url.pathname) {
      case '/v1/markets/quotes': {
        const symbols = q('symbols')
          .split(',')
          .map((s) => s.trim().toUpperCase())
          .filter((s) => s.length > 0);
        const found = symbols.filter((s) => this.tickers.has(s));
        const missing = symbols.filter((s) => !this.tickers.has(s));
        const quotes: Json = {};
        if (found.length > 0) quotes.quote = this.#list(found.map((s) => this.tickers.get(s)?.quote));
        if (missing.length > 0) quotes.unmatched_symbols = { symbol: this.#list(missing) };
        return { quotes };
      }
      case '/v1/markets/options/expirations': {
        const data = this.tickers.get(q('symbol').toUpperCase());
        if (!data?.chains || data.chains.size === 0) return { expirations: this.#none() };
        return { expirations: { date: this.#list([...data.chains.keys()].sort()) } };
      }
      case '/v1/markets/options/chains': {
        const data = this.tickers.get(q('symbol').toUpperCase());
        const options = data?.chains?.get(q('expiration'));
        if (!options || options.length === 0) return { options: this.#none() };
        const withGreeks = q('greeks') === 'true' && !this.noGreeksFor.has(q('expiration'));
        const shaped = options.map((o) => {
          if (withGreeks) return o;
          const copy: Json = { ...o };
          delete copy.greeks;
          return copy;
        });
        return { options: { option: this.#list(shaped) } };
      }
      case '/v1/markets/history': {
        const data = this.tickers.get(q('symbol').toUpperCase());
        const start = q('start') || '0000-00-00';
        const end = q('end') || '9999-99-99';
        const days = (data?.history ?? [])
          .filter((d) => d.date >= start && d.date <= end)
          .map((d) => ({
            date: d.date,
            open: d.close,
            high: d.close,
            low: d.close,
            close: this.nullCloseOn.has(d.date) ? null : d.close,
            volume: 1000,
          }));
        return { history: days.length === 0 ? this.#none() : { day: this.#list(days) } };
      }
      case '/v1/markets/clock': {
        const now = this.#now();
        const open = isMarketOpen(now);
        return {
          clock: {
            date: epochToNy(now).date,
            description: open ? 'Market is open from 09:30 to 16:00' : 'Market is closed.',
            state: open ? 'open' : 'closed',
            timestamp: Math.floor(now / 1000),
            next_change: open ? '16:00' : '09:30',
            next_state: open ? 'postmarket' : 'premarket',
          },
        };
      }
      default:
        return null;
    }
  }
}
