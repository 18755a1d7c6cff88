// The explain view (svc.ticker.explain.v2): a deterministic plain-English reading of one snapshot,
// its regime and its trade setup. Three views: `brief` (summary and the three points that matter
// most), `standard` (the default: the regime's reasons, gamma, expected moves, the plan, cautions)
// and `detailed` (everything standard says plus every score, state, IV figure and data note).
import type { ExplainData } from '../../../shared/api/explain.ts';
import { DEFAULT_EXPLAIN_VIEW, EXPLAIN_VIEWS } from '../../../shared/api/explain.ts';
import type { TradeSetupBlob } from '../../../shared/api/trade-setup-blob.ts';
import { displayAsof } from '../../../shared/market-calendar.ts';
import type { TickerMetrics } from '../types.ts';
import { priceText } from './index-points.ts';
import { priceLevels, signedPct, usdCompact } from './levels.ts';
import { REGIME_MODEL_VERSION, type RegimeResult } from './regime.ts';
import { sentence } from './wording.ts';

export const EXPLAIN_VERSION = 'explain-1.1.0';

export type ExplainView = (typeof EXPLAIN_VIEWS)[number];

/** A view name that is not one of EXPLAIN_VIEWS; `allowed` lists the valid ones. */
export class UnknownExplainViewError extends Error {
  readonly code = 'invalid_view';
  readonly allowed: readonly string[] = EXPLAIN_VIEWS;
  constructor(readonly view: string) {
    super(`unknown explain view '${view}': allowed views are ${EXPLAIN_VIEWS.join(', ')}`);
    this.name = 'UnknownExplainViewError';
  }
}

export function isExplainView(view: string): view is ExplainView {
  return (EXPLAIN_VIEWS as readonly string[]).includes(view);
}

const words = (s: string): string => s.replaceAll('_', ' ');
const num = (x: number | null, digits = 2): string => (x === null ? 'n/a' : x.toFixed(digits));

function gammaPoint(m: TickerMetrics): string {
  if (m.gex_flip === null || m.dist_to_gex_flip_pct === null) {
    return `No gamma flip found${m.gex_flip_reason ? ` (${m.gex_flip_reason})` : ''}; gamma regime ${m.gamma_regime}.`;
  }
  const side = m.gamma_regime === 'positive' ? 'above' : m.gamma_regime === 'negative' ? 'below' : 'at';
  const effect =
    m.gamma_regime === 'positive'
      ? 'dealer hedging tends to damp moves'
      : m.gamma_regime === 'negative'
        ? 'dealer hedging tends to amplify moves'
        : 'hedging pressure is balanced';
  // dist_to_gex_flip_pct is (flip − spot) / spot: positive when the flip is above spot.
  const d = m.dist_to_gex_flip_pct;
  const away = d === 0 ? 'at spot' : `${Math.abs(d).toFixed(2)} % ${d > 0 ? 'above' : 'below'} spot`;
  return `Spot is ${side} the gamma flip ${priceText(m.ticker)(m.gex_flip)} (the flip is ${signedPct(d)} away, ${away}): ${effect}.`;
}

function movePoint(m: TickerMetrics): string | null {
  const l = priceLevels(m);
  if (l.d1 === null || l.w1 === null) return null;
  const price = priceText(m.ticker);
  return `Expected 1σ moves from ATM IV ${num(m.atm_iv === null ? null : m.atm_iv * 100, 1)} %: ±${price(l.d1.sigma)} a day (${price(l.d1.minus)}-${price(l.d1.plus)}), ±${price(l.w1.sigma)} a week (${price(l.w1.minus)}-${price(l.w1.plus)}).`;
}

function tradePoint(s: TradeSetupBlob): string {
  if (s.trade_type === 'pass') {
    return `No trade: ${words(s.trade_bias)}, opportunity ${s.opportunity_score}/10.`;
  }
  return `${words(s.trade_bias)}: ${words(s.trade_type)} ${s.direction}, opportunity ${s.opportunity_score}/10 (${s.opportunity_tier}); ${s.structures.join(' or ')}.`;
}

