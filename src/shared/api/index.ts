// The API v2 contract: zod schemas of every resource, their types, the schema ids and the
// invariants. Import from here, not from the individual files.
export * from './primitives.ts';
export * from './enums.ts';
export * from './schema-ids.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './series.ts';
export * from './trade-setup.ts';
export * from './trade-setup-blob.ts';
export * from './ticker-state.ts';
export * from './market-structure.ts';
export * from './explain.ts';
export * from './signals.ts';
export * from './curves.ts';
export * from './levels.ts';
export * from './options-volume.ts';
export * from './top-setups.ts';
export * from './income.ts';
export * from './left-out.ts';
export * from './discovery.ts';
export * from './invariants.ts';
export * from './endpoints.ts';
