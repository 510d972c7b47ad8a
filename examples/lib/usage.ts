import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * What an example says about itself in its first two lines: `// Usage: pnpm example <name> …` and
 * `// <one sentence>`. Read from the file, so the comment a reader sees is the one `--help` prints.
 *
 * @example
 * ```ts
 * const { usage, summary } = describeScript(import.meta.url)
 * ```
 */
export interface ScriptDescription {
  /** The usage line without the comment marker, e.g. `Usage: pnpm example list-recent [--kind <kind>]`. */
  usage: string
  /** The one-line description of the job it does. */
  summary: string
}

const comment = (line: string | undefined) => (line ?? '').replace(/^\/\/\s?/, '').trim()

/**
 * Reads the usage and summary lines at the top of an example.
 *
 * @example
 * ```ts
 * describeScript(new URL('../list-recent.ts', import.meta.url)).usage // 'Usage: pnpm example list-recent …'
 * ```
 */
export function describeScript(file: string | URL): ScriptDescription {
  const path = typeof file === 'string' && !file.startsWith('file:') ? file : fileURLToPath(file)
  const [first, second] = readFileSync(path, 'utf8').split('\n', 2)
  return { usage: comment(first), summary: comment(second) }
}
