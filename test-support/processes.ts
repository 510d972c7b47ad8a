import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdir, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'

/** What a child process printed, and how it ended. */
export interface ProcessOutput {
  code: number | null
  stdout: string
  stderr: string
}

/** Collects a child's stdout and stderr as text and resolves once it has ended and closed them. */
export function processOutput(child: ChildProcessWithoutNullStreams): Promise<ProcessOutput> {
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/**
 * Bundles a program's sources (with the workspace packages it imports aliased to their sources)
 * into one ESM file in a new temporary folder (under `parent`), for tests that run it as a process:
 * no build first, never a stale dist, and each start costs a plain `node` start. The `external`
 * packages stay imports, as the program's build leaves them (then `parent` must see them installed).
 */
export async function bundleProgram(
  entry: string,
  alias: Record<string, string>,
  parent: string = tmpdir(),
  external: string[] = [],
): Promise<string> {
  await mkdir(parent, { recursive: true })
  const outfile = join(await mkdtemp(join(parent, 'program-bundle-')), 'program.mjs')
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    alias,
    external,
    // Bundled CommonJS dependencies still call require().
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  })
  return outfile
}
