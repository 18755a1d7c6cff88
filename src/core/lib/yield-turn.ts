// A turn of the event loop between two steps of long work (a backtest's fill, a chain folder's
// import), so a cancel, a bridge call and progress events get through meanwhile.

/** Lets a cancel (a bridge call) and progress events through between steps of a long fill. */
export const yieldTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
