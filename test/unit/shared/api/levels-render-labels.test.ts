// Issue 42 item 5: "a TradingView script checked for a label per line", and the same for
// thinkorswim. Each script is read back by a small model of what its platform would draw (the
// script's own statements, parsed, not its text searched): every level drawn carries a label with
// its name and price, each group's input turns exactly that group's levels off, and on a chart of
// another symbol nothing is drawn and a warning names both symbols.
import { describe, expect, it } from 'vitest';
import type { KeyLevel, LevelKind } from '../../../../src/shared/api/levels.ts';
import { LEVEL_KINDS } from '../../../../src/shared/api/levels.ts';
import {
  ANY_SYMBOL_INPUT,
  LEVEL_GROUPS,
  levelGroupOf,
  renderThinkorswim,
  renderTradingView,
} from '../../../../src/shared/api/levels-render.ts';
import { lexPine, lexThinkScript, scriptLines, scriptProblems } from '../../../support/script-check.ts';

const ASOF = '2025-03-14T20:00:00.000Z';

/** The 21 levels the engine draws for an index with a 0DTE expiration (service/engine/levels.ts). */
const ALL: KeyLevel[] = (
  [
    ['plus_1sigma_1m', '+1σ 1M', 6300, 'sigma_1m'],
    ['call_wall', 'Call wall', 6200, 'call_wall'],
    ['plus_1sigma_1w', '+1σ 1W', 6150, 'sigma_1w'],
    ['gex_positive_1', '+GEX #1', 6125, 'gex_positive'],
    ['zero_dte_call_wall', '0DTE call wall', 6110, 'zero_dte_call_wall'],
    ['gex_positive_2', '+GEX #2', 6100, 'gex_positive'],
    ['abs_gamma_strike', 'Abs gamma', 6075, 'abs_gamma'],
    ['plus_1sigma_1d', '+1σ 1D', 6060.5, 'sigma_1d'],
    ['gex_positive_3', '+GEX #3', 6050, 'gex_positive'],
    ['spot', 'Spot', 6012.34, 'spot'],
    ['max_pain', 'Max pain', 6000, 'max_pain'],
    ['zero_dte_flip', '0DTE flip', 5995, 'zero_dte_flip'],
    ['gamma_flip', 'Gamma flip', 5990.25, 'gamma_flip'],
    ['nearest_expiry_flip', 'Nearest-expiry flip', 5985, 'nearest_flip'],
    ['minus_1sigma_1d', '−1σ 1D', 5964.18, 'sigma_1d'],
    ['gex_negative_1', '−GEX #1', 5950, 'gex_negative'],
    ['zero_dte_put_wall', '0DTE put wall', 5940, 'zero_dte_put_wall'],
    ['gex_negative_2', '−GEX #2', 5925, 'gex_negative'],
    ['put_wall', 'Put wall', 5900, 'put_wall'],
    ['minus_1sigma_1w', '−1σ 1W', 5875, 'sigma_1w'],
    ['gex_negative_3', '−GEX #3', 5850, 'gex_negative'],
  ] as const
).map(([id, label, price, kind]) => ({ id, label, price, kind }));

/** A level as a chart shows it: where, and what its label says. */
interface Drawn {
  price: string;
  label: string;
}

/** What a platform shows with these inputs on a chart of `chart`: the levels, or a warning. */
interface Chart {
  drawn: Drawn[];
  warning: string | null;
}

/** The script's inputs and what its platform draws with them on a chart of a symbol. */
interface Model {
  /** Each boolean input with its default. */
  inputs: Map<string, boolean>;
  draw: (chart: string, inputs?: Readonly<Record<string, boolean>>) => Chart;
}

const PINE_STRING = /"(?:[^"\\]|\\.)*"/g;
const unquotePine = (literal: string): string => literal.slice(1, -1).replace(/\\(.)/g, '$1');

/**
 * A model of TradingView running the script: its `input.bool`s, the symbol list it compares
 * `str.upper(syminfo.ticker)` with, and each `gwLevel(input, price, label, …)` call the last bar
 * makes inside `if gwSymbolOk`; `gwLevel` itself must draw a line and a label at the price, with
 * the label's text, when its first argument is true.
 */
