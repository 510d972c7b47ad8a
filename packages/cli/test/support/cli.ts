import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type RunningServer, type StartServerOptions, startServer } from '@session-library/mock-server/node'
import { afterAll, beforeAll, expect } from 'vitest'
import { bundleProgram, type ProcessOutput, processOutput } from '../../../../test-support/processes.js'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const packages = (path: string) => source(`../../../${path}`)

let bundle: Promise<string> | undefined

/** The bin built from the sources (the SDK's and the contract's too), once per test file. */
function cliBin(): Promise<string> {
  bundle ??= bundleProgram(source('../../src/bin.ts'), {
    '@session-library/schemas/client': packages('schemas/src/client.ts'),
    '@session-library/schemas': packages('schemas/src/index.ts'),
    '@session-library/sdk': packages('sdk/src/index.ts'),
  })
  return bundle
}

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
  const argv = [process.execPath, await cliBin(), ...args]
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
    ;[server] = await Promise.all([
      startServer({ port: 0, token: TOKEN, now: '2026-11-21T10:00:00.000Z', importDelay: 1, ...options }),
      cliBin(),
    ])
  })
  afterAll(async () => {
    await server?.close()
    const made = bundle
    bundle = undefined
    if (made) await rm(dirname(await made), { recursive: true, force: true })
  })
  const running = () => server as RunningServer
  return {
    server: running,
    env: () => ({ SESSION_LIBRARY_URL: running().url, SESSION_LIBRARY_TOKEN: TOKEN }),
  }
}
