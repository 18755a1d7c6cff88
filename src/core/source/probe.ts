// `source:test`: tries a data source without switching to it, and says in one sentence what it
// found. Every probe is bounded in time (the Settings page is waiting) and none throws: a failure
// is an answer with ok: false.
import { ApiClient, ApiError } from '../../client/index.ts';
import type { SourceTestResult } from '../../shared/bridge/data-source.ts';
import { linkLocalRefusal, type DataSource } from '../../shared/bridge/settings.ts';
import { probeChainFolder } from '../../service/index.ts';
import { messageOf } from '../../shared/message-of.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { tradierConnector, type TradierConnector } from './connect.ts';
import { sourceFromSettings, type DataSourceOption } from './option.ts';
import { DEFAULT_SIMULATOR_SEED } from '../../shared/simulator-seed.ts';

export const PROBE_TIMEOUT_MS = 10_000;

export interface ProbeDeps {
  dataDir: string;
  secrets: SecretStore;
  env?: NodeJS.ProcessEnv;
  tradier?: TradierConnector;
  timeoutMs?: number;
  /** The candidate as resolved, secrets included, before it is tried (the app's redactor learns them). */
  onResolved?(option: DataSourceOption): void;
}

/** Rejects after `ms` with a readable message, so a hung probe still answers. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function remoteFailure(host: string, error: unknown): SourceTestResult {
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'auth':
        return {
          ok: false,
          message: `${host} refused the API key (${error.status ?? 401}): check the key, or use demo mode`,
          details: [],
        };
      case 'network':
      case 'timeout':
        return { ok: false, message: `Cannot reach ${host}: ${error.message}`, details: [] };
      case 'not_found':
      case 'invalid_response':
        return {
          ok: false,
          message: `${host} answered, but not as an API v2 service: check that the address ends in /api/v2`,
          details: [error.message],
        };
      default:
        return { ok: false, message: `${host} answered with an error: ${error.message}`, details: [] };
    }
  }
  return { ok: false, message: `Cannot reach ${host}: ${messageOf(error)}`, details: [] };
}

async function probeRemote(
  option: Extract<DataSourceOption, { kind: 'remote' }>,
  timeoutMs: number,
): Promise<SourceTestResult> {
  const host = new URL(option.baseUrl).host;
  const apiKey = option.demo ? null : (option.apiKey ?? null);
  const client = new ApiClient({
    baseUrl: option.baseUrl,
    apiKey,
    demo: option.demo ?? !apiKey,
    cache: false,
    timeoutMs,
    retry: { maxAttempts: 1 },
  });
  try {
    const result = await within(timeoutMs + 1000, host, client.access());
    const data = result.body.data;
    const plan = data.tiers.map((t) => t.name).join(', ') || 'no plan named';
    const demo = !apiKey;
    const symbols = data.demo.symbols.length;
    return {
      ok: true,
      message: demo
        ? `Reached ${host} in demo mode: ${symbols} symbols (${data.demo.symbols.join(', ')})`
        : `Reached ${host}: plan ${plan}, ${symbols} demo symbols`,
      details: [],
    };
  } catch (error) {
    return remoteFailure(host, error);
  }
}

export async function testSource(input: DataSource, deps: ProbeDeps): Promise<SourceTestResult> {
  const timeoutMs = Math.min(deps.timeoutMs ?? PROBE_TIMEOUT_MS, PROBE_TIMEOUT_MS);
  // Before anything is resolved or sent: a test must not be the way to reach a metadata service.
  const refusal = input.kind === 'remote' ? linkLocalRefusal(input) : null;
  if (refusal !== null) return { ok: false, message: refusal, details: [] };
  try {
    const option = sourceFromSettings(input, {
      dataDir: deps.dataDir,
      secrets: deps.secrets,
      ...(deps.env ? { env: deps.env } : {}),
    });
    deps.onResolved?.(option);
    switch (option.kind) {
      case 'local':
        return {
          ok: true,
          message: `Simulator ready (seed ${option.seed ?? DEFAULT_SIMULATOR_SEED})`,
          details: [],
        };
      case 'chains': {
        const probe = await within(timeoutMs, 'The chain folder', probeChainFolder(option.dir));
        return { ok: probe.ok, message: probe.message, details: [...probe.details] };
      }
      case 'tradier': {
        if (!option.token)
          return { ok: false, message: 'No Tradier token stored: paste it and save it first', details: [] };
        const connector = deps.tradier ?? tradierConnector;
        const probe = await within(
          timeoutMs + 1000,
          'Tradier',
          connector.probe({
            token: option.token,
            environment: option.environment,
            requestTimeoutMs: timeoutMs,
            ...(option.baseUrl ? { baseUrl: option.baseUrl } : {}),
          }),
        );
        return { ok: probe.ok, message: probe.message, details: [...probe.details] };
      }
      case 'cboe':
        // No request: Cboe is asked only on the collector's polite schedule, never to test.
        return {
          ok: true,
          message:
            "Cboe delayed quotes: no account needed; each watched ticker's chain is fetched at start and every 15 minutes while the market is open (15 min delayed, personal use)",
          details: [`chains kept in ${option.dir}`],
        };
      case 'remote':
        return await probeRemote(option, timeoutMs);
    }
  } catch (error) {
    return { ok: false, message: messageOf(error), details: [] };
  }
}
