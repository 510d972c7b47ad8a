import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { type RunningServer, type StartServerOptions, startServer } from '@session-library/mock-server/node'
import type { Session } from '@session-library/schemas'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { type ProcessOutput, processOutput } from '../../../../test-support/processes.js'
import type { CliContext } from '../../src/cmdutil/iostreams.js'
import { main } from '../../src/main.js'

/** What one run printed and how it ended. */
export type Ran = ProcessOutput

/** A token no output may ever hold. */
export const TOKEN = `tok-${randomUUID()}`

/** How a run sees the world: its environment (nothing else), stdin, whether it is on a terminal, its folders. */
export interface RunOptions {
  env?: Record<string, string | undefined>
  stdin?: string
  /** stdin, stdout and stderr are a terminal. */
  tty?: boolean
  configDir?: string
  cwd?: string
}

class Sink extends Writable {
  text = ''
  constructor(readonly isTTY: boolean) {
    super()
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString()
    done()
  }
}

/** A run under way in this process, and its Ctrl-C. */
export interface Started {
  interrupt(): void
  finished: Promise<Ran>
}

// No login file unless a test makes one.
const NO_CONFIG = join(tmpdir(), `session-library-test-no-config-${randomUUID()}`)

/**
 * Starts `main()` in this process with its IO injected, as `session-library <args>` would run.
 */
export function startCli(args: readonly string[], options: RunOptions = {}): Started {
  const tty = options.tty === true
  const stdout = new Sink(tty)
  const stderr = new Sink(tty)
  const stdin = Object.assign(Readable.from(options.stdin === undefined ? [] : [options.stdin]), { isTTY: tty })
  const listeners = new Set<() => void>()
  const context: CliContext = {
    stdout,
    stderr,
    stdin,
    env: options.env ?? {},
    configDir: options.configDir ?? NO_CONFIG,
    cwd: options.cwd ?? process.cwd(),
    onInterrupt(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const finished = main(args, context).then((code) => {
    const ran = { code, stdout: stdout.text, stderr: stderr.text }
    expect(ran.stdout).not.toContain(TOKEN)
    expect(ran.stderr).not.toContain(TOKEN)
    return ran
  })
  const interrupt = () => {
    for (const listener of listeners) listener()
  }
  return { interrupt, finished }
}

/**
 * Runs `session-library <args>` in this process and checks that the token is in none of its output.
 */
export function runCli(args: readonly string[], options: RunOptions = {}): Promise<Ran> {
  return startCli(args, options).finished
}

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`

/**
 * Runs the bundled bin as its own process, as a user would (a smoke test of the real start-up;
 * with `tty`, stdout and stderr a pseudo-terminal through util-linux `script`).
 */
export async function runBin(
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; stdin?: string; tty?: boolean; shell?: string } = {},
): Promise<Ran> {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined }
  delete env.SESSION_LIBRARY_URL
  delete env.SESSION_LIBRARY_TOKEN
  const line = [process.execPath, inject('cliBin'), ...args].map(quote).join(' ')
  const [command, ...rest] = options.tty
    ? ['script', '-qec', line, '/dev/null']
    : options.shell !== undefined
      ? ['sh', '-c', `${line} ${options.shell}`]
      : [process.execPath, inject('cliBin'), ...args]
  const child = spawn(command as string, rest, { env: { ...env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] })
  child.stdin.end(options.stdin ?? '')
  const ran = await processOutput(child)
  expect(ran.stdout).not.toContain(TOKEN)
  expect(ran.stderr).not.toContain(TOKEN)
  return ran
}

/** The parsed JSON of a run's stdout. */
export const json = (ran: Ran): unknown => JSON.parse(ran.stdout)

/**
 * One standalone mock for the test file (port 0, the secret {@link TOKEN}, a fixed clock) and the
 * environment that points the CLI at it.
 */
export function useMock(options: StartServerOptions = {}): {
  server: () => RunningServer
  env: () => Record<string, string>
  /** A session as the mock holds it. */
  stored: (id: string) => Session | undefined
  /** A session made with `sessions create --title <title> <args>`. */
  created: (title: string, ...args: string[]) => Promise<Session>
  /** The journal's length now, and later the methods of the requests journaled since. */
  journalMark: () => () => string[]
} {
  let server: RunningServer | undefined
  beforeAll(async () => {
    server = await startServer({ port: 0, token: TOKEN, now: '2026-11-21T10:00:00.000Z', importDelay: 1, ...options })
  })
  afterAll(() => server?.close())
  const running = () => server as RunningServer
  const env = () => ({ SESSION_LIBRARY_URL: running().url, SESSION_LIBRARY_TOKEN: TOKEN })
  return {
    server: running,
    env,
    stored: (id) =>
      running()
        .api.snapshot()
        .sessions.find((session) => session.id === id) as Session | undefined,
    async created(title, ...args) {
      const answer = await runCli(['sessions', 'create', '--title', title, ...args, '--json'], { env: env() })
      expect(answer.code).toBe(0)
      return json(answer) as Session
    },
    journalMark() {
      const before = running().api.journal().length
      return () =>
        running()
          .api.journal()
          .slice(before)
          .map((entry) => entry.method)
    },
  }
}
