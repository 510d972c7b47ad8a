import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { type ProcessOutput, processOutput } from '../../../test-support/processes.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/**
 * What an example printed, and how it ended.
 *
 * @example
 * ```ts
 * const { code, stdout } = await runExample('list-recent', [], env)
 * ```
 */
export type ExampleRun = ProcessOutput

/**
 * Runs `examples/<name>.ts` as a user would, in its own Node process through tsx (so it imports the
 * SDK's built dist through node_modules), with only the given `SESSION_LIBRARY_*` variables set.
 *
 * @example
 * ```ts
 * const run = await runExample('list-recent', ['--kind', 'ableton'], { SESSION_LIBRARY_URL: url, SESSION_LIBRARY_TOKEN: token })
 * ```
 */
export function runExample(
  name: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<ExampleRun> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('SESSION_LIBRARY_')),
  )
  const child = spawn(process.execPath, ['--import', 'tsx', `examples/${name}.ts`, ...args], {
    cwd: ROOT,
    env: { ...inherited, ...env },
  })
  return processOutput(child)
}
