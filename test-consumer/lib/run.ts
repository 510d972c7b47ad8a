import { type SpawnOptions, spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/** What a finished child process left. */
export interface Finished {
  code: number | null
  stdout: string
  stderr: string
  /** stdout and stderr together, in the order they came. */
  output: string
  /** The process (and every process it started) was killed at `timeoutMs`. */
  timedOut: boolean
}

/** `spawn`'s options, plus a time after which the process and its own children are killed. */
export interface RunOptions extends SpawnOptions {
  timeoutMs?: number
}

/** Runs a command to its end and collects its output; never rejects on a non-zero exit. */
export function run(command: string, args: string[], { timeoutMs, ...options }: RunOptions = {}): Promise<Finished> {
  return new Promise((resolve, reject) => {
    // Its own process group, so that the timeout reaches whatever it started in turn.
    const detached = timeoutMs !== undefined
    const child = spawn(command, args, { ...options, detached, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    let output = ''
    let timedOut = false
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true
            try {
              if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
            } catch {
              // Already gone.
            }
          }, timeoutMs)
    child.stdout?.on('data', (chunk) => {
      stdout += chunk
      output += chunk
    })
    child.stderr?.on('data', (chunk) => {
      stderr += chunk
      output += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr, output, timedOut })
    })
  })
}

/** Runs a command and throws with its output unless it exits 0. */
export async function runOk(command: string, args: string[], options: RunOptions = {}): Promise<Finished> {
  const finished = await run(command, args, options)
  if (finished.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${finished.code}\n${finished.stdout}\n${finished.stderr}`)
  }
  return finished
}

/** What a vitest run's JSON report says. */
export interface VitestReport {
  numPassedTests: number
  numFailedTests: number
  testResults: { assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[]
}

/**
 * Runs the project's own vitest on one folder of its tests (`--root`), as a user would, with a JSON
 * report: what it left, and the report.
 */
export async function runUserVitest(
  node: string,
  projectDir: string,
  root: string,
  options: { flags?: string[]; env?: Record<string, string> } = {},
): Promise<{ finished: Finished; report: VitestReport }> {
  const report = join(projectDir, `${root}-report.json`)
  rmSync(report, { force: true })
  const vitest = join(projectDir, 'node_modules/vitest/vitest.mjs')
  const args = [vitest, 'run', '--root', root, ...(options.flags ?? []), '--reporter=json', `--outputFile=${report}`]
  const finished = await run(node, args, {
    cwd: projectDir,
    env: { ...process.env, CI: '1', NO_COLOR: '1', ...options.env },
  })
  return { finished, report: JSON.parse(readFileSync(report, 'utf8')) as VitestReport }
}
