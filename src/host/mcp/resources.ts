// What an assistant should read before it calls anything: the API's own manifest (/llm-spec,
// from the active source) and the app's conventions (signs, units, buckets, walls), the latter
// written from src/shared/figure-labels.ts, the table docs/figures.md is also written from, so
// the assistant reads the definitions the screens show on hover.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { FIGURES, type Figure, type FigureUnit } from '../../shared/figure-labels.ts';
import { run, type ToolContext } from './tool-result.ts';

export const LLM_SPEC_URI = 'gammawatch://llm-spec';
export const CONVENTIONS_URI = 'gammawatch://conventions';

const UNIT_TEXT: Record<FigureUnit, string> = {
  level: '$ or index points',
  usd: 'USD',
  percent: 'percent units (1.78 means 1.78%)',
  iv: 'decimal in payloads (0.1304 = 13.04%)',
  vol_points: 'vol points',
  rank: '0-100',
  score: 'score',
  ratio: 'ratio',
  number: 'number',
};

const CONVENTIONS = `# Gammawatch conventions

- GEX is in USD of stock dealers trade per 1% move of the underlying: gamma × OI × 100 × spot² × 0.01 per
  contract; calls count positive, puts negative (dealers assumed long calls, short puts).
- Gamma flip: the spot where total GEX changes sign (re-priced over ±20% of spot); null with a reason when
  there is none. Above it dealers are long gamma (they damp moves), below it short gamma (they amplify them).
- dist_to_gex_flip_pct = (flip − spot) / spot × 100: positive when the flip is above spot.
- Call wall: strike with the largest call GEX at or above spot; put wall: largest put GEX at or below spot.
- Expected 1σ moves from ATM IV: spot × iv × √(days/252) for 1, 5 and 21 days.
- Expiration buckets: combined (every expiration), nearest, first_weekly, first_monthly (the first standard
  monthly), all_other_expiries (gamma by expiration only).
- Field names of the API keep its units: \`_pct\` is in percent units, \`_usd\` in USD, IV fields are decimals,
  iv_rank is 0-100, scores are 0-10. Times are ISO-8601; \`asof\` is the market instant a payload describes.
- Stored history belongs to the active data source (simulator, chain folder, Tradier, remote API); simulated
  data is labelled so. Forward returns of backtests are close to close, in percent.
`;

export function conventionsText(): string {
  const rows = Object.entries(FIGURES as Record<string, Figure>).map(
    ([key, f]) =>
      `| \`${key}\` | ${f.name} | ${UNIT_TEXT[f.unit]}${f.signed ? ', signed' : ''} | ${f.definition.replaceAll('|', '\\|')} |`,
  );
  return [
    CONVENTIONS,
    '## Figures',
    '',
    '| Key | Name | Unit | Definition |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

export function registerResources(server: McpServer, ctx: ToolContext): void {
  server.registerResource(
    'llm-spec',
    LLM_SPEC_URI,
    {
      title: 'API capability manifest',
      description:
        "The API's /llm-spec from the active data source: endpoints, metrics, enumerations. Read first.",
      mimeType: 'application/json',
    },
    async (uri) => {
      // Through `run` so a failing source answers a readable error text and secrets are scrubbed.
      const result = await run(ctx, async () => (await ctx.app.client.llmSpec()).body);
      const first = result.content[0];
      const text = first?.type === 'text' ? first.text : '{}';
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
    },
  );
  server.registerResource(
    'conventions',
    CONVENTIONS_URI,
    {
      title: 'Signs, units, buckets and walls',
      description:
        "How Gammawatch's figures are signed, scaled and named. Read before interpreting any number.",
      mimeType: 'text/markdown',
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: conventionsText() }] }),
  );
}
