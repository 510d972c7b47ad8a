import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const src = (file: string) => fileURLToPath(new URL(`./packages/${file}`, import.meta.url))

const project = (name: string, root: string, options: { testTimeout?: number; globalSetup?: string[] } = {}) => ({
  extends: true,
  test: { name, root, include: ['src/**/*.test.ts', 'test/**/*.test.ts'], ...options },
})

export default defineConfig({
  resolve: {
    // Tests run against the workspace's sources; the built files have their own load tests.
    alias: [
      { find: /^@session-library\/mock-server\/node$/, replacement: src('mock-server/src/node.ts') },
      { find: /^@session-library\/schemas\/client$/, replacement: src('schemas/src/client.ts') },
      { find: /^@session-library\/(schemas|sdk|mock-server|mcp-server)$/, replacement: src('$1/src/index.ts') },
    ],
  },
  test: {
    // Two cores: a fork per core, no more.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      project('repo', '.', {}),
      project('internal', 'packages/internal'),
      project('schemas', 'packages/schemas'),
      project('sdk', 'packages/sdk'),
      project('mock-server', 'packages/mock-server'),
      project('examples', 'examples'),
      project('mcp-server', 'packages/mcp-server'),
      // Each test runs the bin (bundled once per run) as a process, some several times: on a loaded
      // machine a start can take seconds.
      project('cli', 'packages/cli', { testTimeout: 60_000, globalSetup: ['test/support/bundle-bin.ts'] }),
      // The packed packages installed with npm outside the workspace: no alias, no workspace links.
      {
        test: {
          name: 'consumer',
          root: 'test-consumer',
          include: ['*.test.ts'],
          globalSetup: ['global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
