import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// `pnpm test` builds before it tests; run `pnpm --filter @session-library/mock-server build` first by hand.
const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url))

/** The code an import of `file` loads: the file and every file it imports statically, transitively. */
function loaded(file: string, seen = new Map<string, string>()): Map<string, string> {
  if (seen.has(file)) return seen
  const text = readFileSync(file, 'utf8')
  seen.set(file, text)
  for (const [, path] of text.matchAll(/^import\s[^;]*?from\s*"(\.\/[^"]+)"/gms)) {
    loaded(join(dirname(file), path as string), seen)
  }
  return seen
}

describe.skipIf(!existsSync(entry))('the built package', () => {
  it('an import of the main entry loads only the parts of zod the mock uses: no JSON Schema generator (every test file parses what it loads)', () => {
    const files = loaded(entry)
    expect(files.size).toBeGreaterThan(1)
    const code = [...files.values()].join('\n')
    expect(code).toContain('createMockApi')
    expect(code).not.toMatch(/toJSONSchema|JSONSchemaGenerator/)
  })
})
