// What the app says of the data source in use (App.source): its kind and label, where it is, and
// how its clock runs.
import type { DataSourceKind } from '../../shared/bridge/settings.ts';
import type { ClockMode, Connection } from './connect.ts';

export interface DataSourceInfo {
  /** The data's identity (sourceIdOf). */
  id: string;
  kind: DataSourceKind;
  label: string;
  baseUrl: string;
  simulated: boolean;
  clock: ClockMode;
  /** The source lists its tickers (the local service does): a ticker outside it does not exist. */
  listsUniverse: boolean;
}

export function sourceInfoOf(c: Connection): DataSourceInfo {
  return {
    id: c.id,
    kind: c.kind,
    label: c.label,
    baseUrl: c.baseUrl,
    simulated: c.simulated(),
    clock: c.clockMode,
    listsUniverse: c.listsUniverse,
  };
}
