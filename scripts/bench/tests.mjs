// A test's requests, warm: `fetch` through msw's `setupServer` to the mock's handlers (a page of one
// session from the default library), against one hand-written msw handler answering the same page
// with `HttpResponse.json`; on msw 3 and on msw 2 (lib/msw-folders.mjs). And an SDK call
// (`sessions.list`) on `api.fetch`, no msw in between, against the same SDK call through
// `setupServer` to the hand-written handler (msw 3). Each measurement is its own
// process: 200 requests to warm up, then the mean of the next ones, in µs. Variants take turns in
// alternating rounds (medians). `BENCH_MOCK_ROOT=<another checkout, built>` adds that checkout's
// mock (rows "· before").
//   node scripts/bench/tests.mjs [--quick]
import { resolve } from 'node:path'
import { createMockApi } from '../../packages/mock-server/dist/index.js'
import { emit, median, quick, root, runModule } from './lib/common.mjs'
import { mswFolders, removeMswFolders } from './lib/msw-folders.mjs'

const ROUNDS = quick ? 3 : 9
const WARM_UP = 200
const REQUESTS = quick ? 200 : 600
const before = process.env.BENCH_MOCK_ROOT && resolve(process.env.BENCH_MOCK_ROOT)
const url = 'http://127.0.0.1:4777/api/v1/sessions?limit=1'
const headers = { authorization: 'Bearer test-token' }

// The bare handler answers the page the mock answers.
const { getResponse } = await import(root('packages/mock-server/bench/msw.mjs'))
const api = createMockApi()
const page = await (await getResponse(api.handlers, new Request(url, { headers }))).json()

const requests = `const init = { headers: ${JSON.stringify(headers)} }
  for (let i = 0; i < ${WARM_UP}; i++) await (await fetch('${url}', init)).json()
  const started = performance.now()
  for (let i = 0; i < ${REQUESTS}; i++) await (await fetch('${url}', init)).json()
  process.stdout.write(String(((performance.now() - started) * 1000) / ${REQUESTS}))
  server.close()`
const code = {
  'bare msw handler': `import { http, HttpResponse } from 'msw'
    import { setupServer } from 'msw/node'
    const page = ${JSON.stringify(page)}
    const server = setupServer(http.get('${url.split('?')[0]}', () => HttpResponse.json(page)))
    server.listen()
    ${requests}`,
  mock: `import { createMockApi } from '@session-library/mock-server'
    import { setupServer } from 'msw/node'
    const server = setupServer(...createMockApi().handlers)
    server.listen()
    ${requests}`,
}

// The SDK's call, the same page, on api.fetch and through setupServer to the bare handler (msw 3).
const sdkCalls = `for (let i = 0; i < ${WARM_UP}; i++) await client.sessions.list({ limit: 1 })
  const started = performance.now()
  for (let i = 0; i < ${REQUESTS}; i++) await client.sessions.list({ limit: 1 })
  process.stdout.write(String(((performance.now() - started) * 1000) / ${REQUESTS}))`
const sdkCode = {
  'SDK, bare msw handler': `import { http, HttpResponse } from 'msw'
    import { setupServer } from 'msw/node'
    import { SessionLibrary } from '@session-library/sdk'
    const page = ${JSON.stringify(page)}
    const server = setupServer(http.get('${url.split('?')[0]}', () => HttpResponse.json(page)))
    server.listen()
    const client = new SessionLibrary({ token: 'test-token' })
    ${sdkCalls}
    server.close()`,
  'SDK, api.fetch': `import { createMockApi } from '@session-library/mock-server'
    import { SessionLibrary } from '@session-library/sdk'
    const api = createMockApi()
    const client = new SessionLibrary({ token: api.token, fetch: api.fetch })
    ${sdkCalls}`,
}

/** µs a request of `script` run in `directory`. */
const perRequest = ([directory, script]) => Number(runModule(script, directory).stdout)

const figures = {}
for (const [msw, folderOf] of Object.entries(mswFolders)) {
  const variants = {
    'bare msw handler': [folderOf(root('')), code['bare msw handler']],
    mock: [folderOf(root('')), code.mock],
    ...(before && { 'mock · before': [folderOf(before), code.mock] }),
  }
  const times = Object.fromEntries(Object.keys(variants).map((name) => [name, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, variant] of Object.entries(variants)) times[name].push(perRequest(variant))
  }
  figures[msw] = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)]))
  console.log(
    `a test's request, warm, ${msw}: ${Object.entries(figures[msw])
      .map(([name, us]) => `${name} ${us.toFixed(0)} µs`)
      .join(', ')}`,
  )
}
removeMswFolders()

const sdkTimes = Object.fromEntries(Object.keys(sdkCode).map((name) => [name, []]))
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, script] of Object.entries(sdkCode)) sdkTimes[name].push(perRequest([root('packages/sdk'), script]))
}
const sdk = Object.fromEntries(Object.entries(sdkTimes).map(([name, values]) => [name, median(values)]))
console.log(
  `an SDK call, warm, msw 3: ${Object.entries(sdk)
    .map(([name, us]) => `${name} ${us.toFixed(0)} µs`)
    .join(', ')}`,
)

emit([
  ...Object.entries(figures).flatMap(([msw, times]) => {
    const row = {
      benchmark: `tests: a request through setupServer, warm, ${msw} (baseline bare handler)`,
      baseline: times['bare msw handler'],
      subject: times.mock,
      unit: 'µs',
      better: 'lower',
    }
    return times['mock · before'] === undefined
      ? [row]
      : [row, { ...row, benchmark: `${row.benchmark} · before`, subject: times['mock · before'] }]
  }),
  {
    benchmark:
      'tests: an SDK call on api.fetch, warm, against the same call through setupServer to a bare handler, msw 3',
    baseline: sdk['SDK, bare msw handler'],
    subject: sdk['SDK, api.fetch'],
    unit: 'µs',
    better: 'lower',
    target: '≤ 0.5×',
    met: sdk['SDK, api.fetch'] <= 0.5 * sdk['SDK, bare msw handler'],
  },
])
