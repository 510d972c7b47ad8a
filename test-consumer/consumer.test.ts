import { existsSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { build, stop } from 'esbuild'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { importedPackages, installAlone, missingTargets, ownErrors } from './lib/consumer.js'
import { run } from './lib/run.js'
import { binsOf, type PackageManifest, publicPackages, readManifest } from './lib/workspace.js'

// The packages as a user gets them: packed, installed with npm into a project outside the
// workspace (global-setup.ts), then checked as files, types and a browser bundle; scripts run
// them on every runtime in runtime-matrix.test.ts.
const consumerDir = inject('consumerDir')
const packedInstall = inject('packedInstall')
const tools = inject('tools')
const packages = publicPackages()
const installed = (name: string) => join(consumerDir, 'node_modules', name)

// What each build bundles rather than imports (scripts/third-party-licenses.mjs lists them): the SDK,
// tree-shaken, ky and zod; the mock its dashboard's Preact and, tree-shaken, @msw/data and zod; the
// CLI everything it runs on.
const BUNDLED: Record<string, string[]> = {
  '@session-library/sdk': ['ky', 'zod'],
  '@session-library/mock-server': ['@msw/data', 'preact', 'zod'],
  '@session-library/cli': ['ky', 'string-width', 'zod'],
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

  it('its engines tell the truth: >=22.12.0 (require(esm) unflagged), and every CommonJS entry loads on Node 22', async () => {
    const manifest = readManifest(installed(name))
    expect(manifest.engines?.node).toBe('>=22.12.0')
    const specifiers = Object.keys((manifest.exports ?? {}) as object)
      .filter((subpath) => subpath.startsWith('.') && subpath !== './package.json')
      .map((subpath) => name + subpath.slice(1))
    for (const specifier of specifiers) {
      const loaded = await run(tools.node22, ['-e', `require(${JSON.stringify(specifier)})`], { cwd: consumerDir })
      expect(loaded.stderr, specifier).toBe('')
      expect(loaded.code, specifier).toBe(0)
    }
  })

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

describe('a project that already has msw 3 and vitest 5', () => {
  it('npm installs the packed packages with no --force or --legacy-peer-deps, set anywhere', async () => {
    expect(packedInstall.filter((arg) => /^--(force|legacy-peer-deps)/.test(arg))).toEqual([])
    for (const setting of ['force', 'legacy-peer-deps']) {
      const value = await run('npm', ['config', 'get', setting], { cwd: consumerDir })
      expect(value.stdout.trim(), setting).toBe('false')
    }
  })

  it('keeps its msw 3.0.x as the mock’s peer: one copy, at the top level', () => {
    expect(readManifest(installed('msw')).version).toMatch(/^3\.0\./)
    expect(existsSync(join(installed('@session-library/mock-server'), 'node_modules/msw'))).toBe(false)
    expect(Object.keys(readManifest(consumerDir).devDependencies ?? {})).toEqual(
      expect.arrayContaining(['msw', 'vitest']),
    )
  })
})

describe('strict TypeScript against the installed declarations', () => {
  it.each([
    ['nodenext (ESM .mts and CommonJS .cts; @types/node, no DOM lib)', 'tsconfig.nodenext.json'],
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

describe('an install runs no third party’s script', () => {
  it('the mock server installed alone (with its msw peer) pulls no package with an install script', async () => {
    const alone = await installAlone(consumerDir, /^session-library-(mock-server|schemas)-\d/, 2)
    try {
      expect(alone.scripted).toEqual([])
      expect(Object.keys(alone.packages).filter((name) => /swagger-ui-dist|@scarf\//.test(name))).toEqual([])
      expect(Object.keys(alone.packages)).toContain('node_modules/msw')
    } finally {
      alone.remove()
    }
  })
})
