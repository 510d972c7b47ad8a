// Measures what the contract costs in a client bundle: esbuild (bundle, minify, ESM, browser) and
// gzip level 9, with zod/mini as shipped and with Zod classic in its place, importing the contract
// from its sources (what a bundler that sees src can shake) and from dist/index.js (what a
// consumer of the published package bundles). Each bundle is also run, so that no figure comes
// from code that does not work. Not part of the test suite:
//   pnpm --filter @session-library/schemas build && node packages/schemas/scripts/measure-size.mjs
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { sessionRecord } from '../../../test-support/fixtures/session-record.ts'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
// The main entry and the client entry, each as sources and as built.
const contracts = {
  main: { src: join(packageDir, 'src/index.ts'), dist: join(packageDir, 'dist/index.js') },
  client: { src: join(packageDir, 'src/client.ts'), dist: join(packageDir, 'dist/client.js') },
}
// ky is a dependency of the SDK, not of this package.
const sdkModules = fileURLToPath(new URL('../../sdk/node_modules', import.meta.url))

const sessionSample = sessionRecord({
  tags: ['drums'],
  projectPath: '/music/night-drive.als',
  projectOriginalPath: '/music/night-drive.als',
})

// Each case exports `check(session)`; its answer proves that the bundled schemas work. `entry` names
// the package entry it imports (the main one unless it says otherwise).
const entries = {
  'answer schemas: parse a session': {
    code: (from) => `import { session } from ${from}
      export const check = (input) => {
        const ok = session.tolerant.parse(input)
        return [ok.id, session.exact.safeParse({ ...ok, extra: 1 }).success]
      }`,
    expected: ['ses_1', false],
  },
  'endpoints table: parse a session and a create body': {
    code: (from) => `import { endpoints } from ${from}
      export const check = (input) => {
        const ok = endpoints['sessions.get'].answer.tolerant.parse({ data: input })
        const body = endpoints['sessions.create'].body.parse({ title: ' Night Drive ', tags: ['a', ' a'] })
        return [ok.data.id, body.title, body.kind, body.tags]
      }`,
    expected: ['ses_1', 'Night Drive', 'other', ['a']],
  },
  'createOpenApiDocument()': {
    code: (from) => `import { createOpenApiDocument } from ${from}
      export const check = () => [createOpenApiDocument().openapi]`,
    expected: ['3.1.0'],
  },
  'client entry: routes, parse a session': {
    entry: 'client',
    code: (from) => `import { routes } from ${from}
      export const check = (input) => [routes['sessions.get'].answer.tolerant.parse({ data: input }).data.id]`,
    expected: ['ses_1'],
  },
  'ky GET + client entry': {
    entry: 'client',
    code: (from) => `import ky from 'ky'
      import { operationPath, routes } from ${from}
      export const check = async () => {
        const body = await ky.get('http://127.0.0.1' + operationPath('sessions.get', { id: 'ses_1' })).json()
        return [routes['sessions.get'].answer.tolerant.parse({ data: body }).data.id]
      }`,
    expected: ['ses_1'],
  },
  'ky GET + answer schemas (the issue’s case)': {
    code: (from) => `import ky from 'ky'
      import { session } from ${from}
      export const check = async () => [session.tolerant.parse(await ky.get('http://127.0.0.1/s').json()).id]`,
    expected: ['ses_1'],
  },
}

// Zod classic in place of zod/mini. Its namespace offers the same functions except four that the
// contract uses: `minimum`/`maximum` are `gte`/`lte` there, `partial`/`extend` are methods. The shim
// maps them, so that the contract's own code runs unchanged on classic schemas.
const shim = `export * from 'zod'
export { gte as minimum, lte as maximum } from 'zod'
export const partial = (schema, mask) => schema.partial(mask)
export const extend = (schema, shape) => schema.extend(shape)
`
const classic = {
  name: 'zod-classic',
  setup(builder) {
    builder.onResolve({ filter: /^zod\/mini$/ }, () => ({ path: 'zod-classic-shim', namespace: 'shim' }))
    builder.onLoad({ filter: /.*/, namespace: 'shim' }, () => ({ contents: shim, resolveDir: packageDir }))
  },
}

async function bundle(code, zod) {
  const result = await build({
    stdin: { contents: code, resolveDir: packageDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    nodePaths: [sdkModules],
    plugins: zod === 'classic' ? [classic] : [],
    logLevel: 'silent',
  })
  return result.outputFiles[0].contents
}

async function runs(bytes, file, expected) {
  writeFileSync(file, bytes)
  try {
    const { check } = await import(pathToFileURL(file).href)
    return JSON.stringify(await check(sessionSample)) === JSON.stringify(expected)
  } catch (error) {
    return `fails: ${String(error).slice(0, 60)}`
  }
}

const kB = (bytes) => (bytes / 1000).toFixed(1)

async function measure(dir) {
  const rows = []
  for (const [name, entry] of Object.entries(entries)) {
    for (const [from, path] of Object.entries(contracts[entry.entry ?? 'main'])) {
      for (const zod of ['mini', 'classic']) {
        const bytes = await bundle(entry.code(JSON.stringify(path)), zod)
        const text = new TextDecoder().decode(bytes)
        rows.push({
          case: name,
          from,
          zod,
          'min kB': kB(bytes.length),
          'min+gz kB': kB(gzipSync(bytes, { level: 9 }).length),
          // Markers: the contract's OpenAPI builder, and Zod's JSON Schema generator.
          createOpenApiDocument: text.includes('bearerAuth'),
          toJSONSchema: text.includes('draft-2020-12'),
          runs: await runs(bytes, join(dir, `${rows.length}.mjs`), entry.expected),
        })
      }
    }
  }
  return rows
}

// ky's GET answers the sample session without a network.
globalThis.fetch = async () => Response.json(sessionSample)
const dir = mkdtempSync(join(os.tmpdir(), 'measure-size-'))
try {
  const rows = await measure(dir)
  const [cpu] = os.cpus()
  console.log(`${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} × ${cpu?.model}`)
  console.table(rows)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
