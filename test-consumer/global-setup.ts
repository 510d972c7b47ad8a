import { createHash } from 'node:crypto'
import { cpSync, lstatSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import type { TestProject } from 'vitest/node'
import { runOk } from './lib/run.js'
import { installedTools, type ToolName } from './lib/runtimes.js'
import { publicPackages, readManifest, workspaceRoot } from './lib/workspace.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The user's project with msw 3 and vitest 5 that installed every packed package with npm. */
    consumerDir: string
    /** A second user's project, with msw 2 and vitest 5, that installed the sdk, schemas and mock. */
    msw2Dir: string
    /** The npm arguments that installed the packed packages into consumerDir (it exited 0). */
    packedInstall: string[]
    /** Each runtime and compiler of the matrix: the path of its program (lib/runtimes.ts). */
    tools: Record<ToolName, string>
  }
}

/** What the user's project adds itself: Node's types for its own scripts. */
const USER_DEV_DEPENDENCIES = ['@types/node@^24']
const NPM_INSTALL = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']
/** vitest as a user installs it today: the release the workspace runs. */
const VITEST = `vitest@${readManifest(workspaceRoot).devDependencies?.vitest}`

/** The two projects a user may start from: msw and vitest already there before our packages come. */
const PROJECTS = {
  consumerDir: { suffix: '', starts: ['msw@~3.0.5', VITEST], packages: undefined },
  msw2Dir: {
    suffix: '-msw2',
    starts: ['msw@^2.7.0', VITEST],
    packages: ['@session-library/sdk', '@session-library/schemas', '@session-library/mock-server'],
  },
} satisfies Record<string, { suffix: string; starts: string[]; packages: string[] | undefined }>

/**
 * What each run starts without. Our packages, the project's own files and npm's records of the
 * last install go; third-party packages stay, so that npm need not unpack them again. npm
 * resolves the tree anew from the fresh package.json and removes whatever nothing requires any
 * more, so a dependency a package stops declaring is gone too.
 */
const FRESH_EACH_RUN = [
  'tarballs',
  'snippets',
  'readme-runs',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
  'node_modules/@session-library',
]

/** A packed tarball: the package's name and the file's path. */
interface Packed {
  name: string
  filename: string
}

/**
 * Packs every public package as a release would (`pnpm pack` turns `workspace:^` into versions)
 * into `dir`, and resolves to the tarballs.
 */
async function pack(dir: string): Promise<Packed[]> {
  const filters = publicPackages().flatMap((pkg) => ['--filter', `./${relative(workspaceRoot, pkg.dir)}`])
  const packed = await runOk('pnpm', ['-r', ...filters, 'pack', '--pack-destination', dir, '--json'], {
    cwd: workspaceRoot,
  })
  return JSON.parse(packed.stdout)
}

/** A project's directory, emptied of the last run's own files (see FRESH_EACH_RUN). */
function freshProject(suffix: string): string {
  const workspaceId = createHash('sha256').update(workspaceRoot).digest('hex').slice(0, 8)
  const dir = join(tmpdir(), `session-library-consumer-${workspaceId}${suffix}`)
  for (const path of FRESH_EACH_RUN) rmSync(join(dir, path), { recursive: true, force: true })
  // Earlier runs linked the workspace's vitest here; the project now installs its own.
  if (lstatSync(join(dir, 'node_modules/vitest'), { throwIfNoEntry: false })?.isSymbolicLink())
    rmSync(join(dir, 'node_modules/vitest'))
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true }, null, 2)}\n`)
  cpSync(join(workspaceRoot, 'test-consumer/fixtures'), dir, { recursive: true })
  // One user module, compiled as ESM and as CommonJS.
  for (const copy of ['types.mts', 'types.cts']) cpSync(join(dir, 'types.ts'), join(dir, copy))
  return dir
}

/**
 * A user's project as it is before our packages come: msw and vitest installed. Then `npm install`
 * of our tarballs, with no flag that would let npm overlook a peer conflict; resolves to its args.
 */
async function installProject(dir: string, starts: string[], tarballs: string[]): Promise<string[]> {
  await runOk('npm', [...NPM_INSTALL, '--save-dev', ...starts], { cwd: dir })
  const args = [...NPM_INSTALL, ...tarballs, ...USER_DEV_DEPENDENCIES]
  await runOk('npm', args, { cwd: dir })
  return args
}

/**
 * Packs every public package, then installs the tarballs with npm into projects in the system's
 * temporary directory, where no workspace `node_modules` up the tree can hide an undeclared
 * dependency, and installs the matrix's runtimes and compilers into their cache, all at once.
 */
export default async function setup(project: TestProject) {
  const started = performance.now()
  const consumerDir = freshProject(PROJECTS.consumerDir.suffix)
  const msw2Dir = freshProject(PROJECTS.msw2Dir.suffix)
  const tarballs = join(consumerDir, 'tarballs')
  mkdirSync(tarballs, { recursive: true })
  const packed = await pack(tarballs)
  const files = (names?: string[]) =>
    packed.filter((entry) => names === undefined || names.includes(entry.name)).map((entry) => entry.filename)
  const [packedInstall, , tools] = await Promise.all([
    installProject(consumerDir, PROJECTS.consumerDir.starts, files(PROJECTS.consumerDir.packages)),
    installProject(msw2Dir, PROJECTS.msw2Dir.starts, files(PROJECTS.msw2Dir.packages)),
    installedTools(),
  ])
  project.provide('consumerDir', consumerDir)
  project.provide('msw2Dir', msw2Dir)
  project.provide('packedInstall', packedInstall)
  project.provide('tools', tools)
  console.log(`consumer: packed, installed and tools ready in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}
