// The two IPC channels between the preload and the main process. The bridge contract's method and
// event names travel inside them, so there is no second list of channel names to keep in step.
export const INVOKE_CHANNEL = 'gammawatch:invoke';
export const EVENT_CHANNEL = 'gammawatch:event';
