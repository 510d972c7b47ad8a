import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { binsOf, readManifest } from './workspace.js'

/** The packed mock's standalone server, running as its own process. */
export interface PackedMock {
  /** `http://127.0.0.1:<port>/api/v1`, from its ready line. */
  baseUrl: string
  /** Ends the process and resolves once it has exited. */
  stop(): Promise<void>
}

/** The path of an installed package's bin: what `node_modules/.bin/<bin>` links to. */
export function installedBin(projectDir: string, packageName: string, bin: string): string {
  const packageDir = join(projectDir, 'node_modules', packageName)
  const target = binsOf(readManifest(packageDir))[bin]
  if (target === undefined) throw new Error(`${packageName} has no bin ${bin}`)
  return join(packageDir, target)
}

/** Starts the mock's installed bin on the given Node (`--port 0`) and resolves once it is ready. */
export async function startPackedMock(node: string, projectDir: string, token: string): Promise<PackedMock> {
  const bin = installedBin(projectDir, '@session-library/mock-server', 'session-library-mock')
  const child = spawn(node, [bin, '--port', '0', '--token', token, '--quiet'], {
    cwd: projectDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => {
      const url = /ready at (\S+)/.exec(String(chunk))?.[1]
      if (url) resolve(url)
      else reject(new Error(`unexpected first line: ${chunk}`))
    })
    child.once('exit', (code) => reject(new Error(`the mock exited ${code} before it was ready`)))
  })
  return { baseUrl, stop: () => stopProcess(child) }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  return exited
}
