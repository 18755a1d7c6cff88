// The curves tab of one ticker: the gamma curve (expiration, naive view), gamma by expiration and
// GEX by strike, live or as stored at a chosen time. A curve the watcher does not poll is fetched
// by the core when asked for. Live curves reload when a new curve snapshot of this ticker is
// stored; a pinned time never moves.
import type { GammaCurveBucket, GexByStrikeBucket } from '../../../../shared/api/enums.ts';
import type { TickerCurveResult } from '../../../../shared/bridge/tickers.ts';
import type { BridgeClient } from '../../../lib/bridge-client.ts';
import type { Resource } from '../../../state/resource.svelte.ts';
import { TickerQuery } from '../ticker-query.svelte.ts';
import type { WindowChoice } from '../frame/strike-window.ts';

type CurveOf<K extends TickerCurveResult['kind']> = Extract<TickerCurveResult, { kind: K }>;

/** A bucket name or a listed YYYY-MM-DD expiration. */
export type GammaSelection = GammaCurveBucket | `${number}-${number}-${number}`;
export type GexMode = 'bars' | 'step';
/** What the GEX-by-strike chart draws from the same payload: GEX, or dealer vanna or charm. */
export type ExposureView = 'gex' | 'vanna' | 'charm';
/** Volume per expiration (a bucket or a date), or `combined`: every expiration summed by the app. */
export type VolumeSelection = GammaCurveBucket | `${number}-${number}-${number}`;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const BUCKETS: readonly string[] = ['combined', 'nearest', 'first_weekly', 'first_monthly'];

/** A selection from a `<select>` value, or null when it is neither a bucket nor a date. */
export function parseGammaSelection(value: string): GammaSelection | null {
  return BUCKETS.includes(value) || ISO_DATE.test(value) ? (value as GammaSelection) : null;
}

interface GammaChoice {
  exp: GammaSelection;
  naive: boolean;
}

export class CurvesState {
  #gexMode = $state<GexMode>('bars');
  #exposure = $state<ExposureView>('gex');
  #moreLevels = $state(false);
  #window = $state<WindowChoice>('15');
  readonly #gamma: TickerQuery<GammaChoice, CurveOf<'gamma'>>;
  readonly #expirations: TickerQuery<null, CurveOf<'gamma_expirations'>>;
  readonly #gex: TickerQuery<GexByStrikeBucket, CurveOf<'gex_by_strike'>>;

  constructor(bridge: BridgeClient) {
    const when = (at: string | null) => (at ? { at } : {});
    this.#gamma = new TickerQuery(bridge, {
      endpoint: 'curve_gamma',
      initial: { exp: 'combined', naive: false },
      fetch: async (b, ticker, c, at) =>
        (await b.invoke('ticker:curve', {
          ticker,
          kind: 'gamma',
          exp: c.exp,
          ...(c.naive ? { view: 'naive' as const } : {}),
          ...when(at),
        })) as CurveOf<'gamma'>,
    });
    this.#expirations = new TickerQuery(bridge, {
      endpoint: 'curve_gamma_expirations',
      initial: null,
      fetch: async (b, ticker, _c, at) =>
        (await b.invoke('ticker:curve', {
          ticker,
          kind: 'gamma_expirations',
          ...when(at),
        })) as CurveOf<'gamma_expirations'>,
    });
    this.#gex = new TickerQuery(bridge, {
      endpoint: 'curve_gex_by_strike',
      initial: 'combined',
      fetch: async (b, ticker, exp, at) =>
        (await b.invoke('ticker:curve', {
          ticker,
          kind: 'gex_by_strike',
          exp,
          ...when(at),
        })) as CurveOf<'gex_by_strike'>,
    });
  }

  get gamma(): Resource<CurveOf<'gamma'>> {
    return this.#gamma.resource;
  }
  get expirations(): Resource<CurveOf<'gamma_expirations'>> {
    return this.#expirations.resource;
  }
  get gex(): Resource<CurveOf<'gex_by_strike'>> {
    return this.#gex.resource;
  }
  get ticker(): string {
    return this.#gamma.ticker;
  }
  get at(): string | null {
    return this.#gamma.at;
  }
  get exp(): GammaSelection {
    return this.#gamma.choice.exp;
  }
  get naive(): boolean {
    return this.#gamma.choice.naive;
  }
  get gexExp(): GexByStrikeBucket {
    return this.#gex.choice;
  }
  get gexMode(): GexMode {
    return this.#gexMode;
  }
  get window(): WindowChoice {
    return this.#window;
  }
  get exposure(): ExposureView {
    return this.#exposure;
  }
  /** The more levels (abs gamma, ±GEX strikes, nearest-expiry and 0DTE levels) marked on the charts. */
  get moreLevels(): boolean {
    return this.#moreLevels;
  }

  #all() {
    return [this.#gamma, this.#expirations, this.#gex] as const;
  }

  start(): void {
    for (const q of this.#all()) q.start();
  }

  stop(): void {
    for (const q of this.#all()) q.stop();
  }

  /** Points the tab at a ticker and time; another ticker starts from the default choices. */
  show(ticker: string, at: string | null): void {
    for (const q of this.#all()) q.show(ticker, at);
  }

  setExp(exp: GammaSelection): void {
    if (exp !== this.exp) this.#gamma.choose({ ...this.#gamma.choice, exp });
  }

  setNaive(naive: boolean): void {
    if (naive !== this.naive) this.#gamma.choose({ ...this.#gamma.choice, naive });
  }

  setGexExp(exp: GexByStrikeBucket): void {
    this.#gex.choose(exp);
  }

  setGexMode(mode: GexMode): void {
    this.#gexMode = mode;
  }

  setWindow(choice: WindowChoice): void {
    this.#window = choice;
  }

  setExposure(view: ExposureView): void {
    this.#exposure = view;
  }

  setMoreLevels(on: boolean): void {
    this.#moreLevels = on;
  }
}
