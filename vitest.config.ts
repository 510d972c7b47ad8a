import { defineConfig } from 'vitest/config'

const project = (name: string, root: string) => ({
  extends: true,
  test: { name, root, include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
})

export default defineConfig({
  test: {
    // Two cores: a fork per core, no more.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      project('schemas', 'packages/schemas'),
      project('sdk', 'packages/sdk'),
      project('mock-server', 'packages/mock-server'),
      project('examples', 'examples'),
    ],
  },
})
