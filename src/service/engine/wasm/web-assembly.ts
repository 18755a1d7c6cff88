// The part of the WebAssembly JavaScript API the engine uses. Node has WebAssembly as a global,
// but TypeScript declares it only in its DOM library, which main-process code does not get
// (tsconfig.node.json): these types say what is used, and webAssembly() where it comes from.

export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  /** Grows by whole 64 KiB pages; returns the previous size in pages. */
  grow(deltaPages: number): number;
}

/** A compiled module (opaque here: it is only instantiated or inspected). */
export type WasmModule = object;

export interface WasmExportDescriptor {
  kind: 'function' | 'global' | 'memory' | 'table' | 'tag';
  name: string;
}

export interface WebAssemblyApi {
  validate(bytes: Uint8Array): boolean;
  Module: {
    new (bytes: Uint8Array): WasmModule;
    exports(module: WasmModule): WasmExportDescriptor[];
  };
  Instance: new (
    module: WasmModule,
    imports: Record<string, never>,
  ) => { readonly exports: Record<string, unknown> };
  /** Only for `instanceof`: the engine takes the memory its module exports. */
  Memory: abstract new (...args: never[]) => WasmMemory;
}

/** The runtime's WebAssembly global. */
export function webAssembly(): WebAssemblyApi {
  return (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;
}
