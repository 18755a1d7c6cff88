import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIGURES_DOC, figuresDoc } from '../../support/figures-doc.ts';

describe('docs/figures.md', () => {
  it('is the label table as the screens use it (rewrite: node --import tsx test/support/figures-doc.ts)', () => {
    expect(readFileSync(FIGURES_DOC, 'utf8')).toBe(figuresDoc());
  });
});
