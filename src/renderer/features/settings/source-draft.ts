// The Data source form's logic, kept out of the component so it can be tested as tables: one
// draft holding every kind's fields at once (switching the choice back and forth loses nothing the
// user typed), the draft turned into the settings section, and the shared schema's verdict as one
// message per field.
import {
  dataSourceSchema,
  defaultSettings,
  type ClockMode,
  type DataSource,
  type DataSourceKind,
  type FolderClock,
  type TradierEnvironment,
} from '../../../shared/bridge/settings.ts';

export interface SourceDraft {
  kind: DataSourceKind;
  /** Text fields hold what was typed; the schema decides what it means. */
  local: { seed: string; clock: ClockMode };
  chains: { dir: string; clock: FolderClock };
  tradier: { environment: TradierEnvironment; tickers: string; dir: string };
  /** Cboe fetches the watched tickers: only the folder is chosen. */
  cboe: { dir: string };
  /** apiKeyRef is not edited here (the key itself goes to secrets:set); it is kept as saved. */
  remote: { baseUrl: string; demo: boolean; apiKeyRef: string | null; confirmLinkLocal: boolean };
}

/** The fields the form shows, by kind; an error is shown under the field of the same name. */
export type DraftField =
  'seed' | 'clock' | 'dir' | 'tickers' | 'environment' | 'baseUrl' | 'demo' | 'confirmLinkLocal';
export type FieldErrors = Partial<Record<DraftField, string>>;

export type DraftCheck = { ok: true; source: DataSource } | { ok: false; errors: FieldErrors };

const FIELDS: readonly DraftField[] = [
  'seed',
  'clock',
  'dir',
  'tickers',
  'environment',
  'baseUrl',
  'demo',
  'confirmLinkLocal',
];

/** A draft showing `source`, with sensible starting values for the kinds not in use. */
export function draftOf(source: DataSource): SourceDraft {
  const fallback = defaultSettings.dataSource.kind === 'local' ? defaultSettings.dataSource : null;
  const draft: SourceDraft = {
    kind: source.kind,
    local: { seed: String(fallback?.seed ?? 42), clock: fallback?.clock ?? 'real' },
    chains: { dir: '', clock: 'data' },
    tradier: { environment: 'sandbox', tickers: '', dir: '' },
    cboe: { dir: '' },
    remote: { baseUrl: '', demo: false, apiKeyRef: null, confirmLinkLocal: false },
  };
  switch (source.kind) {
    case 'local':
      draft.local = { seed: String(source.seed), clock: source.clock };
      break;
    case 'chains':
      draft.chains = { dir: source.dir, clock: source.clock };
      break;
    case 'tradier':
      draft.tradier = {
        environment: source.environment,
        tickers: source.tickers.join(', '),
        dir: source.dir ?? '',
      };
      break;
    case 'cboe':
      draft.cboe = { dir: source.dir ?? '' };
      break;
    case 'remote':
      draft.remote = {
        baseUrl: source.baseUrl,
        demo: source.demo,
        apiKeyRef: source.apiKeyRef ?? null,
        confirmLinkLocal: source.confirmLinkLocal === true,
      };
      break;
  }
  return draft;
}

/**
 * "tsla, spy qqq" → ["TSLA", "SPY", "QQQ"]: commas, semicolons or any white space separate;
 * upper-cased; a repeated ticker counts once. Whether each is a valid ticker is the schema's call.
 */
export function parseTickers(text: string): string[] {
  const seen: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const ticker = part.trim().toUpperCase();
    if (ticker && !seen.includes(ticker)) seen.push(ticker);
  }
  return seen;
}

/** A whole number as typed ("42", " 7 "); anything else stays text, for the schema to refuse. */
function seedOf(text: string): number | string {
  return /^\s*\d{1,10}\s*$/.test(text) ? Number(text) : text;
}

/** The settings section the draft stands for (unchecked: see checkDraft). */
export function sectionOf(draft: SourceDraft): unknown {
  switch (draft.kind) {
    case 'local':
      return { kind: 'local', seed: seedOf(draft.local.seed), clock: draft.local.clock };
    case 'chains':
      return { kind: 'chains', dir: draft.chains.dir, clock: draft.chains.clock };
    case 'tradier': {
      const dir = draft.tradier.dir.trim();
      return {
        kind: 'tradier',
        environment: draft.tradier.environment,
        tickers: parseTickers(draft.tradier.tickers),
        dir: dir === '' ? null : dir,
      };
    }
    case 'cboe': {
      const dir = draft.cboe.dir.trim();
      return { kind: 'cboe', dir: dir === '' ? null : dir };
    }
    case 'remote':
      return {
        kind: 'remote',
        baseUrl: draft.remote.baseUrl.trim(),
        demo: draft.remote.demo,
        ...(draft.remote.apiKeyRef ? { apiKeyRef: draft.remote.apiKeyRef } : {}),
        // Only when ticked: an unticked box is the same setting as before the box existed.
        ...(draft.remote.confirmLinkLocal ? { confirmLinkLocal: true } : {}),
      };
  }
}

/** Messages a trader can act on, where zod's own would name types. */
function messageFor(field: DraftField, code: string, message: string, ticker?: string): string {
  if (field === 'seed') return 'a whole number from 0 to 2147483647';
  if (field === 'tickers' && ticker !== undefined) return `${ticker}: ${message}`;
  if (field === 'baseUrl' && code === 'invalid_type') return 'an http:// or https:// address';
  return message;
}

/** The draft checked with the shared schema: the section to save, or one message per field. */
export function checkDraft(draft: SourceDraft): DraftCheck {
  const section = sectionOf(draft);
  const parsed = dataSourceSchema.safeParse(section);
  if (parsed.success) return { ok: true, source: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const head = issue.path[0];
    const field = FIELDS.find((f) => f === head);
    if (!field || errors[field]) continue;
    const index = issue.path[1];
    const tickers = draft.kind === 'tradier' ? parseTickers(draft.tradier.tickers) : [];
    const ticker = field === 'tickers' && typeof index === 'number' ? tickers[index] : undefined;
    errors[field] = messageFor(field, issue.code, issue.message, ticker);
  }
  return { ok: false, errors };
}

/** Human names of the kinds, as the choice shows them. */
export const SOURCE_CHOICES: readonly { kind: DataSourceKind; title: string; blurb: string }[] = [
  {
    kind: 'local',
    title: 'Simulator (no account needed)',
    blurb: 'A built-in simulated market: realistic, not real. Works offline.',
  },
  {
    kind: 'chains',
    title: 'Chain folder (Cboe files you download)',
    blurb: 'Real option chains from files in a folder; new files are picked up as they arrive.',
  },
  {
    kind: 'tradier',
    title: 'Tradier (your token)',
    blurb: 'Quotes and chains from Tradier with your API token; each fetch is kept as a chain file.',
  },
  {
    kind: 'cboe',
    title: 'Cboe delayed quotes, 15 min, no account',
    blurb:
      "Cboe's free delayed quotes for what your watchlists hold, every 15 minutes while the market is open; for personal use. Each fetch is kept as a chain file.",
  },
  {
    kind: 'remote',
    title: 'Remote API v2',
    blurb: 'Another Gammawatch service or any Market-Structure API v2 server.',
  },
];
