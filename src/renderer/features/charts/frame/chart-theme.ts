// Chart colours come from app.css's custom properties, read when a chart is built, so light and
// dark themes both work; a theme switch (the setting or the system's) rebuilds the charts.

export interface ChartPalette {
  text: string;
  muted: string;
  faint: string;
  grid: string;
  surface: string;
  /** Any colour token a series names, e.g. `--pos`. */
  color(token: string): string;
  /** The same colour at an opacity (0-1). */
  alpha(token: string, opacity: number): string;
}

const FALLBACK = '#888888';

/** `#rgb` / `#rrggbb` with an opacity as `rgba()`; other colour syntaxes through `color-mix`. */
export function withAlpha(color: string, opacity: number): string {
  const a = Math.min(1, Math.max(0, opacity));
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const h = hex[1] as string;
    const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
    return `rgba(${r}, ${g}, ${b}, ${a})`;
  }
  return `color-mix(in srgb, ${color.trim()} ${Math.round(a * 100)}%, transparent)`;
}

/** A palette from a custom-property reader (getComputedStyle in the app, a map in tests). */
export function paletteFrom(read: (token: string) => string): ChartPalette {
  const cache = new Map<string, string>();
  const color = (token: string): string => {
    let value = cache.get(token);
    if (value === undefined) {
      value = read(token).trim() || FALLBACK;
      cache.set(token, value);
    }
    return value;
  };
  return {
    text: color('--text'),
    muted: color('--muted'),
    faint: color('--faint'),
    grid: withAlpha(color('--border'), 0.7),
    surface: color('--surface'),
    color,
    alpha: (token, opacity) => withAlpha(color(token), opacity),
  };
}

/** The palette in effect for `element`. */
export function readPalette(element: Element): ChartPalette {
  const style = getComputedStyle(element);
  return paletteFrom((token) => style.getPropertyValue(token));
}

/** Calls `onchange` when the theme changed: the root's data-theme (or class), or the system scheme. */
export function watchTheme(onchange: () => void): () => void {
  const root = document.documentElement;
  const themeOf = () => `${root.dataset['theme'] ?? ''}|${root.className}`;
  let last = themeOf();
  // The app sets data-theme again whenever its settings load, often to the same value: a chart
  // built before then must not be rebuilt for nothing (charts.spec counts builds).
  const observer = new MutationObserver(() => {
    const now = themeOf();
    if (now === last) return;
    last = now;
    onchange();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-theme', 'class'] });
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', onchange);
  return () => {
    observer.disconnect();
    media.removeEventListener('change', onchange);
  };
}
