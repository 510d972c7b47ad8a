import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import type { TestProject } from 'vitest/node'
import { runOk } from './lib/run.js'
import { publicPackages, workspaceRoot } from './lib/workspace.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The temporary project, outside the workspace, that installed the packed packages with npm. */
    consumerDir: string
  }
}

/** What the user's project adds itself: Node's types for its own scripts. */
const USER_DEV_DEPENDENCIES = ['@types/node@^20.19.0']

/**
 * Packs every public package as a release would (`pnpm pack` turns `workspace:^` into versions),
 * then installs the tarballs with npm into a fresh project in the system's temporary directory,
 * where no workspace `node_modules` up the tree can hide an undeclared dependency. msw is left
 * out on purpose: npm must bring it as the mock's peer.
 */
export default async function setup(project: TestProject) {
  const consumerDir = mkdtempSync(join(tmpdir(), 'session-library-consumer-'))
  const tarballs = join(consumerDir, 'tarballs')
  mkdirSync(tarballs)
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
  return () => {
    if (!process.env.KEEP_CONSUMER) rmSync(consumerDir, { recursive: true, force: true })
  }
}
