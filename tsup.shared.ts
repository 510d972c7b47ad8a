import { defineConfig, type Options } from 'tsup'

// tsup's declaration build sets baseUrl, which TypeScript 6 deprecates.
const dtsCompilerOptions = { ignoreDeprecations: '6.0' }

// Every package builds the same way: ESM + CJS with declarations for both.
export function packageConfig({ dts, ...options }: Omit<Options, 'dts'> & { dts?: { entry?: string[] } } = {}) {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: { ...dts, compilerOptions: dtsCompilerOptions },
    clean: true,
    sourcemap: true,
    target: 'es2022',
    ...options,
  })
}