function pineModel(script: string): Model {
  const lines = scriptLines(script);
  const inputs = new Map<string, boolean>();
  for (const line of lines) {
    const m = /^(\w+) = input\.bool\((true|false), ("(?:[^"\\]|\\.)*")/.exec(line);
    if (m) inputs.set(m[1] as string, m[2] === 'true');
  }
  // The helper: a line and a label at `price`, the label's text `name`, both only when `show`.
  const body = lines.slice(
    lines.indexOf('gwLevel(bool show, float price, string name, color col, string style) =>') + 1,
  );
  expect(body.slice(0, 3)).toEqual([
    '    if show',
    expect.stringMatching(
      /^ {8}array\.push\(gwLines, line\.new\(bar_index - 1, price, bar_index, price, extend = extend\.both,/,
    ),
    expect.stringMatching(
      /^ {8}array\.push\(gwLabels, label\.new\(bar_index, price, name, style = label\.style_label_left,/,
    ),
  ]);
  // Nothing else draws: no hline, plot, line or label outside the helper.
  const outside = lines.filter((l) => !body.slice(0, 3).includes(l)).map((l) => lexPine(l).code);
  for (const code of outside) expect(code).not.toMatch(/\b(hline|plot|line\.new|label\.new)\(/);

  const symbolsLine = lines.find((l) => l.startsWith('gwSymbols = array.from('));
  const symbols = (symbolsLine?.match(PINE_STRING) ?? []).map(unquotePine);
  expect(lines).toContain(
    `gwSymbolOk = ${ANY_SYMBOL_INPUT} or array.includes(gwSymbols, str.upper(syminfo.ticker))`,
  );
  // The last bar: old drawings deleted, then the levels if the symbol is right, else the warning.
  const last = lines.indexOf('if barstate.islast');
  const ok = lines.indexOf('    if gwSymbolOk', last);
  const otherwise = lines.indexOf('    else', ok);
  expect(last).toBeGreaterThan(0);
  expect(ok).toBeGreaterThan(last);
  expect(otherwise).toBe(lines.length - 2);
  expect(lines.slice(last + 1, ok)).toEqual([
    '    while array.size(gwLines) > 0',
    '        line.delete(array.pop(gwLines))',
    '    while array.size(gwLabels) > 0',
    '        label.delete(array.pop(gwLabels))',
  ]);
  const calls = lines.slice(ok + 1, otherwise).filter((l) => l.startsWith('        gwLevel('));
  expect(lines.slice(ok + 1, otherwise)).toEqual(['        table.clear(gwWarning, 0, 0)', ...calls]);
  const levels = calls.map((call) => {
    const m = /^ {8}gwLevel\((\w+), (\d+\.\d{2}), ("(?:[^"\\]|\\.)*"), color\.\w+, line\.style_\w+\)$/.exec(
      call,
    );
    if (!m) throw new Error(`not a level call: ${call}`);
    return { input: m[1] as string, price: m[2] as string, label: unquotePine(m[3] as string) };
  });
  const warning =
    /^ {8}table\.cell\(gwWarning, 0, 0, (.*), text_color = color\.white, bgcolor = color\.red\)$/.exec(
      lines[otherwise + 1] ?? '',
    )?.[1];
  if (warning === undefined) throw new Error('no warning cell');
  return {
    inputs,
    draw: (chart, set = {}) => {
      const value = (name: string): boolean => {
        const v = set[name] ?? inputs.get(name);
        if (v === undefined) throw new Error(`input ${name} is not declared`);
        return v;
      };
      if (!value(ANY_SYMBOL_INPUT) && !symbols.includes(chart.toUpperCase())) {
        const text = warning
          .split(' + syminfo.ticker + ')
          .map((part) => unquotePine(part))
          .join(chart);
        return { drawn: [], warning: text };
      }
      return {
        drawn: levels.filter((l) => value(l.input)).map(({ price, label }) => ({ price, label })),
        warning: null,
      };
    },
  };
}

/**
 * A model of thinkorswim running the study: its `input … = yes|no;`s, the symbols its
 * `gwSymbolOk` compares GetSymbol() with, and per level a plot (its value a price only when its
 * input and gwSymbolOk hold) and a bubble at the last bar under the same condition at the same
 * price; the warning label shows when gwSymbolOk does not hold.
 */
function tosModel(script: string): Model {
  const lines = scriptLines(script);
  const inputs = new Map<string, boolean>();
  for (const line of lines) {
    const m = /^input (\w+) = (yes|no);/.exec(line);
    if (m) inputs.set(m[1] as string, m[2] === 'yes');
  }
  const check = lines.find((l) => l.startsWith('def gwSymbolOk = '));
  const m = /^def gwSymbolOk = (\w+) or (.*);$/.exec(check ?? '');
  expect(m?.[1]).toBe(ANY_SYMBOL_INPUT);
  const symbols = (m?.[2] ?? '').split(' or ').map((c) => {
    const s = /^GetSymbol\(\) == "([^"]*)"$/.exec(c);
    if (!s) throw new Error(`not a symbol comparison: ${c}`);
    return s[1] as string;
  });
  expect(lines).toContain('def gwLastBar = !IsNaN(close) and IsNaN(close[-1]);');
  const label = /^AddLabel\(!gwSymbolOk, "([^"]*)" \+ GetSymbol\(\) \+ "([^"]*)", Color\.RED\);$/.exec(
    lines.find((l) => l.startsWith('AddLabel(')) ?? '',
  );
  if (!label) throw new Error('no warning label');
  const levels: { input: string; price: string; label: string; name: string }[] = [];
  for (const [i, line] of lines.entries()) {
    if (!lexThinkScript(line).code.startsWith('plot ')) continue;
    const plot = /^plot (\w+) = if (\w+) and gwSymbolOk then (\d+\.\d{2}) else Double\.NaN; # (.*)$/.exec(
      line,
    );
    if (!plot) throw new Error(`not a gated plot: ${line}`);
    const [, name, input, price] = plot as unknown as [string, string, string, string];
    expect(lines[i + 1]).toMatch(new RegExp(`^${name}\\.SetDefaultColor\\(Color\\.\\w+\\);$`));
    expect(lines[i + 2]).toMatch(new RegExp(`^${name}\\.SetStyle\\(Curve\\.\\w+\\);$`));
    const bubble =
      /^AddChartBubble\((\w+) and gwSymbolOk and gwLastBar, (\d+\.\d{2}), "([^"]*)", Color\.\w+, yes\);$/.exec(
        lines[i + 3] ?? '',
      );
    if (!bubble) throw new Error(`no bubble after ${line}`);
    expect([bubble[1], bubble[2]]).toEqual([input, price]);
    levels.push({ name, input, price, label: bubble[3] as string });
  }
  // Nothing else draws: every AddChartBubble is a level's.
  expect(lines.filter((l) => l.startsWith('AddChartBubble('))).toHaveLength(levels.length);
  return {
    inputs,
    draw: (chart, set = {}) => {
      const value = (name: string): boolean => {
        const v = set[name] ?? inputs.get(name);
        if (v === undefined) throw new Error(`input ${name} is not declared`);
        return v;
      };
      if (!value(ANY_SYMBOL_INPUT) && !symbols.includes(chart)) {
        return { drawn: [], warning: `${label[1]}${chart}${label[2]}` };
      }
      return {
        drawn: levels.filter((l) => value(l.input)).map(({ price, label }) => ({ price, label })),
        warning: null,
      };
    },
  };
}

