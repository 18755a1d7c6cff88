// A screener's track record: which tickers entered it over the window and what price did next.
// It is the backtest of a `screener_enter` rule over every ticker, with no cooldown (every entry
// counts). A preset replays its stored (or backfilled) answers; a saved screener without
// overrides is its preset; one with overrides is replayed as the Rankings view shows it, the
// preset and overrides applied to each stored top-setups universe.
import { valueText } from '../../shared/alert-labels.ts';
import { alertRuleInputSchema, type AlertRuleBody } from '../../shared/alert-rules.ts';
import type { ScreenerPreset } from '../../shared/api/index.ts';
import type { BacktestWindow } from '../../shared/bridge/backtest.ts';
import { BridgeFailure } from '../../shared/bridge/result.ts';
import type { ScreenerOverrides } from '../../shared/bridge/rankings.ts';
import { parseTopSetupsQuery, type TopSetupsQuery } from '../../shared/rankings/top-setups-query.ts';
import { screenerQuery } from '../queries/ranking-lists.ts';
import type { Store } from '../store/database.ts';
import type { BacktestRequest } from './run.ts';
import { messageOf } from '../../shared/message-of.ts';

export type TrackRecordScreener =
  { kind: 'preset'; preset: ScreenerPreset } | { kind: 'saved'; viewId: number };

function entryRule(name: string, preset: ScreenerPreset): BacktestRequest['rule'] {
  return alertRuleInputSchema.parse({
    name,
    condition: { kind: 'screener_enter', screener: preset },
    scope: { kind: 'all' },
    cooldownMinutes: 0,
  });
}

function overridden(overrides: ScreenerOverrides | undefined): boolean {
  return Object.values(overrides ?? {}).some((v) => v !== undefined);
}

/** The backtest request of a screener's track record. */
export function trackRecordRequest(
  store: Store<AlertRuleBody>,
  input: { runId: string; screener: TrackRecordScreener; window: BacktestWindow },
): BacktestRequest {
  const { runId, window, screener } = input;
  if (screener.kind === 'preset')
    return { runId, window, rule: entryRule(`Entered ${valueText(screener.preset)}`, screener.preset) };
  const view = store.savedViews.get(screener.viewId);
  if (!view) throw new BridgeFailure('not_found', `No saved screener ${screener.viewId}`);
  if (view.kind !== 'screener')
    throw new BridgeFailure('invalid_input', `"${view.name}" is a Top setups view, not a screener`);
  const rule = entryRule(`Entered ${view.name}`.slice(0, 80), view.preset);
  if (!overridden(view.overrides)) return { runId, window, rule };
  let query: TopSetupsQuery;
  try {
    query = parseTopSetupsQuery(screenerQuery(view.preset, view.overrides));
  } catch (error) {
    throw new BridgeFailure(
      'invalid_input',
      `The saved screener "${view.name}" cannot be replayed: ${messageOf(error)}`,
    );
  }
  return { runId, window, rule, screenerQuery: query };
}
