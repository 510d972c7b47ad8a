import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { configDirOf } from '@session-library/internal/node'
import { afterAll, beforeAll } from 'vitest'

/**
 * A home folder of its own for a test file (removed after it), and the configuration folder
 * `auth login` writes in there.
 */
export function useLoginHome(prefix: string): { home: () => string; configDir: () => string } {
  let home = ''
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), prefix))
  })
  afterAll(() => rm(home, { recursive: true, force: true }))
  return { home: () => home, configDir: () => configDirOf({ HOME: home }) }
}
