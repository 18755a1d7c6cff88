// Which data source the store is serving. One database keeps every source's rows (switching from
// the simulator to a folder of real chains, and back, loses nothing), but each row records the
// source it came from and every read sees the active source's rows only: a figure on screen is
// the active source's, or it is not shown. '' is a store used without a source (tests, tools).
export interface SourceScope {
  id: string;
}

export function sourceScope(): SourceScope {
  return { id: '' };
}
