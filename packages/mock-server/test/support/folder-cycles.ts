import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

const SOURCE = /\.(?:ts|tsx|mts)$/
// Static imports and exports, type-only ones included (a type import is a dependency too), and
// dynamic imports.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** The unit a file belongs to: its top folder under `src`, or the file itself when it sits in `src`. */
function unitOf(src: string, file: string): string {
  const [first = '', ...rest] = relative(src, file).split(sep)
  return rest.length === 0 ? first.replace(SOURCE, '') : `${first}/`
}

/**
 * The imports between units of a `src` folder (its top folders, and the files at its top), as
 * `from → to` edges; imports within a unit are left out.
 *
 * @example
 * ```ts
 * folderImports('packages/mock-server/src').get('http/') // Set { 'handlers/', 'runtime/', … }
 * ```
 */
export function folderImports(src: string): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>()
  for (const file of sourceFiles(src)) {
    const from = unitOf(src, file)
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolve(dirname(file), specifier)
      if (!target.startsWith(src + sep)) continue
      const to = unitOf(src, target.replace(/\.js$/, '.ts'))
      if (to === from) continue
      if (!edges.has(from)) edges.set(from, new Set())
      edges.get(from)?.add(to)
    }
  }
  return edges
}

/**
 * Every cycle among the units of a `src` folder, each as the units it passes through, e.g.
 * `['http/', 'handlers/', 'http/']`: empty when every folder imports only downward.
 *
 * @example
 * ```ts
 * expect(folderCycles('packages/mock-server/src')).toEqual([])
 * ```
 */
export function folderCycles(src: string): string[][] {
  const edges = folderImports(resolve(src))
  const cycles: string[][] = []
  const done = new Set<string>()
  const visit = (unit: string, path: string[]) => {
    const at = path.indexOf(unit)
    if (at >= 0) {
      cycles.push([...path.slice(at), unit])
      return
    }
    if (done.has(unit)) return
    for (const next of edges.get(unit) ?? []) visit(next, [...path, unit])
    done.add(unit)
  }
  for (const unit of edges.keys()) visit(unit, [])
  return cycles
}
