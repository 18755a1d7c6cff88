// Key levels as text a charting platform takes as is:
// - TradingView: a Pine Script v5 indicator (Pine Editor → paste → Add to chart), one `hline` per
//   level. Pine draws hlines on whatever symbol is open, so the title names the ticker and time.
// - thinkorswim: a thinkScript study (Studies → Edit studies → Create → paste), one `plot` per level.
// Prices are printed with two decimals, in the JSON order (price descending), never with "$": an
// index's levels (SPX, NDX, RUT, VIX) are index points and the header says so, naming the chart as
// thinkorswim spells an index ($SPX). VIX's levels come from options on VIX futures, priced off each
// expiration's forward, and the header says that too. Shared: the service serves these as
// /levels?format=tradingview|tos and core renders the stored levels with them.
// A label or id may come from a remote service: whatever it holds, each stays on its
// one line as a string literal or a comment, and a plot name is a plain identifier built from it.
// Levels from the market simulator sit at prices that look real, under real tickers: a script of
// them says so in its first comment line and in its labels, so a chart never shows them unmarked.
import { HIDDEN_NAME_CHARACTERS } from '../bridge/common.ts';
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

/** Pine string literal: double quotes and backslashes escaped (the text is one line already). */
function pineString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The longest level label a script shows, in characters (code points), "…" included. */
export const LEVEL_LABEL_MAX_CHARS = 64;

/** What a label with nothing printable is shown as. */
const EMPTY_LABEL = 'Level';

/**
 * Runs of what must never reach a script line: control characters (C0 with CR, LF and tab, DEL,
 * C1 with NEL), the Unicode line and paragraph separators (a line break to some editors and
 * lexers), the text-direction controls (they would show a line in another order than it runs)
 * and unpaired surrogates. The one list of src/shared/bridge/common.ts.
 */
const HIDDEN_RUNS = new RegExp(`(?:${HIDDEN_NAME_CHARACTERS.source})+`, 'gu');

/** `text` on one line: each run of hidden characters becomes a space, spaces collapse, ends trimmed. */
function oneLine(text: string): string {
  return text.replace(HIDDEN_RUNS, ' ').replace(/ {2,}/g, ' ').trim();
}

/**
 * A level's label as the scripts show it: on one line, at most LEVEL_LABEL_MAX_CHARS code points
 * (a longer one cut with "…", never inside a surrogate pair), "Level" when nothing is left.
 */
function scriptLabel(label: string): string {
  const chars = Array.from(oneLine(label));
  if (chars.length === 0) return EMPTY_LABEL;
  if (chars.length <= LEVEL_LABEL_MAX_CHARS) return chars.join('');
  return `${chars
    .slice(0, LEVEL_LABEL_MAX_CHARS - 1)
    .join('')
    .trimEnd()}…`;
}

