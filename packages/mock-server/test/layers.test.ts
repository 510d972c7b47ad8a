import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { folderCycles } from './support/folder-cycles.js'

const packagesDir = fileURLToPath(new URL('../../', import.meta.url))
const packages = readdirSync(packagesDir).filter((name) => readdirSync(join(packagesDir, name)).includes('src'))

function sourceTree(files: Record<string, string>): string {
  const src = join(mkdtempSync(join(tmpdir(), 'layers-')), 'src')
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(src, path)), { recursive: true })
    writeFileSync(join(src, path), text)
  }
  return src
}

describe('folders import downward only (issue 19)', () => {
  it('finds a cycle between two folders, type-only imports included, and none within a folder', () => {
    const src = sourceTree({
      'http/pipeline.ts': "import { handlers } from '../handlers/index.js'\nimport { a } from './a.js'",
      'http/a.ts': "import { b } from './pipeline.js'",
      'handlers/index.ts': "import type { ApiError } from '../http/api-error.js'",
      'http/api-error.ts': '',
    })
    expect(folderCycles(src)).toEqual([['handlers/', 'http/', 'handlers/']])
  })

  it('finds a cycle through a file at the top of src', () => {
    const src = sourceTree({
      'mock-api.ts': "import { r } from './engine/runtime.js'",
      'engine/runtime.ts': "export { x } from '../mock-api.js'",
    })
    expect(folderCycles(src)).toEqual([['engine/', 'mock-api', 'engine/']])
  })

  it.each(packages)('%s: no import cycle between the folders of src', (name) => {
    expect(folderCycles(join(packagesDir, name, 'src'))).toEqual([])
  })
})
