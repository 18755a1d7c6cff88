// The curves tab of one ticker: the gamma curve (expiration, naive view), gamma by expiration and
// GEX by strike, live or as stored at a chosen time. Live curves reload when the watcher stores a
// new curve snapshot of this ticker; a pinned time never moves.
import type { GammaCurveBucket, GexByStrikeBucket } from '../../../shared/api/enums.ts';
import type { TickerCurveResult } from '../../../shared/bridge/tickers.ts';
import type { BridgeClient } from '../../lib/bridge-client.ts';
import { RawResource } from './raw-resource.svelte.ts';
import type { WindowChoice } from './strike-window.ts';

type CurveOf<K extends TickerCurveResult['kind']> = Extract<TickerCurveResult, { kind: K }>;

/** A bucket name or a listed YYYY-MM-DD expiration. */
export type GammaSelection = GammaCurveBucket | `${number}-${number}-${number}`;
export type GexMode = 'bars' | 'step';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const BUCKETS: readonly string[] = ['combined', 'nearest', 'first_weekly', 'first_monthly'];

/** A selection from a `<select>` value, or null when it is neither a bucket nor a date. */
export function parseGammaSelection(value: string): GammaSelection | null {
  return BUCKETS.includes(value) || ISO_DATE.test(value) ? (value as GammaSelection) : null;
}

export class CurvesState {
  #ticker = $state('');
  #at = $state<string | null>(null);
  #exp = $state<GammaSelection>('combined');
  #naive = $state(false);
  #gexExp = $state<GexByStrikeBucket>('combined');
  #gexMode = $state<GexMode>('bars');
  #window = $state<WindowChoice>('15');
  readonly gamma = new RawResource<CurveOf<'gamma'>>();
  readonly expirations = new RawResource<CurveOf<'gamma_expirations'>>();
  readonly gex = new RawResource<CurveOf<'gex_by_strike'>>();
  readonly #bridge: BridgeClient;
  #stop: (() => void) | null = null;

  constructor(bridge: BridgeClient) {
    this.#bridge = bridge;
  }

  get ticker(): string {
    return this.#ticker;
  }
  get at(): string | null {
    return this.#at;
  }
  get exp(): GammaSelection {
    return this.#exp;
  }
  get naive(): boolean {
    return this.#naive;
  }
  get gexExp(): GexByStrikeBucket {
    return this.#gexExp;
  }
  get gexMode(): GexMode {
    return this.#gexMode;
  }
  get window(): WindowChoice {
    return this.#window;
  }

  start(): void {
    this.#stop ??= this.#bridge.on('snapshot:new', (event) => {
      if (this.#at !== null || event.ticker !== this.#ticker) return;
      if (event.endpoint === 'curve_gamma') void this.gamma.reload();
      else if (event.endpoint === 'curve_gamma_expirations') void this.expirations.reload();
      else if (event.endpoint === 'curve_gex_by_strike') void this.gex.reload();
    });
  }

  stop(): void {
    this.#stop?.();
    this.#stop = null;
  }

  /** Points the tab at a ticker and time; another ticker starts from the default choices. */
  show(ticker: string, at: string | null): void {
    if (ticker === this.#ticker && at === this.#at) return;
    if (ticker !== this.#ticker) {
      this.#exp = 'combined';
      this.#naive = false;
      this.#gexExp = 'combined';
      this.gamma.reset();
      this.expirations.reset();
      this.gex.reset();
    }
    this.#ticker = ticker;
    this.#at = at;
    void this.#loadGamma();
    void this.#loadExpirations();
    void this.#loadGex();
  }

  setExp(exp: GammaSelection): void {
    if (exp === this.#exp) return;
    this.#exp = exp;
    void this.#loadGamma();
  }

  setNaive(naive: boolean): void {
    if (naive === this.#naive) return;
    this.#naive = naive;
    void this.#loadGamma();
  }

  setGexExp(exp: GexByStrikeBucket): void {
    if (exp === this.#gexExp) return;
    this.#gexExp = exp;
    void this.#loadGex();
  }

  setGexMode(mode: GexMode): void {
    this.#gexMode = mode;
  }

  setWindow(choice: WindowChoice): void {
    this.#window = choice;
  }

  #time(): { at?: string } {
    return this.#at ? { at: this.#at } : {};
  }

  #loadGamma(): Promise<void> {
    const input = {
      ticker: this.#ticker,
      kind: 'gamma' as const,
      exp: this.#exp,
      ...(this.#naive ? { view: 'naive' as const } : {}),
      ...this.#time(),
    };
    return this.gamma.load(
      async () => (await this.#bridge.invoke('ticker:curve', input)) as CurveOf<'gamma'>,
    );
  }

  #loadExpirations(): Promise<void> {
    const input = { ticker: this.#ticker, kind: 'gamma_expirations' as const, ...this.#time() };
    return this.expirations.load(
      async () => (await this.#bridge.invoke('ticker:curve', input)) as CurveOf<'gamma_expirations'>,
    );
  }

  #loadGex(): Promise<void> {
    const input = {
      ticker: this.#ticker,
      kind: 'gex_by_strike' as const,
      exp: this.#gexExp,
      ...this.#time(),
    };
    return this.gex.load(
      async () => (await this.#bridge.invoke('ticker:curve', input)) as CurveOf<'gex_by_strike'>,
    );
  }
}
