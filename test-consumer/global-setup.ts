import { createHash } from 'node:crypto'
import { cpSync, mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import type { TestProject } from 'vitest/node'
import { runOk } from './lib/run.js'
import { publicPackages, workspaceRoot } from './lib/workspace.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The project, outside the workspace, that installed the packed packages with npm. */
    consumerDir: string
  }
}

/** What the user's project adds itself: Node's types for its own scripts. */
const USER_DEV_DEPENDENCIES = ['@types/node@^20.19.0']

/**
 * What each run starts without. Our packages, the project's own files and npm's records of the
 * last install go; third-party packages stay, so that npm need not unpack ~70 MB again. npm
 * resolves the tree anew from the fresh package.json and removes whatever nothing requires any
 * more, so a dependency a package stops declaring is gone too.
 */
const FRESH_EACH_RUN = [
  'tarballs',
  'snippets',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
  'node_modules/@session-library',
  'node_modules/vitest',
]

/**
 * Packs every public package as a release would (`pnpm pack` turns `workspace:^` into versions),
 * then installs the tarballs with npm into a project in the system's temporary directory, where no
 * workspace `node_modules` up the tree can hide an undeclared dependency. msw is left out on
 * purpose: npm must bring it as the mock's peer.
 */
export default async function setup(project: TestProject) {
  const workspaceId = createHash('sha256').update(workspaceRoot).digest('hex').slice(0, 8)
  const consumerDir = join(tmpdir(), `session-library-consumer-${workspaceId}`)
  for (const path of FRESH_EACH_RUN) rmSync(join(consumerDir, path), { recursive: true, force: true })
  const tarballs = join(consumerDir, 'tarballs')
  mkdirSync(tarballs, { recursive: true })
  const filters = publicPackages().flatMap(({ dir }) => ['--filter', `./${relative(workspaceRoot, dir)}`])
  const packed = await runOk('pnpm', ['-r', ...filters, 'pack', '--pack-destination', tarballs, '--json'], {
    cwd: workspaceRoot,
  })
  const files: string[] = JSON.parse(packed.stdout).map((entry: { filename: string }) => entry.filename)
  writeFileSync(join(consumerDir, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true }, null, 2)}\n`)
  cpSync(join(workspaceRoot, 'test-consumer/fixtures'), consumerDir, { recursive: true })
  // One user module, compiled as ESM and as CommonJS under node16.
  for (const copy of ['types.mts', 'types.cts']) cpSync(join(consumerDir, 'types.ts'), join(consumerDir, copy))
  await runOk(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...files, ...USER_DEV_DEPENDENCIES],
    { cwd: consumerDir },
  )
  // The user's own test runner: the workspace's vitest, linked rather than downloaded again.
  symlinkSync(realpathSync(join(workspaceRoot, 'node_modules/vitest')), join(consumerDir, 'node_modules/vitest'))
  project.provide('consumerDir', consumerDir)
}
