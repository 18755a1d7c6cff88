// Key levels as text a charting platform takes as is:
// - TradingView: a Pine Script v5 indicator (Pine Editor → paste → Add to chart), one `gwLevel`
//   call per level on the last bar: a line across the chart and a label at its right end with the
//   level's name and price (an hline cannot be labelled on the chart, nor left undrawn on a wrong
//   symbol: its colour must be an input, and syminfo.ticker is not one).
// - thinkorswim: a thinkScript study (Studies → Edit studies → Create → paste), one `plot` per level,
//   named after the level, with a chart bubble at the last bar carrying its name and price.
// Both have an input per group of levels present (LEVEL_GROUPS: walls, flip, ±1σ…) that turns the
// group off, and draw only on a chart of the levels' symbol (TradingView's syminfo.ticker: the
// ticker or an index's option roots, SPXW for SPX; thinkorswim's GetSymbol(): $SPX for an index);
// on any other symbol they draw nothing and show a warning naming both, an input turning that off.
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
import { equivalentTick, onTick } from '../futures-contract.ts';
import { indexAliases, isIndexUnderlying, settlesOnFuture } from '../index-underlyings.ts';
import type { FuturesEquivalent, KeyLevel, LevelKind } from './levels.ts';

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
  /**
   * The levels are an index's equivalents on its future (futuresEquivalentLevels): the script is for
   * a chart of the future (ES1!, /ES) and its header states the contract and the basis.
   */
  future?: FutureTarget;
}

/** The future a script of futures equivalents is drawn on (the levels payload's `futures_equivalent`). */
export interface FutureTarget {
  /** The root: ES, NQ, RTY. */
  symbol: string;
  /** The front quarterly, e.g. ESZ6. */
  contract: string;
  /** Its settlement date, YYYY-MM-DD. */
  settles: string;
  /** The Monday of the settlement week, from which the next quarterly is the front; absent in old payloads. */
  rolls?: string;
  /** Fair value − spot, index points. */
  basis: number;
  /** How the fair value was read. */
  basisSource: string;
  /** An ETF's levels (SPY's) reach the future × index spot / ETF spot before the basis; absent for an index. */
  ratio?: number;
  /** The contract's tick the levels are on (0.25 for ES and NQ, 0.10 for RTY); absent for an unknown root. */
  tick?: number;
}

/**
 * An index's levels as their equivalents on its future: each at its figure in `equivalents` (the
 * level + the basis) on the future's tick (`symbol`: a payload stored before the service rounded
 * to the tick has cents), labelled with the index level it comes from ("Gamma flip (SPX 5950.50)");
 * a level without a figure is left out.
 */
export function futuresEquivalentLevels(
  ticker: string,
  levels: readonly KeyLevel[],
  equivalents: Readonly<Record<string, number>>,
  symbol: string,
): KeyLevel[] {
  const out: KeyLevel[] = [];
  for (const l of levels) {
    const at = equivalents[l.id];
    if (at === undefined) continue;
    out.push({ ...l, label: `${l.label} (${oneLine(ticker)} ${price(l.price)})`, price: onTick(symbol, at) });
  }
  return out;
}

/**
 * A levels payload's futures equivalents as a script's levels and target, or why there are none
 * (a ticker without a future, or a basis that could not be read: the payload's reason).
 */
export function futureScriptInput(
  ticker: string,
  levels: readonly KeyLevel[],
  fe: FuturesEquivalent | undefined,
): { levels: KeyLevel[]; future: FutureTarget } | { reason: string } {
  if (fe === undefined) return { reason: `${oneLine(ticker)} has no futures equivalents` };
  if (fe.basis === null || fe.basis_source === null) {
    return {
      reason: `no ${fe.symbol} equivalents of the ${oneLine(ticker)} levels: ${fe.reason ?? 'no basis'}`,
    };
  }
  const tick = equivalentTick(fe);
  return {
    levels: futuresEquivalentLevels(ticker, levels, fe.levels, fe.symbol),
    future: {
      symbol: fe.symbol,
      contract: fe.contract,
      settles: fe.settles,
      ...(fe.rolls === undefined ? {} : { rolls: fe.rolls }),
      basis: fe.basis,
      basisSource: fe.basis_source,
      ...(fe.ratio === undefined ? {} : { ratio: fe.ratio }),
      ...(tick === null ? {} : { tick }),
    },
  };
}

