import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { layerViolations } from './layers.js'

const packagesDir = fileURLToPath(new URL('../packages/', import.meta.url))
const packages = readdirSync(packagesDir).filter((name) => existsSync(join(packagesDir, name, 'src')))

function fixture(files: Record<string, string>, layers: unknown): string {
  const root = mkdtempSync(join(tmpdir(), 'layers-'))
  writeFileSync(join(root, 'layers.json'), JSON.stringify({ layers }))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, 'src', path)), { recursive: true })
    writeFileSync(join(root, 'src', path), text)
  }
  return root
}

describe('layers: folders and root files import downward only, in the order each package declares', () => {
  it('passes a downward import and an import within a folder', () => {
    const root = fixture(
      { 'core/a.ts': "import { b } from './b.js'", 'core/b.ts': '', 'index.ts': "export * from './core/a.js'" },
      ['core', 'index.ts'],
    )
    expect(layerViolations(root)).toEqual([])
  })

  it('fails an upward import, type-only and dynamic ones included', () => {
    const root = fixture(
      {
        'core/a.ts': "import type { X } from '../http/x.js'\nconst y = await import('../index.js')",
        'http/x.ts': "import { a } from '../core/a.js'",
        'index.ts': '',
      },
      ['core', 'http', 'index.ts'],
    )
    expect(layerViolations(root)).toEqual([
      'src/core/a.ts imports ../http/x.js: core is below http',
      'src/core/a.ts imports ../index.js: core is below index.ts',
    ])
  })

  it('fails a root file that imports one declared above it (root files are layers too)', () => {
    const root = fixture({ 'options.ts': "import { api } from './api.js'", 'api.ts': '' }, ['options.ts', 'api.ts'])
    expect(layerViolations(root)).toEqual(['src/options.ts imports ./api.js: options.ts is below api.ts'])
  })

  it('fails an import between peers of one layer, which would allow a cycle', () => {
    const root = fixture({ 'index.ts': "import { n } from './node.js'", 'node.ts': '' }, [['index.ts', 'node.ts']])
    expect(layerViolations(root)).toEqual(['src/index.ts imports ./node.js: index.ts and node.ts are peers'])
  })

  it('fails a folder or root file the package does not declare, and a declared one that is gone', () => {
    const root = fixture({ 'core/a.ts': '', 'extra.ts': '' }, ['core', 'gone'])
    expect(layerViolations(root)).toEqual([
      'src/extra.ts is in no layer of layers.json',
      'layers.json names gone, which src lacks',
    ])
  })

  it.each(packages)('%s: every import goes downward', (name) => {
    expect(layerViolations(join(packagesDir, name))).toEqual([])
  })
})
