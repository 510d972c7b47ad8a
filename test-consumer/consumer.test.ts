import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { build, stop } from 'esbuild'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { importedPackages, missingTargets, ownErrors } from './lib/consumer.js'
import { run } from './lib/run.js'
import { binsOf, type PackageManifest, publicPackages, readManifest } from './lib/workspace.js'

// The packages as a user gets them: packed, installed with npm into a project outside the
// workspace (global-setup.ts), then used from ESM, CommonJS, TypeScript and a browser bundle.
const consumerDir = inject('consumerDir')
const packages = publicPackages()
const installed = (name: string) => join(consumerDir, 'node_modules', name)
const TOKEN = 'consumer-token'

// What each build bundles rather than imports (scripts/third-party-licenses.mjs lists them): the mock
// its dashboard's Preact and zod and, tree-shaken, @msw/data; the CLI everything it runs on.
const BUNDLED: Record<string, string[]> = {
  '@session-library/mock-server': ['@msw/data', 'preact', 'zod'],
  '@session-library/cli': ['ky', 'zod'],
}

describe.each(packages.map((pkg) => [pkg.name]))('%s, installed from its tarball', (name) => {
  it('holds every file its package.json points at (main, types, exports, bin)', () => {
    expect(missingTargets(installed(name))).toEqual([])
  })

  it('imports no package it does not declare as a dependency or peer', () => {
    const manifest = readManifest(installed(name))
    const declared = new Set([
      name,
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ])
    const builtins = new Set(builtinModules)
    const undeclared = [...importedPackages(installed(name))].filter(
      (imported) => !declared.has(imported) && !imported.startsWith('node:') && !builtins.has(imported),
    )
    expect(undeclared).toEqual([])
  })

  it('ships the licence of every package whose code its build bundles (dist/THIRD-PARTY-LICENSES.md)', () => {
    const notices = join(installed(name), 'dist/THIRD-PARTY-LICENSES.md')
    const bundled = BUNDLED[name] ?? []
    expect(existsSync(notices)).toBe(bundled.length > 0)
    const text = bundled.length > 0 ? readFileSync(notices, 'utf8') : ''
    for (const dependency of bundled) {
      const section = text.split('\n## ').find((part) => part.startsWith(`${dependency}@`))
      expect(section, dependency).toMatch(/\(MIT\)\n\n```text\n[\s\S]*Permission is hereby granted/)
    }
  })

  it('ships its LICENSE and README and names its repository, homepage, issues and engines', () => {
    const manifest = readManifest(installed(name)) as PackageManifest & Record<string, unknown>
    expect(existsSync(join(installed(name), 'LICENSE'))).toBe(true)
    expect(existsSync(join(installed(name), 'README.md'))).toBe(true)
    expect(manifest).toMatchObject({
      license: 'MIT',
      repository: { type: 'git', url: expect.stringMatching(/^git\+https:\/\//) },
      homepage: expect.stringMatching(/^https:\/\//),
      bugs: { url: expect.stringMatching(/^https:\/\//) },
      engines: { node: expect.any(String) },
    })
  })

  // Node before 20.19 cannot require() an ES module; --no-experimental-require-module stands in for it.
  it.skipIf(!process.features.require_module)(
    'its engines tell the truth: with no require(esm), its CommonJS entries load if engines allow Node 20.0, and some fail if not',
    async () => {
      const manifest = readManifest(installed(name))
      const allowsNode20_0 = /^>=\s*20(\.0){0,2}$/.test(manifest.engines?.node ?? '')
      const specifiers = Object.keys((manifest.exports ?? {}) as object)
        .filter((subpath) => subpath.startsWith('.') && subpath !== './package.json')
        .map((subpath) => name + subpath.slice(1))
      const loads = await Promise.all(
        specifiers.map(async (specifier) => {
          const script = `require(${JSON.stringify(specifier)})`
          const finished = await run(process.execPath, ['--no-experimental-require-module', '-e', script], {
            cwd: consumerDir,
          })
          return finished.code === 0
        }),
      )
      if (allowsNode20_0)
        expect(Object.fromEntries(specifiers.map((s, i) => [s, loads[i]]))).toEqual(
          Object.fromEntries(specifiers.map((s) => [s, true])),
        )
      else if (specifiers.length > 0) expect(loads).toContain(false)
    },
  )

  it('exports the version its package.json says, where it exports one (changesets bumps both)', async () => {
    const manifest = readManifest(installed(name))
    if (manifest.exports === undefined && manifest.main === undefined) {
      // A bin-only package (the CLI) says its version through each bin's --version.
      for (const bin of Object.keys(binsOf(manifest))) {
        const said = await run(join(consumerDir, 'node_modules/.bin', bin), ['--version'], { cwd: consumerDir })
        expect(said.stdout.trim()).toBe(manifest.version)
      }
      return
    }
    const script = `import(${JSON.stringify(name)}).then((m) => console.log(JSON.stringify(m.version ?? null)))`
    const finished = await run(process.execPath, ['-e', script], { cwd: consumerDir })
    expect(finished.code).toBe(0)
    expect([null, manifest.version]).toContain(JSON.parse(finished.stdout))
  })

  it.each(Object.keys(binsOf(readManifest(packages.find((pkg) => pkg.name === name)?.dir ?? ''))))(
    'its bin %s runs from node_modules/.bin (--help exits 0 with the usage)',
    async (bin) => {
      const finished = await run(join(consumerDir, 'node_modules/.bin', bin), ['--help'], { cwd: consumerDir })
      expect(finished.stderr).toBe('')
      expect(finished.code).toBe(0)
      expect(finished.stdout).toMatch(/usage/i)
    },
  )
})

describe('the mock with no msw in the project', () => {
  it('gets msw 2 from npm as its peer dependency, one copy, at the top level', () => {
    const msw = JSON.parse(readFileSync(join(installed('msw'), 'package.json'), 'utf8'))
    expect(msw.version).toMatch(/^2\./)
    const rootManifest = readManifest(consumerDir)
    expect(Object.keys(rootManifest.dependencies ?? {})).not.toContain('msw')
  })
})

describe('scripts calling the SDK against the packed mock CLI', () => {
  let cli: ChildProcess
  let baseUrl = ''

  beforeAll(async () => {
    cli = spawn(
      join(consumerDir, 'node_modules/.bin/session-library-mock'),
      ['--port', '0', '--token', TOKEN, '--quiet'],
      {
        cwd: consumerDir,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    baseUrl = await new Promise<string>((resolve, reject) => {
      cli.stdout?.once('data', (chunk: Buffer) => {
        const url = /ready at (\S+)/.exec(String(chunk))?.[1]
        if (url) resolve(url)
        else reject(new Error(`unexpected first line: ${chunk}`))
      })
      cli.once('exit', (code) => reject(new Error(`the mock exited ${code} before it was ready`)))
    })
  })
  afterAll(async () => {
    if (!cli || cli.exitCode !== null) return
    const exited = new Promise((resolve) => cli.once('exit', resolve))
    cli.kill('SIGTERM')
    await exited
  })

  it.each([
    ['ESM', 'esm.mjs'],
    ['CommonJS', 'cjs.cjs'],
  ])('a %s script uses every entry of every package and the SDK over HTTP', async (kind, script) => {
    const env = { ...process.env, SESSION_LIBRARY_URL: baseUrl, SESSION_LIBRARY_TOKEN: TOKEN }
    const finished = await run(process.execPath, [script], { cwd: consumerDir, env })
    expect(finished.stderr).toBe('')
    expect(finished.code).toBe(0)
    expect(JSON.parse(finished.stdout)).toEqual({
      health: 'ok',
      created: `Packed and installed (${kind === 'ESM' ? 'esm' : 'cjs'})`,
      found: 1,
      notFound: true,
      operations: 18,
      routes: 18,
      openapi: '3.1.0',
      inProcessMock: true,
      startServer: 'function',
    })
  })
})

describe('strict TypeScript against the installed declarations', () => {
  it.each([
    ['node16 (ESM .mts and CommonJS .cts; @types/node, no DOM lib)', 'tsconfig.node16.json'],
    ['bundler (the browser entries; DOM lib, no @types/node)', 'tsconfig.bundler.json'],
  ])('compiles under moduleResolution %s', (_, tsconfig) => {
    expect(ownErrors(join(consumerDir, tsconfig))).toEqual([])
  })
})

describe('a browser bundle', () => {
  afterAll(() => stop())

  it('bundles the SDK, the mock and the client contract with esbuild for the browser, with no node: import', async () => {
    const result = await build({
      absWorkingDir: consumerDir,
      entryPoints: ['browser.ts'],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    const inputs = Object.keys(result.metafile.inputs)
    expect(inputs.filter((input) => input.startsWith('node:') || builtinModules.includes(input))).toEqual([])
    expect(inputs.some((input) => input.includes('node_modules/@session-library/sdk/dist/index.js'))).toBe(true)
    expect(result.outputFiles?.[0]?.text).not.toMatch(/["']node:/)
  })
})