/** What a script is drawn on: the ticker's own chart, or its future's. */
interface ChartTarget {
  /** The indicator's or study's subject, e.g. "SPX levels" or "SPX levels on ES". */
  title: string;
  /** The chart the header asks for, as TradingView and thinkorswim name it. */
  tvChart: string;
  tosChart: string;
  tvSymbols: string[];
  tosSymbols: string[];
  /** The header's notes on units and pricing. */
  notes: string[];
  /** What the wrong-symbol warning says the levels are for. */
  what: string;
}

function chartTarget(ticker: string, future: FutureTarget | undefined): ChartTarget {
  const shown = oneLine(ticker);
  if (future === undefined) {
    return {
      title: `${ticker} levels`,
      tvChart: ticker,
      tosChart: tosSymbol(ticker),
      tvSymbols: tradingViewSymbols(ticker),
      tosSymbols: thinkorswimSymbols(ticker),
      notes: indexNotes(ticker),
      what: isIndexUnderlying(shown) ? `the ${shown} index (not an ETF, future or CFD on it)` : shown,
    };
  }
  const root = oneLine(future.symbol).toUpperCase();
  const contract = oneLine(future.contract).toUpperCase();
  // TradingView spells a contract with its full year (ESZ2026), thinkorswim with two digits (/ESZ26).
  const month = contract.slice(root.length, root.length + 1);
  const year = future.settles.slice(0, 4);
  const signed = `${future.basis >= 0 ? '+' : ''}${price(future.basis)}`;
  return {
    title: `${ticker} levels on ${root}`,
    tvChart: `${root}1!`,
    tosChart: `/${root}`,
    tvSymbols: [`${root}1!`, `${root}${month}${year}`],
    tosSymbols: [
      `/${root}`,
      `/${root}:XCME`,
      `/${root}${month}${year.slice(2)}`,
      `/${root}${month}${year.slice(2)}:XCME`,
    ],
    notes: [
      `${root} equivalents of the ${shown} levels on ${contract} (settles ${future.settles}${future.rolls === undefined ? '' : `; the next contract is the front from ${future.rolls}`}): each ${shown} level${future.ratio === undefined ? '' : ` × ${future.ratio.toFixed(4)}`} ${signed}, the basis (fair value − spot; ${future.basisSource}).`,
      `Levels in ${root} points${future.tick === undefined ? '' : `, on its ${future.tick.toFixed(2)} tick (the basis to the cent)`}. The basis shrinks to 0 by settlement: refresh the script daily.`,
    ],
    what: `the ${root} future (the ${shown} levels moved by the basis)`,
  };
}

/**
 * The groups of levels a script's inputs turn on and off (TradingView: `input.bool`, thinkorswim:
 * `input … = yes;`), each by its input's name. Every kind is in exactly one group; a script has
 * an input for each group it draws a level of, and no other.
 */
export interface LevelGroup {
  /** The input's identifier in both languages (thinkScript shows it as the setting's name). */
  input: string;
  /** The setting's title in TradingView. */
  title: string;
  kinds: readonly LevelKind[];
}

export const LEVEL_GROUPS: readonly LevelGroup[] = [
  { input: 'showSpot', title: 'Spot', kinds: ['spot'] },
  { input: 'showFlip', title: 'Gamma flip', kinds: ['gamma_flip'] },
  { input: 'showWalls', title: 'Call and put walls', kinds: ['call_wall', 'put_wall'] },
  { input: 'showMaxPain', title: 'Max pain', kinds: ['max_pain'] },
  {
    input: 'showSigma',
    title: '±1σ expected moves (1D, 1W, 1M)',
    kinds: ['sigma_1d', 'sigma_1w', 'sigma_1m'],
  },
  {
    input: 'showGammaStrikes',
    title: 'Gamma strikes (abs gamma, top ±GEX)',
    kinds: ['abs_gamma', 'gex_positive', 'gex_negative'],
  },
  {
    input: 'showExpiryLevels',
    title: "Per-expiry levels (the nearest expiration's flip, the same-day expiration's flip and walls)",
    kinds: ['nearest_flip', 'zero_dte_flip', 'zero_dte_call_wall', 'zero_dte_put_wall'],
  },
];

