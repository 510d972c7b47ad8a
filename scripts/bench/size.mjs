// The SDK's size in a browser bundle, min+gz with its dependencies: esbuild (bundle, minify, ESM,
// browser platform, metafile) of a script that calls one method and of one that imports
// everything, from the SDK's built dist/ (which bundles the contract, ky and zod), gzip level 9.
// The baseline is ky alone making the same call: the HTTP client's floor. The floor with validation
// on is ky making the call and the contract's own answer schema checking it (zod/mini), no SDK.
// Each package's share of the minified output comes from the same script bundled from the sources.
//   node scripts/bench/size.mjs
import { gzipSync } from 'node:zlib'
import { bundleForBrowser } from '../../test-support/browser-bundle.ts'
import { emit, root } from './lib/common.mjs'

const scripts = {
  'ky alone, one call': `import ky from 'ky'
    ky.get('http://127.0.0.1:4777/api/v1/sessions', { searchParams: { limit: 1 } }).json().then((page) => console.log(page.meta.total))`,
  'one method': `import { SessionLibrary } from '@session-library/sdk'
    const client = new SessionLibrary({ token: 't' })
    client.sessions.list({ limit: 1 }).then((page) => console.log(page.meta.total))`,
  'ky + the contract, one validated call': `import ky from 'ky'
    import { routes } from '@session-library/schemas/client'
    ky.get('http://127.0.0.1:4777/api/v1/sessions', { searchParams: { limit: 1 } }).json()
      .then((body) => console.log(routes['sessions.list'].answer.tolerant.parse(body).meta.total))`,
  everything: `export * from '@session-library/sdk'`,
}

// pnpm's layout: node_modules/.pnpm/<name>@<version>/node_modules/<name>/…, or packages/<dir>/….
function packageOf(input) {
  const pnpm = input.match(/node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (pnpm) return pnpm[1]
  const workspace = input.match(/packages\/([^/]+)\//)
  return workspace ? `@session-library/${workspace[1]}` : input
}

const fromDist = { '@session-library/sdk': root('packages/sdk/dist/index.js') }
const fromSources = {
  '@session-library/sdk': root('packages/sdk/src/index.ts'),
  '@session-library/schemas/client': root('packages/schemas/src/client.ts'),
}

async function bundle(contents) {
  const at = (alias) => bundleForBrowser(contents, { resolveDir: root('packages/sdk'), loader: 'js', alias })
  const code = Buffer.from((await at(fromDist)).code)
  const { metafile } = await at(fromSources)
  const shares = new Map()
  for (const [input, { bytesInOutput }] of Object.entries(Object.values(metafile.outputs)[0].inputs)) {
    const name = packageOf(input)
    shares.set(name, (shares.get(name) ?? 0) + bytesInOutput)
  }
  return { min: code.length, gz: gzipSync(code, { level: 9 }).length, shares }
}

const sizes = {}
for (const [name, contents] of Object.entries(scripts)) {
  sizes[name] = await bundle(contents)
  const shares = [...sizes[name].shares]
    .sort((a, b) => b[1] - a[1])
    .map(([pkg, bytes]) => `${pkg} ${(bytes / 1024).toFixed(1)}`)
    .join(', ')
  const { min, gz } = sizes[name]
  console.log(
    `${name}: ${(min / 1024).toFixed(1)} kB min, ${(gz / 1024).toFixed(1)} kB min+gz (min kB by package: ${shares})`,
  )
}
const kB = (bytes) => bytes / 1024
const floor = kB(sizes['ky alone, one call'].gz)
emit([
  {
    benchmark: 'size: script calling one method, min+gz',
    baseline: floor,
    subject: kB(sizes['one method'].gz),
    unit: 'kB',
    better: 'lower',
    target: '≤ 15 kB',
    met: kB(sizes['one method'].gz) <= 15,
  },
  {
    benchmark: "size: floor with validation on: ky + the contract's answer schema (zod/mini), no SDK",
    baseline: floor,
    subject: kB(sizes['ky + the contract, one validated call'].gz),
    unit: 'kB',
    better: 'lower',
  },
  {
    benchmark: 'size: script importing everything, min+gz',
    baseline: floor,
    subject: kB(sizes.everything.gz),
    unit: 'kB',
    better: 'lower',
  },
])
