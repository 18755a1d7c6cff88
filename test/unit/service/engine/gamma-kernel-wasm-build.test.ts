// The committed WebAssembly bytes are what gamma-kernel.wat assembles to: editing the source without
// `npm run build:wasm` (or the bytes by hand) fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assembleGammaKernel, renderWasmModule } from '../../../../src/service/engine/wasm/assemble.ts';
import { GAMMA_KERNEL_WASM } from '../../../../src/service/engine/wasm/gamma-kernel.wasm.ts';
import { webAssembly } from '../../../../src/service/engine/wasm/web-assembly.ts';

const source = new URL('../../../../src/service/engine/wasm/gamma-kernel.wat', import.meta.url);
const generated = new URL('../../../../src/service/engine/wasm/gamma-kernel.wasm.ts', import.meta.url);

describe('gamma-kernel.wasm.ts', () => {
  it('holds the bytes gamma-kernel.wat assembles to', () => {
    const bytes = assembleGammaKernel();
    expect(Buffer.from(GAMMA_KERNEL_WASM, 'base64').equals(Buffer.from(bytes))).toBe(true);
    expect(readFileSync(generated, 'utf8')).toBe(renderWasmModule(bytes));
  });

  it('is a module with SIMD the runtime validates, exporting its memory, the build, ln, the sum and the profile', () => {
    const WebAssembly = webAssembly();
    const module = new WebAssembly.Module(Buffer.from(GAMMA_KERNEL_WASM, 'base64'));
    expect(
      WebAssembly.Module.exports(module)
        .map((e) => `${e.kind} ${e.name}`)
        .sort(),
    ).toEqual(['function build', 'function ln', 'function profile', 'function sum', 'memory memory']);
  });

  it('refuses a source that does not validate, with a message', () => {
    const broken = readFileSync(source, 'utf8').replace('(f64x2.splat (local.get $lnS))', '(local.get $lnS)');
    expect(() => assembleGammaKernel(broken)).toThrow();
  });
});