function planPoints(s: TradeSetupBlob): string[] {
  const out: string[] = [];
  if (s.entry_trigger) out.push(`Entry: ${s.entry_trigger}.`);
  if (s.stop_description) out.push(`Stop: ${s.stop_description}.`);
  if (s.target_description) out.push(`Target: ${s.target_description}.`);
  if (s.trade_type !== 'pass') {
    out.push(
      `Risk: ${Math.round(s.size_fraction * 100)} % of a normal size, at most ${s.max_risk_pct} % of the account${s.prefer_defined_risk ? ', defined risk preferred' : ''}.`,
    );
  }
  return out;
}

function scorePoints(m: TickerMetrics): string[] {
  const line = (name: string, score: number | null, state: string | null): string =>
    `${name}: ${num(score, 3)}${state ? ` (${state})` : ''}`;
  return [
    line('Trend score', m.trend_score, m.trend_state),
    line('Momentum score', m.momentum_score, m.momentum_state),
    line('Extension score', m.extension_score, m.extension_state),
    line('Realized-vol score', m.realized_vol_score, m.realized_vol_state),
    line('Trend alignment', m.trend_alignment_score, m.trend_alignment_state),
    `IV: ATM ${num(m.atm_iv, 3)}, rank ${num(m.iv_rank, 1)}, change ${num(m.iv_pct_chg)} %, realized 20d ${num(m.realized_vol_20d)} %`,
    `Skew: 25-delta put/call IV ratio ${num(m.put_call_25d_iv_ratio, 3)}, put/call OI ${num(m.pcr_oi, 3)}, volume ${num(m.pcr_volume, 3)}`,
    `GEX ${usdCompact(m.gex_usd_per_1_pct_move)} per 1 % move (nearest expiry ${usdCompact(m.nearest_gex_usd_per_1_pct_move)}), call regime ${m.call_regime}`,
  ];
}

export function explainTicker(
  m: TickerMetrics,
  regime: RegimeResult,
  setup: TradeSetupBlob,
  view: string = DEFAULT_EXPLAIN_VIEW,
): ExplainData {
  if (!isExplainView(view)) throw new UnknownExplainViewError(view);
  const summary = `${m.ticker} at ${priceText(m.ticker)(m.price)} is ${words(regime.label)} (confidence ${regime.confidence.toFixed(2)}). ${tradePoint(setup)}`;
  const cautions =
    setup.caution_flags.length > 0 ? [`Cautions: ${setup.caution_flags.map(words).join(', ')}.`] : [];
  const move = movePoint(m);
  const earnings = m.earnings ? [`Next earnings ${m.earnings.date} (${m.earnings.time}).`] : [];
  let bullets: string[];
  if (view === 'brief') {
    bullets = [regime.reasons[0] ?? words(regime.label), gammaPoint(m), ...cautions].slice(0, 3);
  } else {
    bullets = [
      `Regime: ${regime.reasons.join('; ')}.`,
      gammaPoint(m),
      ...(move ? [move] : []),
      ...planPoints(setup),
      ...earnings,
      ...cautions,
    ];
    if (view === 'detailed') {
      bullets.push(...scorePoints(m));
      if (setup.missing_fields.length > 0)
        bullets.push(`Missing inputs: ${setup.missing_fields.join(', ')}.`);
      bullets.push(...m.notes.map((n) => `Data: ${n}.`));
      bullets.push(`Models: ${REGIME_MODEL_VERSION}, ${setup.interpreter_version}, ${EXPLAIN_VERSION}.`);
    }
  }
  const tags = [
    regime.label,
    setup.trade_bias,
    `tier_${setup.opportunity_tier}`,
    `gamma_${m.gamma_regime}`,
    ...(m.trend_state ? [`trend_${m.trend_state}`] : []),
    ...(m.momentum_state ? [`momentum_${m.momentum_state}`] : []),
    ...(m.extension_state ? [`extension_${m.extension_state}`] : []),
    ...(m.realized_vol_state ? [`realized_vol_${m.realized_vol_state}`] : []),
    ...setup.caution_flags,
    ...(m.simulated ? ['simulated'] : []),
  ];
  return {
    ticker: m.ticker,
    asof: displayAsof(m.asof),
    view,
    summary: sentence(summary),
    bullets: bullets.map(sentence),
    tags,
    // What made the regime label, figure by figure (ours, additive; the ticker page shows it).
    ...(regime.drivers ? { label_drivers: [regime.drivers] } : {}),
  };
}
