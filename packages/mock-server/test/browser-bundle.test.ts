import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { BROWSER_BUILD } from '../../../test-support/browser-bundle.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

describe('browser-safe main entry', () => {
  it('bundles src/index.ts for the browser with no node: import and no Node built-in', async () => {
    const result = await build({
      ...BROWSER_BUILD,
      entryPoints: [here('../src/index.ts')],
      // @msw/data is bundled into the package's dist (tsup.config.ts), so it is bundled here too.
      external: ['msw'],
      alias: {
        '@session-library/internal': here('../../internal/src/index.ts'),
        '@session-library/schemas': here('../../schemas/src/index.ts'),
      },
    })
    expect(result.errors).toEqual([])
    const imports = Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((i) => i.path))
    expect(imports.filter((path) => path.startsWith('node:'))).toEqual([])
    const output = result.outputFiles[0]?.text ?? ''
    expect(output).not.toMatch(/from\s*["']node:|require\(["']node:|from\s*["'](fs|path|crypto|url)["']/)
    expect(output).toContain('createMockApi')
  })
})
