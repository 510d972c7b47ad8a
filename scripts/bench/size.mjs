// The SDK's size in a browser bundle, min+gz with its dependencies: esbuild (bundle, minify, ESM,
// browser platform, metafile) of a script that calls one method and of one that imports
// everything, from the SDK's built dist/ and whatever it imports (the contract, ky, zod), gzip
// level 9. The baseline is ky alone making the same call: the HTTP client's floor. The metafile
// gives each package's share of the minified output.
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
  everything: `export * from '@session-library/sdk'`,
}

// pnpm's layout: node_modules/.pnpm/<name>@<version>/node_modules/<name>/…, or packages/<dir>/….
function packageOf(input) {
  const pnpm = input.match(/node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (pnpm) return pnpm[1]
  const workspace = input.match(/packages\/([^/]+)\//)
  return workspace ? `@session-library/${workspace[1]}` : input
}

async function bundle(contents) {
  const { code: text, metafile } = await bundleForBrowser(contents, {
    resolveDir: root('packages/sdk'),
    loader: 'js',
    alias: { '@session-library/sdk': root('packages/sdk/dist/index.js') },
  })
  const code = Buffer.from(text)
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
    benchmark: 'size: script importing everything, min+gz',
    baseline: floor,
    subject: kB(sizes.everything.gz),
    unit: 'kB',
    better: 'lower',
  },
])
