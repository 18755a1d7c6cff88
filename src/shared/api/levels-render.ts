// Key levels as text a charting platform takes as is:
// - TradingView: a Pine Script v5 indicator (Pine Editor → paste → Add to chart), one `hline` per
//   level. Pine draws hlines on whatever symbol is open, so the title names the ticker and time.
// - thinkorswim: a thinkScript study (Studies → Edit studies → Create → paste), one `plot` per level.
// Prices are printed with two decimals, in the JSON order (price descending), never with "$": an
// index's levels (SPX, NDX, RUT, VIX) are index points and the header says so, naming the chart as
// thinkorswim spells an index ($SPX). VIX's levels come from options on VIX futures, priced off each
// expiration's forward, and the header says that too. Shared: the service serves these as
// /levels?format=tradingview|tos and core renders the stored levels with them.
import { isIndexUnderlying, settlesOnFuture } from '../index-underlyings.ts';
import type { KeyLevel, LevelKind } from './levels.ts';

interface Style {
  pine: string;
  pineStyle: 'solid' | 'dashed' | 'dotted';
  tos: string;
  tosStyle: 'FIRM' | 'SHORT_DASH';
}

const STYLES: Record<LevelKind, Style> = {
  spot: { pine: 'color.gray', pineStyle: 'solid', tos: 'GRAY', tosStyle: 'FIRM' },
  gamma_flip: { pine: 'color.orange', pineStyle: 'solid', tos: 'ORANGE', tosStyle: 'FIRM' },
  sigma_1d: { pine: 'color.aqua', pineStyle: 'dotted', tos: 'CYAN', tosStyle: 'SHORT_DASH' },
  sigma_1w: { pine: 'color.blue', pineStyle: 'dotted', tos: 'BLUE', tosStyle: 'SHORT_DASH' },
  sigma_1m: { pine: 'color.navy', pineStyle: 'dotted', tos: 'VIOLET', tosStyle: 'SHORT_DASH' },
  call_wall: { pine: 'color.green', pineStyle: 'dashed', tos: 'GREEN', tosStyle: 'FIRM' },
  put_wall: { pine: 'color.red', pineStyle: 'dashed', tos: 'RED', tosStyle: 'FIRM' },
  max_pain: { pine: 'color.purple', pineStyle: 'dashed', tos: 'PLUM', tosStyle: 'SHORT_DASH' },
  abs_gamma: { pine: 'color.yellow', pineStyle: 'solid', tos: 'YELLOW', tosStyle: 'FIRM' },
  gex_positive: { pine: 'color.lime', pineStyle: 'dotted', tos: 'LIME', tosStyle: 'SHORT_DASH' },
  gex_negative: { pine: 'color.maroon', pineStyle: 'dotted', tos: 'DARK_RED', tosStyle: 'SHORT_DASH' },
  nearest_flip: { pine: 'color.orange', pineStyle: 'dotted', tos: 'DARK_ORANGE', tosStyle: 'SHORT_DASH' },
  zero_dte_flip: { pine: 'color.fuchsia', pineStyle: 'solid', tos: 'MAGENTA', tosStyle: 'FIRM' },
  zero_dte_call_wall: { pine: 'color.teal', pineStyle: 'dashed', tos: 'DARK_GREEN', tosStyle: 'SHORT_DASH' },
  zero_dte_put_wall: { pine: 'color.fuchsia', pineStyle: 'dashed', tos: 'PINK', tosStyle: 'SHORT_DASH' },
};

function price(p: number): string {
  return p.toFixed(2);
}

/** Pine string literal: double quotes and backslashes escaped. */
function pineString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The header's words on units for an index (empty for a stock or an ETF, whose levels are dollars). */
function indexNotes(ticker: string): string[] {
  if (!isIndexUnderlying(ticker)) return [];
  const notes = [`Levels in index points.`];
  if (settlesOnFuture(ticker)) {
    notes.push(
      `${ticker} options settle on ${ticker} futures: walls and flip are priced off each expiration's forward, shown against the index.`,
    );
  }
  return notes;
}

/** How thinkorswim names the chart: an index with a "$" ($SPX, $VIX), anything else as is. */
function tosSymbol(ticker: string): string {
  return isIndexUnderlying(ticker) ? `$${ticker.replace(/^[\^$.]/, '')}` : ticker;
}

/** `notes`: more header lines, e.g. which settled 0DTE levels were left out (zero-dte-levels.ts). */
export function renderTradingView(
  ticker: string,
  asofIso: string,
  levels: readonly KeyLevel[],
  notes: readonly string[] = [],
): string {
  const lines = [
    '//@version=5',
    `// Gammawatch key levels for ${ticker} as of ${asofIso}. Paste into the Pine Editor and add to a ${ticker} chart.`,
    ...[...indexNotes(ticker), ...notes].map((n) => `// ${n}`),
    `indicator(${pineString(`Gammawatch ${ticker} levels`)}, overlay = true)`,
    ...levels.map((l) => {
      const s = STYLES[l.kind];
      return `hline(${price(l.price)}, ${pineString(`${l.label} ${price(l.price)}`)}, color = ${s.pine}, linestyle = hline.style_${s.pineStyle})`;
    }),
  ];
  return lines.join('\n') + '\n';
}

/** thinkScript identifier from a level id: plus_1sigma_1d → Plus1sigma1d. */
function tosName(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

export function renderThinkorswim(
  ticker: string,
  asofIso: string,
  levels: readonly KeyLevel[],
  notes: readonly string[] = [],
): string {
  const lines = [
    `# Gammawatch key levels for ${ticker} as of ${asofIso}. Add as a study on a ${tosSymbol(ticker)} chart.`,
    ...[...indexNotes(ticker), ...notes].map((n) => `# ${n}`),
  ];
  for (const l of levels) {
    const name = tosName(l.id);
    const s = STYLES[l.kind];
    lines.push(
      `plot ${name} = ${price(l.price)}; # ${l.label}`,
      `${name}.SetDefaultColor(Color.${s.tos});`,
      `${name}.SetStyle(Curve.${s.tosStyle});`,
    );
  }
  return lines.join('\n') + '\n';
}
