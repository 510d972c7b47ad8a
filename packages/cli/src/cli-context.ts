import { homedir } from 'node:os'
import { isAbsolute, join } from 'node:path'

/**
 * A stream the CLI writes to: stdout or stderr, a terminal when `isTTY`.
 *
 * @example `const out: OutStream = process.stdout`
 */
export type OutStream = NodeJS.WritableStream & { readonly isTTY?: boolean }

/**
 * The stream the CLI reads from: stdin, a terminal when `isTTY`.
 *
 * @example `const stdin: InStream = Readable.from(['{}'])`
 */
export type InStream = NodeJS.ReadableStream & { readonly isTTY?: boolean }

/**
 * Everything a run of the CLI takes from the world, injected (as `gh`'s IOStreams): no command
 * reads `process` itself, so that tests call `main(argv, context)` in process.
 *
 * @example `await main(['health'], { ...processContext(), env: { SESSION_LIBRARY_TOKEN: 't' } })`
 */
export interface CliContext {
  readonly stdout: OutStream
  readonly stderr: OutStream
  readonly stdin: InStream
  readonly env: Readonly<Record<string, string | undefined>>
  /** The folder of `auth login`'s file: `$XDG_CONFIG_HOME/session-library` (when absolute), else `~/.config/session-library`. */
  readonly configDir: string
  /** The working directory, for relative paths given as arguments. */
  readonly cwd: string
  /** Calls `listener` on Ctrl-C until the returned function is called. */
  onInterrupt(listener: () => void): () => void
}

/**
 * The configuration folder of an environment, as the XDG base directory specification says: a
 * relative `XDG_CONFIG_HOME` is invalid there and ignored (else the tokens would land in whatever
 * folder the command runs in).
 *
 * @example `configDirOf({ XDG_CONFIG_HOME: '/tmp/x' }) // '/tmp/x/session-library'`
 */
export function configDirOf(env: Readonly<Record<string, string | undefined>>, home = homedir()): string {
  const xdg = env.XDG_CONFIG_HOME
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || home, '.config')
  return join(base, 'session-library')
}

/**
 * The context of the real process: its streams, environment, folder and Ctrl-C.
 *
 * @example `process.exitCode = await main(process.argv.slice(2), processContext())`
 */
export function processContext(): CliContext {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // Made on first use: opening stdin costs a start-up that never reads it.
    get stdin() {
      return process.stdin
    },
    env: process.env,
    configDir: configDirOf(process.env),
    cwd: process.cwd(),
    onInterrupt(listener) {
      process.once('SIGINT', listener)
      return () => process.off('SIGINT', listener)
    },
  }
}
