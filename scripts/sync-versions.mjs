// After `changeset version`: each package's exported `version` constant follows its package.json
// (the consumer test checks they agree in the packed packages).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const packagesDir = new URL('../packages/', import.meta.url).pathname
for (const name of readdirSync(packagesDir)) {
  const dir = join(packagesDir, name)
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  const index = join(dir, 'src/index.ts')
  let source
  try {
    source = readFileSync(index, 'utf8')
  } catch {
    continue
  }
  const synced = source.replace(/^export const version = '[^']*'/m, `export const version = '${version}'`)
  if (synced !== source) writeFileSync(index, synced)
}