/** The group a kind belongs to. */
export function levelGroupOf(kind: LevelKind): LevelGroup {
  const group = LEVEL_GROUPS.find((g) => g.kinds.includes(kind));
  if (group === undefined) throw new Error(`no level group for ${kind}`);
  return group;
}

/** The groups the levels fall in, in LEVEL_GROUPS' order. */
function groupsOf(levels: readonly KeyLevel[]): LevelGroup[] {
  const kinds = new Set(levels.map((l) => l.kind));
  return LEVEL_GROUPS.filter((g) => g.kinds.some((k) => kinds.has(k)));
}

/** The input that turns the symbol check off, in both languages. */
export const ANY_SYMBOL_INPUT = 'drawOnAnySymbol';

/**
 * The chart symbols TradingView's `syminfo.ticker` shows for the levels' ticker (upper case):
 * the ticker itself, an index's option roots (SPX: SPXW, SPXPM; their levels are the index's),
 * and for a share class written with "-" or "/" (BRK-B) TradingView's "." spelling (BRK.B).
 * Never another instrument: SPY's levels are not SPX's, nor ES futures' or a CFD's.
 */
export function tradingViewSymbols(ticker: string): string[] {
  const bare = oneLine(ticker)
    .toUpperCase()
    .replace(/^[\^$.]/, '');
  const symbols = [bare, ...indexAliases(bare)];
  if (/^[A-Z0-9]+[-/][A-Z0-9]+$/.test(bare)) symbols.push(bare.replace(/[-/]/, '.'));
  return [...new Set(symbols)];
}

/** The chart symbol thinkorswim's GetSymbol() gives for the ticker ($SPX for the SPX index). */
export function thinkorswimSymbols(ticker: string): string[] {
  return [tosSymbol(oneLine(ticker).toUpperCase())];
}

/**
 * What the scripts show on a chart of another symbol, around that symbol's name: the text before
 * it and the text after it.
 */
