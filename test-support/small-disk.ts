import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A file system of its own, mounted by the test: a full disk without filling the machine's. */
export interface SmallDisk {
  path: string
  unmount(): Promise<void>
}

/**
 * Mounts a tmpfs of `bytes` on a new temporary folder; `undefined` where the test may not mount
 * one (not root, no tmpfs), so that the tests that need it are skipped there, not failed.
 */
export async function mountSmallDisk(bytes: number): Promise<SmallDisk | undefined> {
  const path = await mkdtemp(join(tmpdir(), 'mock-small-disk-'))
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0755`, 'tmpfs', path])
  if (mounted.status !== 0) {
    await rm(path, { recursive: true, force: true })
    return undefined
  }
  return {
    path,
    async unmount() {
      spawnSync('umount', [path])
      await rm(path, { recursive: true, force: true })
    },
  }
}
