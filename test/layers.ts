import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

const SOURCE = /\.(?:ts|tsx|mts)$/
// Static imports and re-exports (type-only ones are dependencies too) and dynamic imports.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && !entry.name.includes('.test.') ? [path] : []
  })
}

/** The layer unit of a file: its top folder under `src`, or its own name when it sits in `src`. */
function unitOf(src: string, file: string): string {
  return relative(src, file).split(sep)[0] ?? ''
}

/**
 * What breaks a package's declared layers: `layers.json` beside its `package.json` lists the top
 * folders and root files of `src`, lowest first (an array entry holds peers that may not import each
 * other); a file may import within its own folder or from a unit declared below its own.
 */
export function layerViolations(packageDir: string): string[] {
  const src = join(packageDir, 'src')
  const file = join(packageDir, 'layers.json')
  if (!existsSync(file)) return ['layers.json is missing']
  const { layers } = JSON.parse(readFileSync(file, 'utf8')) as { layers: (string | string[])[] }
  const rank = new Map<string, number>()
  layers.forEach((entry, index) => {
    for (const unit of [entry].flat()) rank.set(unit, index)
  })
  const problems: string[] = []
  const present = new Set<string>()
  for (const path of sourceFiles(src)) {
    const from = unitOf(src, path)
    present.add(from)
    const shown = relative(packageDir, path).split(sep).join('/')
    const fromRank = rank.get(from)
    if (fromRank === undefined) {
      problems.push(`${shown} is in no layer of layers.json`)
      continue
    }
    for (const [, specifier = ''] of readFileSync(path, 'utf8').matchAll(SPECIFIER)) {
      const target = resolve(dirname(path), specifier.replace(/\.js$/, '.ts'))
      if (!target.startsWith(src + sep)) continue
      const to = unitOf(src, target)
      if (to === from) continue
      const toRank = rank.get(to)
      if (toRank === undefined || toRank < fromRank) continue
      problems.push(
        toRank === fromRank
          ? `${shown} imports ${specifier}: ${from} and ${to} are peers`
          : `${shown} imports ${specifier}: ${from} is below ${to}`,
      )
    }
  }
  for (const unit of rank.keys()) if (!present.has(unit)) problems.push(`layers.json names ${unit}, which src lacks`)
  return problems
}
