// A level label or id from a remote service goes into a chart script (shared/api/levels-render.ts).
// Whatever it holds (line breaks, quotes, backslashes, control characters, a whole statement,
// 5,000 characters), each label stays on its one line as one well-formed string or comment:
// the script has the same lines as with plain labels, no `plot` but the levels' own, every string
// literal closes on its line, and the labels a service normally sends come out unchanged.
import { describe, expect, it } from 'vitest';
import type { KeyLevel } from '../../../../src/shared/api/levels.ts';
import {
  LEVEL_LABEL_MAX_CHARS,
  renderThinkorswim,
  renderTradingView,
} from '../../../../src/shared/api/levels-render.ts';
import {
  lexPine,
  lexThinkScript,
  plotStatements,
  scriptLines,
  scriptProblems,
} from '../../../support/script-check.ts';

const ASOF = '2025-03-14T20:00:00.000Z';
const INJECTED = 'plot Fake = 9999;';

/** Plain levels around the one under test (which sits second, at 95). */
const around = (middle: KeyLevel): KeyLevel[] => [
  { id: 'call_wall', label: 'Call wall', price: 110, kind: 'call_wall' },
  middle,
  { id: 'spot', label: 'Spot', price: 100, kind: 'spot' },
];
const level = (label: string, id = 'gamma_flip'): KeyLevel => ({ id, label, price: 95, kind: 'gamma_flip' });
const PLAIN = around(level('Gamma flip'));

/** The text of a Pine string literal: quotes off, escapes undone. */
function pineUnquote(literal: string): string {
  return literal.slice(1, -1).replace(/\\(.)/g, (_m, c: string) => ({ n: '\n', t: '\t' })[c] ?? c);
}

/** A Pine level call: `gwLevel(input, price, "label", …)`, indented in the last bar's block. */
const PINE_LEVEL = /^ {8}gwLevel\(\w+, (\d+\.\d{2}), ("(?:[^"\\]|\\.)*")/;

/** The label of the Pine level at `price`. */
function pineTitle(pine: string, price: string): string {
  const match = scriptLines(pine)
    .map((l) => PINE_LEVEL.exec(l))
    .find((m) => m?.[1] === price);
  if (!match) throw new Error(`no level at ${price} in:\n${pine}`);
  return pineUnquote(match[2] as string);
}

/** A thinkorswim plot line: drawn when its group's input is on and the chart is the ticker's. */
const tosPlot = (name: string, input: string, price: string, label: string): string =>
  `plot ${name} = if ${input} and gwSymbolOk then ${price} else Double.NaN; # ${label}`;

/** Both scripts of the levels, with the checks every script must pass, whatever the labels. */
function renderChecked(levels: KeyLevel[]): { pine: string; tos: string } {
  const pine = renderTradingView('SPY', ASOF, levels);
  const tos = renderThinkorswim('SPY', ASOF, levels);
  const plain = { pine: renderTradingView('SPY', ASOF, PLAIN), tos: renderThinkorswim('SPY', ASOF, PLAIN) };
  // As many lines as with plain labels: no label adds or joins a line.
  expect(scriptLines(pine)).toHaveLength(scriptLines(plain.pine).length);
  expect(scriptLines(tos)).toHaveLength(scriptLines(plain.tos).length);
  expect(scriptProblems(pine, lexPine)).toEqual([]);
  expect(scriptProblems(tos, lexThinkScript)).toEqual([]);
  // Pine: one level call per level; no plot at all; every other line the plain script's.
  expect(plotStatements(pine, lexPine)).toEqual([]);
  const isLevel = (l: string): boolean => PINE_LEVEL.test(l);
  expect(scriptLines(pine).filter(isLevel)).toHaveLength(levels.length);
  expect(scriptLines(pine).filter((l) => !isLevel(l))).toEqual(
    scriptLines(plain.pine).filter((l) => !isLevel(l)),
  );
  // thinkorswim: one plot per level, each named by a plain identifier and set to a price.
  const plots = plotStatements(tos, lexThinkScript);
  expect(plots).toHaveLength(levels.length);
  for (const p of plots) {
    expect(p).toMatch(
      /^plot [A-Za-z_][A-Za-z0-9_]* = if show\w+ and gwSymbolOk then \d+\.\d{2} else Double\.NaN$/,
    );
  }
  // The neighbours' lines are the plain script's.
  for (const [text, plainText] of [
    [pine, plain.pine],
    [tos, plain.tos],
  ] as const) {
    const lines = scriptLines(text);
    for (const l of scriptLines(plainText).filter((x) => /110\.00|100\.00|Spot|CallWall/.test(x))) {
      expect(lines).toContain(l);
    }
  }
  return { pine, tos };
}

