import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { type RunningServer, type StartServerOptions, startServer } from '@session-library/mock-server/node'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { type ProcessOutput, processOutput } from '../../../../test-support/processes.js'

/** What one run of the bin printed and how it ended. */
export type Ran = ProcessOutput

/** A token no output may ever hold. */
export const TOKEN = `tok-${randomUUID()}`

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`

/**
 * Runs `session-library` with `args` as a user would (its own process, stdin a pipe; with `tty`,
 * stdout and stderr a terminal, through util-linux `script`) and checks that the token is in none
 * of its output.
 */
export async function runCli(
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; stdin?: string; tty?: boolean } = {},
): Promise<Ran> {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined }
  delete env.SESSION_LIBRARY_URL
  delete env.SESSION_LIBRARY_TOKEN
  const argv = [process.execPath, inject('cliBin'), ...args]
  const [command, ...rest] = options.tty ? ['script', '-qec', argv.map(quote).join(' '), '/dev/null'] : argv
  const child = spawn(command as string, rest, {
    env: { ...env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  child.stdin.end(options.stdin ?? '')
  const { code, stdout, stderr } = await processOutput(child)
  expect(stdout).not.toContain(TOKEN)
  expect(stderr).not.toContain(TOKEN)
  return { code, stdout, stderr }
}

/** The parsed JSON of a run's stdout. */
export const json = (ran: Ran): unknown => JSON.parse(ran.stdout)

/**
 * One standalone mock for the test file (port 0, the secret {@link TOKEN}, a fixed clock) and the
 * environment that points the bin at it.
 */
export function useMock(options: StartServerOptions = {}): {
  server: () => RunningServer
  env: () => Record<string, string>
} {
  let server: RunningServer | undefined
  beforeAll(async () => {
    server = await startServer({ port: 0, token: TOKEN, now: '2026-11-21T10:00:00.000Z', importDelay: 1, ...options })
  })
  afterAll(() => server?.close())
  const running = () => server as RunningServer
  return {
    server: running,
    env: () => ({ SESSION_LIBRARY_URL: running().url, SESSION_LIBRARY_TOKEN: TOKEN }),
  }
}
