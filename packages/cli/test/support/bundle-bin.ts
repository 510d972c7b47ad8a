import { rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { bundleProgram } from '../../../../test-support/processes.js'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const packages = (path: string) => source(`../../../${path}`)

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bin bundled from the sources, for every test file of the run. */
    cliBin: string
  }
}

/**
 * The cli project's global setup: the bin built from the sources (the SDK's and the contract's
 * too) into one file, once per run, so that the tests never run a stale dist and need no build.
 */
export default async function bundleBin(project: TestProject): Promise<() => Promise<void>> {
  const bin = await bundleProgram(
    source('../../src/bin.ts'),
    {
      '@session-library/schemas/client': packages('schemas/src/client.ts'),
      '@session-library/internal/node': packages('internal/src/node.ts'),
      '@session-library/internal': packages('internal/src/index.ts'),
      '@session-library/schemas': packages('schemas/src/index.ts'),
      '@session-library/sdk': packages('sdk/src/index.ts'),
    },
    // jq-wasm stays a dependency, as in the build: bundled under the package, the bin finds it installed.
    source('../../node_modules/.tmp'),
    ['jq-wasm'],
  )
  project.provide('cliBin', bin)
  return () => rm(dirname(bin), { recursive: true, force: true })
}