describe('a level label in the chart scripts', () => {
  const long = 'x'.repeat(5000);
  it.each([
    // case, label, what the scripts show
    ['plain', 'Gamma flip', 'Gamma flip'],
    ['plain, non-ASCII', '+1σ 1W', '+1σ 1W'],
    ['plain, with quotes', 'Gamma "flip"', 'Gamma "flip"'],
    ['newline + statement', `Gamma flip\n${INJECTED}`, `Gamma flip ${INJECTED}`],
    ['CRLF + statement', `Gamma flip\r\n${INJECTED}`, `Gamma flip ${INJECTED}`],
    ['CR + statement', `Gamma flip\r${INJECTED}`, `Gamma flip ${INJECTED}`],
    ['U+2028 / U+2029', `Gamma\u2028flip\u2029${INJECTED}`, `Gamma flip ${INJECTED}`],
    ['NEL (C1), VT, FF', `Gamma\u0085flip\u000b\u000c${INJECTED}`, `Gamma flip ${INJECTED}`],
    [
      'closing quote + statement',
      `flip", color = color.red)\nhline(1, "x`,
      'flip", color = color.red) hline(1, "x',
    ],
    ['backslashes', 'C:\\levels\\', 'C:\\levels\\'],
    ['a backslash before a quote', 'a\\"b', 'a\\"b'],
    ['tabs', 'Gamma\t\tflip\t', 'Gamma flip'],
    ['NUL, ESC, DEL, CSI', 'Gamma\u0000\u001b[2Jflip\u007f\u009b', 'Gamma [2Jflip'],
    ['text-direction override', 'Gamma \u202eflip', 'Gamma flip'],
    ['lone surrogate', 'Gamma \ud800flip', 'Gamma flip'],
    ['comment marks', '# // /* flip', '# // /* flip'],
    ['emoji', '🚀 Moon wall 🌙', '🚀 Moon wall 🌙'],
    ['only breaks and spaces', '\n \r\n\t ', 'Level'],
    ['empty', '', 'Level'],
    ['very long', long, `${'x'.repeat(LEVEL_LABEL_MAX_CHARS - 1)}…`],
    ['very long emoji (never half a pair)', '🚀'.repeat(500), `${'🚀'.repeat(LEVEL_LABEL_MAX_CHARS - 1)}…`],
  ])('%s: one line, the label shown cleaned', (_case, label, shown) => {
    const { pine, tos } = renderChecked(around(level(label)));
    expect(pineTitle(pine, '95.00')).toBe(`${shown} 95.00`);
    expect(scriptLines(tos)).toContain(tosPlot('GammaFlip', 'showFlip', '95.00', shown));
    // The bubble's string: thinkScript has no escapes, so a quote is a single quote, a backslash a slash.
    const bubble = `"${shown.replace(/"/g, "'").replace(/\\/g, '/')} 95.00"`;
    expect(scriptLines(tos)).toContain(
      `AddChartBubble(showFlip and gwSymbolOk and gwLastBar, 95.00, ${bubble}, Color.ORANGE, yes);`,
    );
  });

  it(`caps a label at ${LEVEL_LABEL_MAX_CHARS} characters (code points), "…" included`, () => {
    expect(LEVEL_LABEL_MAX_CHARS).toBe(64);
    const { pine } = renderChecked(around(level('y'.repeat(LEVEL_LABEL_MAX_CHARS))));
    expect(pineTitle(pine, '95.00')).toBe(`${'y'.repeat(LEVEL_LABEL_MAX_CHARS)} 95.00`);
  });
});

describe('the ticker and the notes in the header', () => {
  it('stay on their comment lines and in their string', () => {
    const ticker = `SPY\n${INJECTED}\u2028"`;
    const notes = [`A note\r\n${INJECTED}`];
    for (const [render, lex] of [
      [renderTradingView, lexPine],
      [renderThinkorswim, lexThinkScript],
    ] as const) {
      const text = render(ticker, ASOF, PLAIN, notes);
      expect(scriptLines(text)).toHaveLength(scriptLines(render('SPY', ASOF, PLAIN, ['A note'])).length);
      expect(scriptProblems(text, lex)).toEqual([]);
      expect(plotStatements(text, lex)).toHaveLength(render === renderThinkorswim ? PLAIN.length : 0);
    }
  });
});

describe('a level id as a thinkScript plot name', () => {
  it.each([
    // case, id, plot name
    ['plain', 'plus_1sigma_1d', 'Plus1sigma1d'],
    ['newline + statement', `gamma\n${INJECTED}`, 'GammaPlotFake9999'],
    ['leading digit', '1sigma', 'Level1sigma'],
    ['nothing usable', '"\n;#', 'Level'],
    ['empty', '', 'Level'],
    ['a keyword', 'plot', 'LevelPlot'],
    ['a keyword, other case', 'DEF', 'LevelDEF'],
    ['a price function', 'close', 'LevelClose'],
    ['an input of the script', 'show_walls', 'LevelShowWalls'],
    ['a definition of the script', 'gw_symbol_ok', 'LevelGwSymbolOk'],
    ['non-ASCII only', 'σ', 'Level'],
    ['very long', 'a'.repeat(5000), `A${'a'.repeat(47)}`],
  ])('%s: a plain identifier', (_case, id, name) => {
    const { tos } = renderChecked(around(level('Gamma flip', id)));
    expect(scriptLines(tos)).toContain(tosPlot(name, 'showFlip', '95.00', 'Gamma flip'));
    expect(scriptLines(tos)).toContain(`${name}.SetDefaultColor(Color.ORANGE);`);
  });

  it('two levels with one name get names of their own', () => {
    const levels: KeyLevel[] = [
      { id: 'spot', label: 'Spot', price: 110, kind: 'spot' },
      { id: 'SPOT', label: 'Spot again', price: 105, kind: 'spot' },
      { id: 'spot_2', label: 'Spot two', price: 100, kind: 'spot' },
    ];
    const tos = renderThinkorswim('SPY', ASOF, levels);
    expect(plotStatements(tos, lexThinkScript)).toEqual([
      'plot Spot = if showSpot and gwSymbolOk then 110.00 else Double.NaN',
      'plot SPOT_2 = if showSpot and gwSymbolOk then 105.00 else Double.NaN',
      'plot Spot2 = if showSpot and gwSymbolOk then 100.00 else Double.NaN',
    ]);
  });
});
