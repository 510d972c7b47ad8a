import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, vi } from 'vitest'
import { type RunningServer, type StartServerOptions, startServer } from '../../../src/node.js'

/** A test's own folder and the `--data` file in it; fresh for every test. */
export interface DataFolder {
  readonly directory: string
  readonly file: string
  /** Starts a mock with `--data` on `data` (the folder's file unless given); closed after the test. */
  start(options?: StartServerOptions, data?: string): Promise<RunningServer>
  /** Leaves a server the test closes itself out of the closing after the test. */
  forget(server: RunningServer): void
}

/**
 * A fresh folder per test (`<tmp>/<prefix>…/library.json`), with the mocks a test starts on it closed
 * and the folder removed after the test, and every spy restored.
 */
export function useDataFolder(prefix: string, token: string): DataFolder {
  const servers: RunningServer[] = []
  const folder: { directory: string; file: string } & DataFolder = {
    directory: '',
    file: '',
    async start(options: StartServerOptions = {}, data = folder.file) {
      const server = await startServer({ port: 0, token, data, ...options })
      servers.push(server)
      return server
    },
    forget(server: RunningServer) {
      servers.splice(servers.indexOf(server), 1)
    },
  }
  beforeEach(async () => {
    folder.directory = await mkdtemp(join(tmpdir(), prefix))
    folder.file = join(folder.directory, 'library.json')
  })
  afterEach(async () => {
    vi.restoreAllMocks()
    await Promise.all(servers.splice(0).map((server) => server.close().catch(() => undefined)))
    await rm(folder.directory, { recursive: true, force: true })
  })
  return folder
}
