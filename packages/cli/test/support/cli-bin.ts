import { type ChildProcess, spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleProgram } from '../../../../test-support/processes.js'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))
let bundle: Promise<string> | undefined

/**
 * `session-library` bundled from the sources (the contract's and the SDK's too), once per test
 * process: no build needed, never a stale dist.
 *
 * @example `spawn(process.execPath, [await cliBin(), 'check'])`
 */
export function cliBin(): Promise<string> {
  bundle ??= bundleProgram(source('../../src/bin.ts'), {
    '@session-library/schemas/client': source('../../../schemas/src/client.ts'),
    '@session-library/schemas': source('../../../schemas/src/index.ts'),
    '@session-library/sdk': source('../../../sdk/src/index.ts'),
  })
  return bundle
}

/**
 * Removes the bundle of {@link cliBin}.
 *
 * @example `afterAll(removeCliBin)`
 */
export async function removeCliBin(): Promise<void> {
  const made = bundle
  bundle = undefined
  if (made) await rm(dirname(await made), { recursive: true, force: true })
}

/** A `session-library` process and what it wrote. */
export interface CliRun {
  child: ChildProcess
  stdout(): string
  stderr(): string
  exited: Promise<number | null>
}

/**
 * Spawns `session-library` with `args` as a user would run it (no token in the environment
 * unless given).
 *
 * @example `const run = await startCli(['check', '--url', url, '--token', token]); await run.exited`
 */
export async function startCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const child = spawn(process.execPath, [await cliBin(), ...args], {
    env: { ...process.env, SESSION_LIBRARY_TOKEN: '', SESSION_LIBRARY_URL: '', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout?.setEncoding('utf8').on('data', (data: string) => {
    stdout += data
  })
  child.stderr?.setEncoding('utf8').on('data', (data: string) => {
    stderr += data
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, stdout: () => stdout, stderr: () => stderr, exited }
}
