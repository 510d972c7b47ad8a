import { defineConfig } from 'tsup'

// The CLI is run, never imported: one ESM entry, no declarations. Everything it imports (the SDK, the
// contract, zod, ky) is bundled and minified: Node then loads a few files instead of ~150 modules,
// which is most of a run's start-up. What only some commands need is imported lazily and lands in
// chunks of its own, so that `session-library health` loads none of it. jq-wasm (jq compiled to
// WebAssembly, for --jq) is a dependency as published: its loader finds its own files.
export default defineConfig({
  entry: ['src/bin.ts'],
  format: ['esm'],
  clean: true,
  sourcemap: true,
  target: 'node22',
  platform: 'node',
  splitting: true,
  minify: true,
  noExternal: [/^(?!jq-wasm$)/],
  // Read by scripts/third-party-licenses.mjs, which lists the bundled packages with their licences.
  metafile: true,
})
