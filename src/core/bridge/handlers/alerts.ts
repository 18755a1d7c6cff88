// Bridge methods of the alert inbox: the stored alert events with their deliveries, and marking
// them read.
import type { BridgeHandlers } from '../../../shared/bridge/contract.ts';
import type { BridgeApp } from '../bridge-app.ts';
import { listAlerts } from '../../queries/alerts.ts';

export type AlertMethods = 'alerts:list' | 'alerts:markRead';

export type AlertContext = Pick<BridgeApp, 'store'>;

export function alertHandlers({ store }: AlertContext): Pick<BridgeHandlers, AlertMethods> {
  return {
    'alerts:list': async (input) =>
      listAlerts({ events: store.alertEvents, deliveries: store.deliveries }, input),
    'alerts:markRead': async (input) => ({
      updated: 'all' in input ? store.alertEvents.markAllRead() : store.alertEvents.markRead(input.ids),
    }),
  };
}
