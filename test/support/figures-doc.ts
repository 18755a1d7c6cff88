// docs/figures.md is the label table of src/shared/figure-labels.ts as a page: written from it
// (`node --import tsx test/support/figures-doc.ts`) and checked against it by a unit test, so the
// docs' definitions cannot drift from what the screens show on hover.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FIGURES, type Figure, type FigureUnit } from '../../src/shared/figure-labels.ts';

export const FIGURES_DOC = fileURLToPath(new URL('../../docs/figures.md', import.meta.url));

const UNIT_TEXT: Record<FigureUnit, string> = {
  level: '$ or index points',
  usd: 'USD, compact',
  percent: '%',
  iv: '% (an IV)',
  vol_points: 'vol points',
  rank: '0-100',
  score: 'score',
  ratio: 'ratio',
  number: 'number',
};

const cell = (text: string): string => text.replaceAll('|', '\\|');

export function figuresDoc(): string {
  const figures: [string, Figure][] = Object.entries(FIGURES);
  const rows = figures.map(
    ([key, f]) =>
      `| ${cell(f.name)} | \`${key}\` | ${UNIT_TEXT[f.unit]}, ${f.digits} dp${f.signed ? ', signed' : ''} | ${cell(f.definition)} |`,
  );
  return [
    '# Figures: one name, one unit, one rounding',
    '',
    'Every screen, export and alert message names and rounds a figure as this table says (the source is',
    '`src/shared/figure-labels.ts`; this page is written from it and a test keeps the two equal). Numbers are rounded',
    'once, half away from zero on their decimal value (0.725 → 0.73).',
    '',
    '| Name | Key | Unit, rounding | Definition |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(FIGURES_DOC, figuresDoc());
