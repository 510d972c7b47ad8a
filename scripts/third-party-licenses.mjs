// Code bundled from other packages keeps its licence notices (MIT and the like ask for it): after a
// package's build, every npm package that an esbuild metafile of that build lists among its inputs
// gets its name, version, licence and licence text in dist/THIRD-PARTY-LICENSES.md, which ships
// with the package. A workspace package's built file among the inputs brings the notices of what
// that build bundled in turn (the CLI bundles the SDK's dist, which bundles ky). The metafiles
// themselves are build by-products and are removed.
//   node ../../scripts/third-party-licenses.mjs   (from a package's folder, after its build)
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const dist = resolve('dist')
const metafiles = readdirSync(dist).filter((file) => /^metafile-.*\.json$/.test(file))

/** The folder of the npm package an input path lies in, or undefined for the workspace's own code. */
function packageRoot(input) {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input)
  return match ? resolve(match[1]) : undefined
}

const roots = new Set()
const workspaceDists = new Set()
for (const file of metafiles) {
  const { inputs } = JSON.parse(readFileSync(join(dist, file), 'utf8'))
  for (const input of Object.keys(inputs)) {
    const root = packageRoot(input)
    if (root) roots.add(root)
    else if (/(^|\/)dist\//.test(input)) workspaceDists.add(resolve(input.replace(/(^|\/)dist\/.*$/, '$1dist')))
  }
  rmSync(join(dist, file))
}

function licenceText(root) {
  const file = readdirSync(root).find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name))
  return file ? readFileSync(join(root, file), 'utf8').trim() : undefined
}

const bySection = new Map()
for (const root of roots) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const text = licenceText(root)
  const heading = `## ${manifest.name}@${manifest.version} (${manifest.license ?? 'see its package'})`
  bySection.set(
    heading,
    text ? `${heading}\n\n\`\`\`text\n${text}\n\`\`\`\n` : `${heading}\n\nNo licence file in the package.\n`,
  )
}
for (const other of workspaceDists) {
  const notices = join(other, 'THIRD-PARTY-LICENSES.md')
  if (other === dist || !existsSync(notices)) continue
  for (const part of readFileSync(notices, 'utf8').split('\n## ').slice(1)) {
    const heading = `## ${part.slice(0, part.indexOf('\n'))}`
    if (!bySection.has(heading)) bySection.set(heading, `## ${part.trimEnd()}\n`)
  }
}
const sections = [...bySection.keys()].sort((a, b) => a.localeCompare(b)).map((heading) => bySection.get(heading))

const target = join(dist, 'THIRD-PARTY-LICENSES.md')
if (sections.length > 0) {
  const intro = '# Third-party licences\n\nThis build bundles code of the packages below, under their licences.\n'
  writeFileSync(target, `${intro}\n${sections.join('\n')}`)
} else if (existsSync(target)) rmSync(target)
console.log(`third-party licences: ${sections.length} bundled packages${sections.length ? ` → ${target}` : ''}`)
