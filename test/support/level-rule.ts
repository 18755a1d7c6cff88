// A rule that fires on every cross of a fixed price by one ticker's spot, whatever the direction, on
// the first snapshot past it (no buffer, no cooldown): what the tests and benchmarks of alerts on
// chain files use to make each file that crosses raise exactly one alert.
export function crossRule(ticker: string, price: number) {
  return {
    condition: {
      kind: 'level_cross' as const,
      level: 'custom' as const,
      price,
      direction: 'any' as const,
      buffer: { pct: 0, snapshots: 1 },
    },
    scope: { kind: 'ticker' as const, ticker },
    cooldownMinutes: 0,
  };
}