const PLATFORMS = [
  ['TradingView', renderTradingView, pineModel, lexPine, 'SPX', 'SPY'],
  ['thinkorswim', renderThinkorswim, tosModel, lexThinkScript, '$SPX', 'SPY'],
] as const;

/** Every level, as its label should read. */
const expected = (levels: readonly KeyLevel[], mark = ''): Drawn[] =>
  levels.map((l) => ({ price: l.price.toFixed(2), label: `${l.label} ${l.price.toFixed(2)}${mark}` }));

describe.each(PLATFORMS)('the %s levels script', (_name, render, model, lex, spxChart, spyChart) => {
  it('every level drawn carries a label with its name and price, in order', () => {
    const script = render('SPX', ASOF, ALL);
    expect(scriptProblems(script, lex)).toEqual([]);
    expect(ALL).toHaveLength(21);
    expect(model(script).draw(spxChart)).toEqual({ drawn: expected(ALL), warning: null });
  });

  it('from the simulator, every label says so', () => {
    const script = render('SPX', ASOF, ALL, [], { simulated: true });
    expect(model(script).draw(spxChart).drawn).toEqual(expected(ALL, ' (simulated)'));
  });

  it('has one input per group drawn, each on by default, and the symbol check on', () => {
    const { inputs } = model(render('SPX', ASOF, ALL));
    expect([...inputs]).toEqual([...LEVEL_GROUPS.map((g) => [g.input, true]), [ANY_SYMBOL_INPUT, false]]);
    // Only the groups a script draws a level of.
    const some = ALL.filter((l) => l.kind === 'call_wall' || l.kind === 'spot');
    expect([...model(render('SPY', ASOF, some)).inputs.keys()]).toEqual([
      'showSpot',
      'showWalls',
      ANY_SYMBOL_INPUT,
    ]);
  });

  it.each(LEVEL_GROUPS.map((g) => [g.input, g] as const))(
    '%s off hides exactly its group',
    (input, group) => {
      const { draw } = model(render('SPX', ASOF, ALL));
      const kept = ALL.filter((l) => !group.kinds.includes(l.kind));
      expect(kept.length).toBeLessThan(ALL.length);
      expect(draw(spxChart, { [input]: false }).drawn).toEqual(expected(kept));
    },
  );

  it('every kind is in one group', () => {
    for (const kind of LEVEL_KINDS) {
      expect(LEVEL_GROUPS.filter((g) => g.kinds.includes(kind))).toEqual([levelGroupOf(kind as LevelKind)]);
    }
  });

  it("on another symbol's chart: no level, a warning naming both; drawn anyway when the check is off", () => {
    const { draw } = model(render('SPX', ASOF, ALL));
    const wrong = draw(spyChart);
    expect(wrong.drawn).toEqual([]);
    expect(wrong.warning).toMatch(
      /^Gammawatch levels are for the SPX index .*; this chart is SPY\. Nothing drawn/,
    );
    expect(draw(spyChart, { [ANY_SYMBOL_INPUT]: true })).toEqual({ drawn: expected(ALL), warning: null });
  });
});

