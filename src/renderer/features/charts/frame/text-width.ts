// Text widths by font and text: axis sizing and marker labels ask on every redraw, and the texts
// repeat, while measureText is not free.
const byFont = new Map<string, Map<string, number>>();

export function textWidth(ctx: CanvasRenderingContext2D, font: string, text: string): number {
  let widths = byFont.get(font);
  if (!widths) {
    widths = new Map();
    byFont.set(font, widths);
  }
  let width = widths.get(text);
  if (width === undefined) {
    const previous = ctx.font;
    ctx.font = font;
    width = ctx.measureText(text).width;
    ctx.font = previous;
    // Bounded: a long session sees many different tick values.
    if (widths.size > 2000) widths.clear();
    widths.set(text, width);
  }
  return width;
}
