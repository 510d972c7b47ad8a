import { defineConfig, type Options } from 'tsup'

// Every package builds the same way: ESM + CJS with declarations for both.
export function packageConfig(options: Options = {}) {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    // tsup's declaration build sets baseUrl, which TypeScript 6 deprecates.
    dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
    clean: true,
    sourcemap: true,
    target: 'es2022',
    ...options,
  })
}