describe('which chart symbols take the levels', () => {
  // levels' ticker, chart symbol, drawn there
  const some = ALL.slice(0, 2);
  it.each([
    ['SPX', 'SPX', true],
    ['SPX', 'spx', true],
    ['SPX', 'SPXW', true],
    ['SPX', 'SPY', false],
    ['SPX', 'ES1!', false],
    ['SPX', 'SPX500USD', false],
    ['SPY', 'SPY', true],
    ['SPY', 'SPX', false],
    ['NDX', 'NDX', true],
    ['NDX', 'NDXP', true],
    ['NDX', 'QQQ', false],
    ['QQQ', 'NDX', false],
    ['RUT', 'IWM', false],
    ['VIX', 'VIX', true],
    ['VIX', 'VIXY', false],
    ['BRK-B', 'BRK.B', true],
    ['BRK.B', 'BRK.B', true],
    ['TSLA', 'TSLA', true],
    ['TSLA', 'TSLL', false],
  ])('TradingView: %s levels on a %s chart: %s', (ticker, chart, drawn) => {
    const result = pineModel(renderTradingView(ticker, ASOF, some)).draw(chart);
    expect(result.drawn.length > 0).toBe(drawn);
    expect(result.warning === null).toBe(drawn);
  });

  it.each([
    ['SPX', '$SPX', true],
    ['SPX', 'SPX', false],
    ['SPX', 'SPY', false],
    ['SPX', '/ES:XCME', false],
    ['SPY', 'SPY', true],
    ['SPY', '$SPX', false],
    ['NDX', '$NDX', true],
    ['NDX', 'QQQ', false],
    ['VIX', '$VIX', true],
    ['TSLA', 'TSLA', true],
  ])('thinkorswim: %s levels on a %s chart: %s', (ticker, chart, drawn) => {
    const result = tosModel(renderThinkorswim(ticker, ASOF, some)).draw(chart);
    expect(result.drawn.length > 0).toBe(drawn);
    expect(result.warning === null).toBe(drawn);
    if (!drawn)
      expect(result.warning).toContain(
        `open a ${ticker === 'SPY' || ticker === 'TSLA' ? ticker : `$${ticker}`} chart`,
      );
  });
});

describe('a label with quotes or backslashes in a thinkorswim bubble', () => {
  it('stays one string literal (thinkScript has no escape for a quote)', () => {
    const levels: KeyLevel[] = [
      { id: 'gamma_flip', label: 'Gamma "flip" \\n', price: 95, kind: 'gamma_flip' },
    ];
    const script = renderThinkorswim('SPY', ASOF, levels);
    expect(scriptProblems(script, lexThinkScript)).toEqual([]);
    expect(tosModel(script).draw('SPY').drawn).toEqual([{ price: '95.00', label: "Gamma 'flip' /n 95.00" }]);
  });
});
