// A chart script of the simulator's levels says so: its first comment line (after Pine's version
// line) and every label it draws. A script of market data has neither, and both stay scripts the
// platforms read (every line lexes, one hline or plot per level).
import { describe, expect, it } from 'vitest';
import type { KeyLevel } from '../../../../src/shared/api/levels.ts';
import {
  renderThinkorswim,
  renderTradingView,
  SIMULATED_SCRIPT_NOTE,
} from '../../../../src/shared/api/levels-render.ts';
import {
  lexPine,
  lexThinkScript,
  plotStatements,
  scriptLines,
  scriptProblems,
} from '../../../support/script-check.ts';

const ASOF = '2025-03-14T20:00:00.000Z';
const LEVELS: KeyLevel[] = [
  { id: 'call_wall', label: 'Call wall', price: 610, kind: 'call_wall' },
  { id: 'gamma_flip', label: 'Gamma flip', price: 600.1, kind: 'gamma_flip' },
];

const pine = (simulated: boolean) => renderTradingView('SPY', ASOF, LEVELS, [], { simulated });
const tos = (simulated: boolean) => renderThinkorswim('SPY', ASOF, LEVELS, [], { simulated });

describe('a levels script from the simulator', () => {
  it.each([
    ['Pine, simulated', () => pine(true), 1, `// ${SIMULATED_SCRIPT_NOTE}`],
    ['thinkorswim, simulated', () => tos(true), 0, `# ${SIMULATED_SCRIPT_NOTE}`],
  ])('%s: the note is the first comment line', (_name, render, index, line) => {
    expect(scriptLines(render())[index]).toBe(line);
    expect(SIMULATED_SCRIPT_NOTE).toMatch(/^Simulated data \(Gammawatch's built-in market simulator\)/);
  });

  it.each([
    ['Pine', pine, '//@version=5'],
    ['thinkorswim', tos, '# Gammawatch key levels for SPY'],
  ])('%s of market data: no note, no mark, the script as before', (_name, render, first) => {
    const text = render(false);
    expect(text).not.toMatch(/simulat/i);
    expect(scriptLines(text)[0]?.startsWith(first)).toBe(true);
    // Without the option, the same script.
    expect(render(false)).toBe(
      render === pine ? renderTradingView('SPY', ASOF, LEVELS) : renderThinkorswim('SPY', ASOF, LEVELS),
    );
  });

  it.each([
    [
      'Pine',
      pine,
      lexPine,
      [
        'indicator("Gammawatch SPY levels (simulated)", overlay = true, max_lines_count = 500, max_labels_count = 500)',
        '        gwLevel(showWalls, 610.00, "Call wall 610.00 (simulated)", color.green, line.style_dashed)',
        '        gwLevel(showFlip, 600.10, "Gamma flip 600.10 (simulated)", color.orange, line.style_solid)',
      ],
    ],
    [
      'thinkorswim',
      tos,
      lexThinkScript,
      [
        'plot CallWall = if showWalls and gwSymbolOk then 610.00 else Double.NaN; # Call wall (simulated)',
        'AddChartBubble(showWalls and gwSymbolOk and gwLastBar, 610.00, "Call wall 610.00 (simulated)", Color.GREEN, yes);',
        'plot GammaFlip = if showFlip and gwSymbolOk then 600.10 else Double.NaN; # Gamma flip (simulated)',
        'AddChartBubble(showFlip and gwSymbolOk and gwLastBar, 600.10, "Gamma flip 600.10 (simulated)", Color.ORANGE, yes);',
      ],
    ],
  ] as const)(
    '%s: every label carries the mark, and the script still lexes',
    (_name, render, lex, marked) => {
      const text = render(true);
      for (const line of marked) expect(scriptLines(text)).toContain(line);
      expect(scriptProblems(text, lex)).toEqual([]);
      expect(plotStatements(text, lex)).toEqual(plotStatements(render(false), lex));
      // One line more than the same script of market data: the note.
      expect(scriptLines(text)).toHaveLength(scriptLines(render(false)).length + 1);
    },
  );
});
