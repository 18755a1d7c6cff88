// What the gamma badge says. The market-structure card reads the dealers' net gamma at spot (its
// "gamma tone": the sign of net GEX per 1 % move); the spec's `gamma_regime` compares spot with the
// flip and is "unknown" without one. The badge follows the card (the same input), and says so when
// the flip tells a different or no story:
// - no flip: "Long γ · no flip" (net gamma has one sign at every price in range);
// - a flip on the "wrong" side (the curve crosses zero more than once): "Long γ · below flip";
// - no net-gamma figure: the spot-vs-flip regime, as before.
type Num = number | null | undefined;

export interface GammaBadgeInput {
  /** Gamma tone state (`positive`, `strong_negative`, …) or a plain `positive` / `negative`. */
  tone: string | null | undefined;
  spot: Num;
  flip: Num;
  /** The spec's `gamma_regime` (spot vs flip), used when spot or flip is not given. */
  regime?: string | null | undefined;
}

export interface GammaBadgeView {
  tone: 'pos' | 'neg' | 'neutral';
  text: string;
  /** Shape as well as colour, so the regime reads without colour vision. */
  glyph: '▲' | '▼' | '●';
  title: string;
}

const isNum = (v: Num): v is number => typeof v === 'number' && Number.isFinite(v);

/** Spot's side of the flip: `positive` above, `negative` below, `neutral` at it, null unknown. */
function sideOfFlip(input: GammaBadgeInput): 'positive' | 'negative' | 'neutral' | null {
  if (isNum(input.spot) && isNum(input.flip))
    return input.spot > input.flip ? 'positive' : input.spot < input.flip ? 'negative' : 'neutral';
  const r = input.regime;
  return r === 'positive' || r === 'negative' || r === 'neutral' ? r : null;
}

export function gammaBadge(input: GammaBadgeInput): GammaBadgeView | null {
  const tone = input.tone ?? null;
  const side = sideOfFlip(input);
  const hasFlip = isNum(input.flip) || side !== null;
  if (tone && /positive|negative/.test(tone)) {
    const long = tone.includes('positive');
    const heavy = tone.startsWith('strong_') ? 'heavily ' : '';
    const word = long ? 'long' : 'short';
    const base = `Dealers ${heavy}${word} gamma at spot (net gamma per 1 % move is ${long ? 'positive' : 'negative'})`;
    const view = { tone: long ? 'pos' : 'neg', glyph: long ? '▲' : '▼' } as const;
    const text = long ? 'Long γ' : 'Short γ';
    if (!hasFlip)
      return {
        ...view,
        text: `${text} · no flip`,
        title: `${base}. Net gamma is ${long ? 'positive' : 'negative'} at every price in range, so there is no flip.`,
      };
    if (side === 'neutral') return { ...view, text, title: `${base}. Spot is at the flip.` };
    const agrees = (side === 'positive') === long;
    if (agrees) return { ...view, text, title: `${base}. Spot is ${long ? 'above' : 'below'} the flip.` };
    return {
      ...view,
      text: `${text} · ${side === 'positive' ? 'above' : 'below'} flip`,
      title: `${base}, although spot is ${side === 'positive' ? 'above' : 'below'} the flip: net gamma crosses zero more than once in range.`,
    };
  }
  // No net-gamma figure: the spot-vs-flip regime alone.
  if (side === 'positive')
    return {
      tone: 'pos',
      glyph: '▲',
      text: 'Long γ',
      title: 'Spot is above the gamma flip: dealers long gamma.',
    };
  if (side === 'negative')
    return {
      tone: 'neg',
      glyph: '▼',
      text: 'Short γ',
      title: 'Spot is below the gamma flip: dealers short gamma.',
    };
  if (side === 'neutral')
    return { tone: 'neutral', glyph: '●', text: 'At flip', title: 'Spot is at the gamma flip.' };
  if (input.regime === 'unknown')
    return {
      tone: 'neutral',
      glyph: '●',
      text: 'n/a',
      title: 'Gamma regime unknown: neither a flip nor a net gamma figure is available.',
    };
  return null;
}
