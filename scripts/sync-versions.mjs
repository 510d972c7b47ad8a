// After `changeset version`: each package's exported `version` constant follows its package.json
// (the consumer test checks they agree in the packed packages).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const packagesDir = new URL('../packages/', import.meta.url).pathname
// The constant sits in a package's entry (src/index.ts; the CLI's src/main.ts): any top-level source file.
const constant = /^export const (version|VERSION) = '[^']*'/m
for (const name of readdirSync(packagesDir)) {
  const dir = join(packagesDir, name)
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  const sources = join(dir, 'src')
  let files
  try {
    files = readdirSync(sources).filter((file) => file.endsWith('.ts'))
  } catch {
    continue
  }
  for (const file of files.map((file) => join(sources, file))) {
    const source = readFileSync(file, 'utf8')
    const synced = source.replace(constant, (_, name) => `export const ${name} = '${version}'`)
    if (synced !== source) writeFileSync(file, synced)
  }
}
