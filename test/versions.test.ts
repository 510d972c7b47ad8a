import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a script, without types
import { packagesDir, packageVersions, VERSION_FILE } from '../scripts/sync-versions.mjs'

type PackageVersion = { dir: string; manifest: string; constant: string | undefined }
const versions: PackageVersion[] = packageVersions()
const name = (dir: string) => dir.slice(packagesDir.length)

describe('versions: each package states its version once, as its package.json says', () => {
  it('every package that states a version does so in src/version.ts (the CLI, the SDK, the mock, the MCP server)', () => {
    expect(versions.map(({ dir }) => name(dir)).sort()).toEqual(['cli', 'mcp-server', 'mock-server', 'sdk'])
  })

  it.each(versions.map((version) => [name(version.dir), version] as const))(
    "%s's version constant is its package.json version",
    (_, { manifest, constant }) => {
      expect(constant).toBe(manifest)
    },
  )

  it('no other source file repeats a package version, which sync-versions.mjs would not update', () => {
    const repeated = versions.flatMap(({ dir, manifest }) =>
      readdirSync(join(dir, 'src'), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.[cm]?[jt]sx?$/.test(file) && join('src', file) !== VERSION_FILE)
        .filter((file) => readFileSync(join(dir, 'src', file), 'utf8').includes(`'${manifest}'`))
        .map((file) => `${name(dir)}/src/${file}`),
    )
    expect(repeated).toEqual([])
  })
})
