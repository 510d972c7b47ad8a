import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleProgram } from '../../../../../test-support/processes.js'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const READY = /^Session Library mock ready at (http:\/\/\S+\/api\/v1) \(token: (\S+)\)$/

let bundle: Promise<string> | undefined

/**
 * The CLI bundled from the sources (the contract's too) into one file, once per test process:
 * the tests need no build and never run a stale dist, and each start costs a plain `node` start.
 * It lies inside the package (under node_modules/.cache), as dist/cli.js does, so that it finds
 * the package's built files (the dashboard, the contract's document) as the real one does.
 */
export function cliBundle(): Promise<string> {
  const cache = source('../../../node_modules/.cache')
  bundle ??= mkdir(cache, { recursive: true }).then(() =>
    bundleProgram(
      source('../../../src/cli.ts'),
      {
        '@session-library/schemas/client': source('../../../../schemas/src/client.ts'),
        '@session-library/internal/node': source('../../../../internal/src/node.ts'),
        '@session-library/internal': source('../../../../internal/src/index.ts'),
        '@session-library/schemas': source('../../../../schemas/src/index.ts'),
      },
      cache,
    ),
  )
  return bundle
}

/** Removes the bundle of {@link cliBundle}, if one was made. */
export async function removeCliBundle(): Promise<void> {
  const made = bundle
  bundle = undefined
  if (made) await rm(dirname(await made), { recursive: true, force: true })
}

/** Every child {@link runCli} spawned that has not exited yet. */
const running = new Set<ChildProcess>()

/**
 * Kills (SIGKILL) every CLI {@link runCli} started that still runs: after a test that failed before
 * stopping its own, so that no mock outlives the test file.
 */
export async function killLeftoverClis(): Promise<void> {
  const children = [...running]
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve)
          child.kill('SIGKILL')
        }),
    ),
  )
}

/**
 * A running `session-library-mock`, spawned as a user would run it: a process of its own, from
 * {@link cliBundle}.
 */
export interface CliProcess {
  child: ChildProcess
  /** Base URL from the ready line; empty when it exited before being ready. */
  url: string
  token: string
  stdout(): string
  stderr(): string
  /** Resolves with the exit code. */
  exited: Promise<number | null>
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/**
 * Runs the CLI with `args` and resolves once it printed its ready line or exited; `options.bundle`
 * runs another copy of the bundle, `options.prefix` a command in front of it.
 */
export async function runCli(
  args: string[],
  env: Record<string, string> = {},
  options: { bundle?: string; prefix?: string[] } = {},
): Promise<CliProcess> {
  // `prefix` runs it through another command, e.g. `setpriv` to run it as another user.
  const [command, ...rest] = [
    ...(options.prefix ?? []),
    process.execPath,
    options.bundle ?? (await cliBundle()),
    ...args,
  ]
  const child = spawn(command as string, rest, {
    env: { ...process.env, SESSION_LIBRARY_TOKEN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout?.setEncoding('utf8')
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (data: string) => {
    stderr += data
  })
  running.add(child)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child)
      resolve(code)
    }),
  )
  return new Promise((resolve) => {
    const cli = (url = '', token = ''): CliProcess => ({
      child,
      url,
      token,
      stdout: () => stdout,
      stderr: () => stderr,
      exited,
      stop: (signal = 'SIGTERM') => {
        child.kill(signal)
        return exited
      },
    })
    child.stdout?.on('data', (data: string) => {
      stdout += data
      const ready = stdout.includes('\n') ? READY.exec(stdout.split('\n')[0] as string) : null
      if (ready) resolve(cli(ready[1], ready[2]))
    })
    void exited.then(() => resolve(cli()))
  })
}

/** Calls the API of a running CLI with its token. */
export function call(cli: CliProcess, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('Authorization', `Bearer ${cli.token}`)
  if (init.body) headers.set('Content-Type', 'application/json')
  return fetch(`${cli.url}${path}`, { ...init, headers })
}
