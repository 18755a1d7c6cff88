// Preload: will expose exactly the bridge contract (src/shared/bridge.ts) and nothing else.
export {};
