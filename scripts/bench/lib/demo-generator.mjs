// The mock's demo library generator on its own (packages/mock-server/src/store/demo-library.ts), bundled
// with esbuild into a temporary file once per bench process, so that the plain server seeds the same
// records paying for the generator alone: not for the mock's entry, which brings msw and the whole
// mock. The contract comes from its sources, so only the known values the generator names come along.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { root } from './common.mjs'

let bundled

/** The path of an ES module exporting `demoLibrary`, built on the first call, removed when this process exits. */
export function demoGenerator() {
  bundled ??= (async () => {
    const directory = mkdtempSync(join(tmpdir(), 'bench-demo-library-'))
    process.once('exit', () => rmSync(directory, { recursive: true, force: true }))
    const outfile = join(directory, 'demo-library.mjs')
    await build({
      entryPoints: [root('packages/mock-server/src/store/demo-library.ts')],
      alias: { '@session-library/schemas': root('packages/schemas/src/index.ts') },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      logLevel: 'warning',
    })
    return outfile
  })()
  return bundled
}
