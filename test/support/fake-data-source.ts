// The fake bridge's data sources: what `source:test` answers, how each source is described in
// `app:info` (label, header badge, problems), and the two secrets. A chain folder is really
// looked at (it exists, holds chain files, their as-of times), so the UI's tests meet the same
// failures a user would: "/missing" is not there, an empty folder has nothing to serve. Tradier
// and remote services are not contacted: a token beginning "bad" is refused as a 401 would be,
// and a service on port 9 or a *.invalid host cannot be reached.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AppInfo } from '../../src/shared/bridge/app-info.ts';
import {
  SECRET_NAMES,
  type SecretName,
  type SecretsStatus,
  type SourceTestResult,
} from '../../src/shared/bridge/data-source.ts';
import type { DataSource } from '../../src/shared/bridge/settings.ts';

export type SourceDescription = Pick<AppInfo, 'dataSource' | 'simulated' | 'clock'>;

interface ChainFile {
  name: string;
  ticker: string;
  /** The chain's own as-of, from its header (Cboe: "Date: August 20, 2023 at 10:38 PM EDT"). */
  asof: Date | null;
  /** The underlying's last price from the header ("Last: 218.8"). */
  last: number | null;
}

const CHAIN_FILE = /\.(csv|json)$/i;
const CBOE_DATE = /Date: ([A-Z][a-z]+ \d{1,2}, \d{4}) at (\d{1,2}):(\d{2}) ([AP]M) (E[DS]T)/;
const ET = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export class FakeDataSources {
  private readonly secrets = Object.fromEntries(SECRET_NAMES.map((name) => [name, null])) as Record<
    SecretName,
    string | null
  >;

  secretsStatus(): SecretsStatus {
    const status = (value: string | null) => ({
      set: value !== null,
      hint: value ? `…${value.slice(-4)}` : null,
    });
    return Object.fromEntries(
      SECRET_NAMES.map((name) => [name, status(this.secrets[name])]),
    ) as SecretsStatus;
  }

  /** Whether a secret is stored (the fake `notify:test` needs the channel's ones). */
  hasSecret(name: SecretName): boolean {
    return this.secrets[name] !== null;
  }

  setSecret(name: SecretName, value: string | null): SecretsStatus {
    this.secrets[name] = value;
    return this.secretsStatus();
  }

  /** Tries a source as the core would, without switching to it. */
  test(source: DataSource): SourceTestResult {
    switch (source.kind) {
      case 'local':
        return { ok: true, message: `The simulator is ready (seed ${source.seed}).`, details: [] };
      case 'chains':
        return this.testFolder(source.dir);
      case 'tradier':
        return this.testTradier(source);
      case 'remote':
        return this.testRemote(source);
    }
  }

  /** What app:info says about a source the app runs on. */
  describe(source: DataSource): SourceDescription {
    switch (source.kind) {
      case 'local':
        return {
          dataSource: {
            kind: 'local',
            label: 'Fake market (tests)',
            baseUrl: null,
            badge: 'SIMULATED DATA',
            problems: [],
            problemCount: 0,
          },
          simulated: true,
          clock: source.clock,
        };
      case 'chains': {
        const files = chainFiles(source.dir);
        const newest = newestAsof(files);
        const refused = files
          .filter((f) => !f.asof)
          .map((f) => `${f.name}: no as-of time in its header; skipped`);
        return {
          dataSource: {
            kind: 'chains',
            label: `Chain folder (${source.dir})`,
            baseUrl: null,
            badge: newest ? `Chain files as of ${formatEt(newest)}` : 'Chain files (none yet)',
            problems: refused,
            problemCount: refused.length,
          },
          simulated: false,
          clock: source.clock,
        };
      }
      case 'tradier':
        return {
          dataSource: {
            kind: 'tradier',
            label: `Tradier ${source.environment}`,
            baseUrl: tradierOrigin(source.environment),
            badge: source.environment === 'sandbox' ? 'Tradier · 15 min delayed' : 'Tradier · real time',
            problems: [],
            problemCount: 0,
          },
          simulated: false,
          clock: 'real',
        };
      case 'remote': {
        const host = new URL(source.baseUrl).host;
        return {
          dataSource: {
            kind: 'remote',
            label: host,
            baseUrl: source.baseUrl,
            badge: host,
            problems: [],
            problemCount: 0,
          },
          simulated: false,
          clock: 'real',
        };
      }
    }
  }

  /** The spot price and as-of of `ticker`'s newest chain file in `dir`, if there is one. */
  chainQuote(dir: string, ticker: string): { price: number; asof: string } | null {
    const file = chainFiles(dir)
      .filter((f) => f.ticker === ticker && f.asof && f.last !== null)
      .sort((a, b) => (b.asof?.getTime() ?? 0) - (a.asof?.getTime() ?? 0))[0];
    return file?.asof && file.last !== null ? { price: file.last, asof: file.asof.toISOString() } : null;
  }

  private testFolder(dir: string): SourceTestResult {
    if (!existsSync(dir)) return { ok: false, message: `No folder at ${dir}.`, details: [] };
    if (!statSync(dir).isDirectory())
      return { ok: false, message: `${dir} is a file, not a folder.`, details: [] };
    const files = chainFiles(dir);
    if (files.length === 0) {
      return {
        ok: false,
        message: `No chain files in ${dir}: download a quotedata.csv from Cboe’s delayed quotes page into it.`,
        details: [],
      };
    }
    const tickers = [...new Set(files.filter((f) => f.asof).map((f) => f.ticker))].sort();
    const newest = newestAsof(files);
    const history = existsSync(join(dir, 'history'))
      ? readdirSync(join(dir, 'history')).filter((n) => /\.csv$/i.test(n))
      : [];
    return {
      ok: true,
      message:
        `${files.length} chain file${files.length === 1 ? '' : 's'}, ${tickers.length} ticker` +
        `${tickers.length === 1 ? '' : 's'} (${tickers.join(', ')})` +
        (newest ? `, newest as of ${formatEt(newest)}.` : '.'),
      details: [
        ...history.map((n) => `history/${n}: daily closes`),
        ...files.filter((f) => !f.asof).map((f) => `${f.name}: no as-of time in its header; skipped`),
      ],
    };
  }

  private testTradier(source: Extract<DataSource, { kind: 'tradier' }>): SourceTestResult {
    const token = this.secrets.tradierToken;
    if (!token)
      return { ok: false, message: 'No Tradier token stored: paste it and choose Save token.', details: [] };
    if (token.startsWith('bad')) {
      return {
        ok: false,
        message: 'Tradier rejected the token (401 Unauthorized).',
        details: [
          'Check that it was copied whole and that it belongs to this environment (sandbox or production).',
        ],
      };
    }
    return {
      ok: true,
      message: `Tradier ${source.environment} accepted the token: ${source.tickers.join(', ')} quoted.`,
      details: source.environment === 'sandbox' ? ['Sandbox quotes are delayed 15 minutes.'] : [],
    };
  }

  private testRemote(source: Extract<DataSource, { kind: 'remote' }>): SourceTestResult {
    const url = new URL(source.baseUrl);
    if (url.port === '9' || url.hostname.endsWith('.invalid')) {
      return { ok: false, message: `Cannot reach ${url.host}: connection refused.`, details: [] };
    }
    if (!source.demo && !this.secrets.remoteApiKey && !source.apiKeyRef) {
      return {
        ok: false,
        message: `${url.host} asks for an API key (401): save one, or turn on demo mode.`,
        details: [],
      };
    }
    return { ok: true, message: `${url.host} answered: Market-Structure API v2.`, details: [] };
  }
}

