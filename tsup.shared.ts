import { defineConfig, type Options } from 'tsup'

// tsup's declaration build sets baseUrl, which TypeScript 6 deprecates.
const dtsCompilerOptions = { ignoreDeprecations: '6.0' }

// Every package builds the same way: ESM + CJS with declarations for both. No source maps: the
// output is not minified (one readable file per entry, original names), so a stack trace into
// `dist` already reads like the source, while the maps were two thirds of the tarballs' size.
export function packageConfig({ dts, ...options }: Omit<Options, 'dts'> & { dts?: { entry?: string[] } } = {}) {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: { ...dts, compilerOptions: dtsCompilerOptions },
    clean: true,
    sourcemap: false,
    target: 'es2022',
    ...options,
  })
}
