import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const src = (file: string) => fileURLToPath(new URL(`../../../${file}`, import.meta.url))

// A user's suite under vitest's vm pools: each test file runs in its own realm, so what fetch throws
// is no instance of the file's TypeError (test/vm-pool.test.ts runs it with --pool=vmThreads).
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@session-library\/schemas\/client$/, replacement: src('schemas/src/client.ts') },
      { find: /^@session-library\/sdk$/, replacement: src('sdk/src/index.ts') },
    ],
  },
  test: { include: ['*.vm.ts'] },
})
