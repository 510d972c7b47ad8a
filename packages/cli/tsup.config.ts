import { defineConfig } from 'tsup'

// The CLI is run, never imported: one ESM entry, no declarations. Commands that only some runs need
// are imported lazily, so tsup splits them into chunks and `session-library health` loads none of them.
export default defineConfig({
  entry: ['src/bin.ts'],
  format: ['esm'],
  clean: true,
  sourcemap: true,
  target: 'es2022',
  splitting: true,
})