/** A comment line (`//` in Pine, `#` in thinkScript): the text never breaks onto a next line. */
function comment(mark: '//' | '#', text: string): string {
  return `${mark} ${oneLine(text)}`;
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

/** The first comment line of a script of the simulator's levels. */
export const SIMULATED_SCRIPT_NOTE =
  "Simulated data (Gammawatch's built-in market simulator), not market prices.";

/** How a script's labels say that their levels are the simulator's. */
const SIMULATED_LABEL = '(simulated)';

export interface RenderOptions {
  /** The levels come from the market simulator: the script says so at its top and in its labels. */
  simulated?: boolean;
}

/** `notes`: more header lines, e.g. which settled 0DTE levels were left out (zero-dte-levels.ts). */
export function renderTradingView(
  ticker: string,
  asofIso: string,
  levels: readonly KeyLevel[],
  notes: readonly string[] = [],
  options: RenderOptions = {},
): string {
  const sim = options.simulated === true;
  const mark = (text: string): string => (sim ? `${text} ${SIMULATED_LABEL}` : text);
  const lines = [
    // The version annotation stays the first line, as the Pine Editor writes it.
    '//@version=5',
    ...(sim ? [comment('//', SIMULATED_SCRIPT_NOTE)] : []),
    comment(
      '//',
      `Gammawatch key levels for ${ticker} as of ${asofIso}. Paste into the Pine Editor and add to a ${ticker} chart.`,
    ),
    ...[...indexNotes(ticker), ...notes].map((n) => comment('//', n)),
    `indicator(${pineString(oneLine(mark(`Gammawatch ${ticker} levels`)))}, overlay = true)`,
    ...levels.map((l) => {
      const s = STYLES[l.kind];
      return `hline(${price(l.price)}, ${pineString(mark(`${scriptLabel(l.label)} ${price(l.price)}`))}, color = ${s.pine}, linestyle = hline.style_${s.pineStyle})`;
    }),
  ];
  return lines.join('\n') + '\n';
}

/** The longest thinkScript plot name, in characters. */
const TOS_NAME_MAX_CHARS = 48;

/**
 * Names a plot may not take (thinkScript ignores case): its keywords, the price data a study
 * reads (a plot named Close would hide the close) and the constants' namespaces.
 */
const TOS_RESERVED: ReadonlySet<string> = new Set(
  [
    ...['above', 'ago', 'and', 'bar', 'bars', 'below', 'between', 'case', 'crosses', 'declare'],
    ...['def', 'default', 'do', 'else', 'equals', 'fold', 'from', 'if', 'input', 'is', 'no', 'or'],
    ...['plot', 'rec', 'reference', 'script', 'switch', 'then', 'to', 'while', 'with', 'within'],
    ...['yes', 'open', 'high', 'low', 'close', 'volume', 'vwap', 'hl2', 'hlc3', 'ohlc4'],
    ...['color', 'curve', 'double', 'paintingstrategy', 'globalcolor', 'nan'],
  ].map((w) => w.toLowerCase()),
);

/**
 * thinkScript identifier from a level id: plus_1sigma_1d → Plus1sigma1d. Only ASCII letters and
 * digits are kept; a name that would be empty, start with a digit or be reserved gets a "Level"
 * prefix, and it is cut at TOS_NAME_MAX_CHARS.
 */
function tosName(id: string): string {
  const name = id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')
    .slice(0, TOS_NAME_MAX_CHARS);
  if (name === '') return EMPTY_LABEL;
  if (/^[0-9]/.test(name) || TOS_RESERVED.has(name.toLowerCase())) {
    return `${EMPTY_LABEL}${name}`.slice(0, TOS_NAME_MAX_CHARS);
  }
  return name;
}

/**
 * One plot name per level: two levels whose ids give the same name (in any case: thinkScript
 * ignores it) would define one plot twice, which thinkorswim refuses, so a later one gets "_2",
 * "_3"….
 */
function tosNames(levels: readonly KeyLevel[]): string[] {
  const taken = new Set<string>();
  return levels.map((l) => {
    const base = tosName(l.id);
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}_${n}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

export function renderThinkorswim(
  ticker: string,
  asofIso: string,
  levels: readonly KeyLevel[],
  notes: readonly string[] = [],
  options: RenderOptions = {},
): string {
  const sim = options.simulated === true;
  const lines = [
    ...(sim ? [comment('#', SIMULATED_SCRIPT_NOTE)] : []),
    comment(
      '#',
      `Gammawatch key levels for ${ticker} as of ${asofIso}. Add as a study on a ${tosSymbol(ticker)} chart.`,
    ),
    ...[...indexNotes(ticker), ...notes].map((n) => comment('#', n)),
  ];
  const names = tosNames(levels);
  for (const [i, l] of levels.entries()) {
    const name = names[i] as string;
    const s = STYLES[l.kind];
    lines.push(
      `plot ${name} = ${price(l.price)}; ${comment('#', sim ? `${scriptLabel(l.label)} ${SIMULATED_LABEL}` : scriptLabel(l.label))}`,
      `${name}.SetDefaultColor(Color.${s.tos});`,
      `${name}.SetStyle(Curve.${s.tosStyle});`,
    );
  }
  return lines.join('\n') + '\n';
}