function wrongSymbolText(what: string, chart: string): [string, string] {
  return [`Gammawatch levels are for ${what}; this chart is `, `. Nothing drawn: open a ${chart} chart.`];
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
  const target = chartTarget(ticker, options.future);
  const symbols = target.tvSymbols.map(pineString).join(', ');
  const lines = [
    // The version annotation stays the first line, as the Pine Editor writes it.
    '//@version=5',
    ...(sim ? [comment('//', SIMULATED_SCRIPT_NOTE)] : []),
    comment(
      '//',
      `Gammawatch key levels for ${ticker} as of ${asofIso}. Paste into the Pine Editor and add to a ${target.tvChart} chart.`,
    ),
    ...[...target.notes, ...notes].map((n) => comment('//', n)),
    comment(
      '//',
      'Each level is a line across the chart with a label at its right end (name and price); the inputs turn groups of levels on and off.',
    ),
    comment(
      '//',
      `On a chart of any other symbol nothing is drawn and a warning says so (the last input turns that check off).`,
    ),
    `indicator(${pineString(oneLine(mark(`Gammawatch ${target.title}`)))}, overlay = true, max_lines_count = 500, max_labels_count = 500)`,
    ...groupsOf(levels).map((g) => `${g.input} = input.bool(true, ${pineString(g.title)}, group = "Levels")`),
    `${ANY_SYMBOL_INPUT} = input.bool(false, ${pineString(`Draw on any symbol (skip the check for a ${oneLine(target.tvChart)} chart)`)}, group = "Symbol")`,
    `gwSymbols = array.from(${symbols})`,
    `gwSymbolOk = ${ANY_SYMBOL_INPUT} or array.includes(gwSymbols, str.upper(syminfo.ticker))`,
    'var line[] gwLines = array.new_line()',
    'var label[] gwLabels = array.new_label()',
    'var table gwWarning = table.new(position.top_right, 1, 1)',
    '// One level: a line across the chart and its label at the right edge, when its group is on.',
    'gwLevel(bool show, float price, string name, color col, string style) =>',
    '    if show',
    '        array.push(gwLines, line.new(bar_index - 1, price, bar_index, price, extend = extend.both, color = col, style = style))',
    '        array.push(gwLabels, label.new(bar_index, price, name, style = label.style_label_left, color = color.new(col, 80), textcolor = col, size = size.small))',
    'if barstate.islast',
    '    while array.size(gwLines) > 0',
    '        line.delete(array.pop(gwLines))',
    '    while array.size(gwLabels) > 0',
    '        label.delete(array.pop(gwLabels))',
    '    if gwSymbolOk',
    '        table.clear(gwWarning, 0, 0)',
    ...levels.map((l) => {
      const s = STYLES[l.kind];
      return `        gwLevel(${levelGroupOf(l.kind).input}, ${price(l.price)}, ${pineString(mark(`${scriptLabel(l.label)} ${price(l.price)}`))}, ${s.pine}, line.style_${s.pineStyle})`;
    }),
    '    else',
    `        table.cell(gwWarning, 0, 0, ${wrongSymbolText(target.what, oneLine(target.tvChart)).map(pineString).join(' + syminfo.ticker + ')}, text_color = color.white, bgcolor = color.red)`,
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
    // The script's own inputs and definitions.
    ...LEVEL_GROUPS.map((g) => g.input),
    ...[ANY_SYMBOL_INPUT, 'gwSymbolOk', 'gwLastBar'],
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

/**
 * A thinkScript string literal: thinkScript has no escape for a double quote, so one becomes a
 * single quote, and a backslash (an escape in a bubble's text: "\n") becomes a slash.
 */
function tosString(text: string): string {
  return `"${text.replace(/"/g, "'").replace(/\\/g, '/')}"`;
}

export function renderThinkorswim(
  ticker: string,
  asofIso: string,
  levels: readonly KeyLevel[],
  notes: readonly string[] = [],
  options: RenderOptions = {},
): string {
  const sim = options.simulated === true;
  const mark = (text: string): string => (sim ? `${text} ${SIMULATED_LABEL}` : text);
  const target = chartTarget(ticker, options.future);
  const symbolCheck = target.tosSymbols.map((symbol) => `GetSymbol() == ${tosString(symbol)}`).join(' or ');
  const [before, after] = wrongSymbolText(target.what, oneLine(target.tosChart));
  const lines = [
    ...(sim ? [comment('#', SIMULATED_SCRIPT_NOTE)] : []),
    comment(
      '#',
      `Gammawatch key levels for ${ticker} as of ${asofIso}. Add as a study on a ${target.tosChart} chart.`,
    ),
    ...[...target.notes, ...notes].map((n) => comment('#', n)),
    comment(
      '#',
      'Each level is a plot named after it with a bubble at the last bar (name and price); the inputs turn groups of levels on and off.',
    ),
    comment(
      '#',
      `On a chart of any other symbol nothing is drawn and a label says so (input ${ANY_SYMBOL_INPUT} turns that check off).`,
    ),
    'declare upper;',
    ...groupsOf(levels).map((g) => `input ${g.input} = yes; ${comment('#', g.title)}`),
    `input ${ANY_SYMBOL_INPUT} = no;`,
    `def gwSymbolOk = ${ANY_SYMBOL_INPUT} or ${symbolCheck};`,
    'def gwLastBar = !IsNaN(close) and IsNaN(close[-1]);',
    `AddLabel(!gwSymbolOk, ${tosString(before)} + GetSymbol() + ${tosString(after)}, Color.RED);`,
  ];
  const names = tosNames(levels);
  for (const [i, l] of levels.entries()) {
    const name = names[i] as string;
    const s = STYLES[l.kind];
    const show = `${levelGroupOf(l.kind).input} and gwSymbolOk`;
    const at = price(l.price);
    lines.push(
      `plot ${name} = if ${show} then ${at} else Double.NaN; ${comment('#', mark(scriptLabel(l.label)))}`,
      `${name}.SetDefaultColor(Color.${s.tos});`,
      `${name}.SetStyle(Curve.${s.tosStyle});`,
      `AddChartBubble(${show} and gwLastBar, ${at}, ${tosString(mark(`${scriptLabel(l.label)} ${at}`))}, Color.${s.tos}, yes);`,
    );
  }
  return lines.join('\n') + '\n';
}
