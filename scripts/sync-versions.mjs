// After `changeset version`: each package's version constant follows its package.json. A package
// states its version in one place, src/version.ts (`export const version = '…'`), which its entries
// re-export; test/versions.test.ts checks that they agree and that no other source repeats it.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const packagesDir = fileURLToPath(new URL('../packages/', import.meta.url))
export const VERSION_FILE = 'src/version.ts'
const constant = /^export const version = '[^']*'/m

/** Each package that has a version file: its folder, its package.json version, its constant's value. */
export function packageVersions() {
  return readdirSync(packagesDir)
    .map((name) => join(packagesDir, name))
    .filter((dir) => existsSync(join(dir, VERSION_FILE)))
    .map((dir) => {
      const source = readFileSync(join(dir, VERSION_FILE), 'utf8')
      return {
        dir,
        manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version,
        constant: source.match(constant)?.[0].split("'")[1],
      }
    })
}

export function syncVersions() {
  for (const { dir, manifest, constant: stated } of packageVersions()) {
    if (stated === undefined) throw new Error(`${join(dir, VERSION_FILE)} has no \`export const version = '…'\``)
    const file = join(dir, VERSION_FILE)
    const source = readFileSync(file, 'utf8')
    const synced = source.replace(constant, `export const version = '${manifest}'`)
    if (synced !== source) writeFileSync(file, synced)
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) syncVersions()
