import { type SpawnOptions, spawn } from 'node:child_process'

/** What a finished child process left. */
export interface Finished {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a command to its end and collects its output; never rejects on a non-zero exit. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout?.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr?.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** Runs a command and throws with its output unless it exits 0. */
export async function runOk(command: string, args: string[], options: SpawnOptions = {}): Promise<Finished> {
  const finished = await run(command, args, options)
  if (finished.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${finished.code}\n${finished.stdout}\n${finished.stderr}`)
  }
  return finished
}