export function tradierOrigin(environment: 'production' | 'sandbox'): string {
  return environment === 'sandbox' ? 'https://sandbox.tradier.com' : 'https://api.tradier.com';
}

function chainFiles(dir: string): ChainFile[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && CHAIN_FILE.test(e.name))
    .map((e) => {
      const head = readFileSync(join(dir, e.name), 'utf8').slice(0, 400);
      const last = /Last: ([\d.]+)/.exec(head)?.[1];
      return {
        name: e.name,
        ticker: (e.name.split(/[_.]/)[0] ?? e.name).toUpperCase(),
        asof: asofOf(head),
        last: last === undefined ? null : Number(last),
      };
    });
}

function asofOf(head: string): Date | null {
  const m = CBOE_DATE.exec(head);
  if (!m) return null;
  const [, day = '', h = '0', min = '0', ampm = 'AM', zone = 'EST'] = m;
  const hour = (Number(h) % 12) + (ampm === 'PM' ? 12 : 0);
  const date = new Date(`${day} 00:00:00 UTC`);
  // New York wall time to UTC: EDT is four hours behind, EST five.
  date.setUTCHours(hour + (zone === 'EDT' ? 4 : 5), Number(min));
  return Number.isNaN(date.getTime()) ? null : date;
}

function newestAsof(files: ChainFile[]): Date | null {
  const times = files.flatMap((f) => (f.asof ? [f.asof.getTime()] : []));
  return times.length ? new Date(Math.max(...times)) : null;
}

/** "Aug 20 22:38 ET": the instant in New York time. */
function formatEt(d: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    ET.formatToParts(d).find((p) => p.type === type)?.value;
  return `${part('month')} ${part('day')} ${part('hour')}:${part('minute')} ET`;
}
