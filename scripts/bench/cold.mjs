// Cold starts, whole processes, each beside its baseline in alternating rounds (medians): what a
// user meets first. The SDK's import against `node -e 0` (and ky, zod/mini and the contract's client
// entry alone, for where the time goes); the SDK's import and first call against a bare `fetch`; a
// test file's import of the mock + `createMockApi()` + `setupServer` + first answer (and the same on
// `api.fetch`, no `setupServer`) against the same steps with one hand-written msw handler, on msw 3
// and on msw 2 (the root's `msw2`); the
// standalone mock's spawn to ready line against a bare `node:http` server; the MCP server's spawn to
// its stdio log line against `node -e` writing one; and, in process, `reset()` of the default library. The 100,000-session starts are in store.mjs.
//   node scripts/bench/cold.mjs [--quick]
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createMockApi } from '../../packages/mock-server/dist/index.js'
import { emit, median, quick, root, runModule } from './lib/common.mjs'
import { mswFolders, removeMswFolders } from './lib/msw-folders.mjs'
import { spawnServer } from './lib/store-processes.mjs'

const ROUNDS = quick ? 3 : 11
// The test-file rows judge a target of 1.1× on differences of a few ms: more rounds, a steadier median.
const TEST_FILE_ROUNDS = quick ? 3 : 21
const before = process.env.BENCH_MOCK_ROOT && resolve(process.env.BENCH_MOCK_ROOT)
/** `variants`, plus each named one again from the BENCH_MOCK_ROOT checkout as "<name> · before". */
const withBefore = (variants, name, moved) =>
  before ? { ...variants, [`${name} · before`]: moved(variants[name]) } : variants
const headers = { authorization: 'Bearer test-token' }

/** Milliseconds from spawn to exit of `node --input-type=module -e <code>` run in `directory`. */
const processMs = (code, directory) => runModule(code, directory).ms

/** Each variant's median over `rounds` alternating rounds of `measure(variant)`. */
async function alternating(variants, measure, rounds = ROUNDS) {
  const times = Object.fromEntries(Object.keys(variants).map((name) => [name, []]))
  for (let round = 0; round < rounds; round++) {
    for (const [name, variant] of Object.entries(variants)) times[name].push(await measure(variant))
  }
  return Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)]))
}

const sdk = root('packages/sdk')
const imports = await alternating(
  withBefore(
    {
      'node -e 0': [sdk, '0'],
      'ky alone': [sdk, "await import('ky')"],
      'zod/mini alone': [root('packages/schemas'), "await import('zod/mini')"],
      "the contract's client entry": [sdk, "await import('@session-library/schemas/client')"],
      SDK: [sdk, "await import('@session-library/sdk')"],
    },
    'SDK',
    ([, code]) => [join(before, 'packages/sdk'), code],
  ),
  ([directory, code]) => processMs(code, directory),
)
console.log(
  `import, whole process: ${Object.entries(imports)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
    .join(', ')}`,
)

// A script's first call, import included: the SDK (its answer validated) against a bare `fetch` of
// the same page, both from the standalone mock.
const server = await spawnServer(process.execPath, [
  root('packages/mock-server/bin/session-library-mock.js'),
  ...['--port', '0', '--token', 'bench-token', '--quiet'],
])
const pageUrl = `${server.origin}/api/v1/sessions?limit=1`
const firstCalls = await alternating(
  {
    'bare fetch': `const answer = await fetch('${pageUrl}', { headers: { authorization: 'Bearer bench-token' } })
      if (!answer.ok) throw new Error(String(answer.status))
      await answer.json()`,
    SDK: `import { SessionLibrary } from '@session-library/sdk'
      await new SessionLibrary({ token: 'bench-token', baseUrl: '${server.origin}/api/v1' }).sessions.list({ limit: 1 })`,
  },
  (code) => processMs(code, sdk),
)
await server.stop()
console.log(
  `import + first call, whole process: bare fetch ${firstCalls['bare fetch'].toFixed(0)} ms, SDK ${firstCalls.SDK.toFixed(0)} ms`,
)

const firstAnswer = `const answer = await fetch('http://127.0.0.1:4777/api/v1/sessions?limit=1', { headers: ${JSON.stringify(headers)} })
  if (!answer.ok) throw new Error(String(answer.status))
  await answer.json()
  server.close()`
const testFileCode = {
  'bare msw handler': `import { http, HttpResponse } from 'msw'
      import { setupServer } from 'msw/node'
      const server = setupServer(http.get('http://127.0.0.1:4777/api/v1/sessions', () =>
        HttpResponse.json({ data: [], meta: { total: 0, limit: 1, offset: 0 } })))
      server.listen()
      ${firstAnswer}`,
  mock: `import { createMockApi } from '@session-library/mock-server'
      import { setupServer } from 'msw/node'
      const api = createMockApi()
      const server = setupServer(...api.handlers)
      server.listen()
      ${firstAnswer}`,
  'mock, api.fetch': `import { createMockApi } from '@session-library/mock-server'
      const api = createMockApi()
      const server = { close() {} }
      const fetch = api.fetch
      ${firstAnswer}`,
}

const testFiles = {}
for (const [msw, folderOf] of Object.entries(mswFolders)) {
  const directory = folderOf(root(''))
  testFiles[msw] = await alternating(
    withBefore(
      Object.fromEntries(Object.entries(testFileCode).map(([name, code]) => [name, [directory, code]])),
      'mock',
      ([, code]) => [folderOf(before), code],
    ),
    ([folder, code]) => processMs(code, folder),
    TEST_FILE_ROUNDS,
  )
  console.log(
    `test file (import + setupServer + first answer), ${msw}: ${Object.entries(testFiles[msw])
      .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
      .join(', ')}`,
  )
}
removeMswFolders()

const bare = root('scripts/bench/servers/bare.mjs')
const starts = await alternating(
  withBefore(
    {
      'bare node:http': [bare],
      mock: [
        root('packages/mock-server/bin/session-library-mock.js'),
        '--port',
        '0',
        '--token',
        'bench-token',
        '--quiet',
      ],
    },
    'mock',
    ([, ...args]) => [join(before, 'packages/mock-server/bin/session-library-mock.js'), ...args],
  ),
  async (args) => {
    const server = await spawnServer(process.execPath, args)
    await server.stop()
    return server.ms
  },
)
console.log(
  `standalone, spawn to ready line: ${Object.entries(starts)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
    .join(', ')}`,
)

// The MCP server as an assistant starts it (stdio, a URL and a token in its environment): spawn to
// its one log line on stderr, against `node -e` writing a line to stderr.
function msToStderrLine(args, pattern) {
  const started = performance.now()
  const env = { ...process.env, SESSION_LIBRARY_URL: 'http://127.0.0.1:9/api/v1', SESSION_LIBRARY_TOKEN: 'bench-token' }
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'ignore', 'pipe'], env })
  let err = ''
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${err}`)))
    child.stderr.on('data', (chunk) => {
      err += chunk
      if (!pattern.test(err)) return
      const ms = performance.now() - started
      child.removeAllListeners('exit')
      child.once('exit', () => resolve(ms))
      child.stdin.end()
    })
  })
}
// A checkout from before the bin moved out of dist has only dist/bin.js.
const mcpBin = (checkout) =>
  [
    join(checkout, 'packages/mcp-server/bin/session-library-mcp.js'),
    join(checkout, 'packages/mcp-server/dist/bin.js'),
  ].find(existsSync)
const mcpStarts = await alternating(
  withBefore({ 'node -e': ['-e', "process.stderr.write('over stdio\\n')"], MCP: [mcpBin(root(''))] }, 'MCP', () => [
    mcpBin(before),
  ]),
  (args) => msToStderrLine(args, /over stdio/),
)
console.log(
  `MCP server, spawn to its stdio log line: ${Object.entries(mcpStarts)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
    .join(', ')}`,
)

const api = createMockApi()
const resets = []
for (let round = 0; round < (quick ? 200 : 2_000); round++) {
  const started = performance.now()
  api.reset()
  resets.push(performance.now() - started)
}
const reset = median(resets)
console.log(`reset() of the default library, in process: p50 ${reset.toFixed(3)} ms`)

const over = (subject, baseline, limit) => ({ target: `≤ ${limit} ms over`, met: subject - baseline <= limit })
/** The row of the BENCH_MOCK_ROOT checkout beside `row`, when there is one. */
const beforeRow = (row, figure) =>
  figure === undefined
    ? []
    : [{ ...row, benchmark: `${row.benchmark} · before`, subject: figure, target: undefined, met: undefined }]
const rows = [
  {
    benchmark: 'cold: import the SDK, whole process (baseline node -e 0)',
    baseline: imports['node -e 0'],
    subject: imports.SDK,
    unit: 'ms',
    better: 'lower',
    ...over(imports.SDK, imports['node -e 0'], 40),
  },
  ...['ky alone', 'zod/mini alone', "the contract's client entry"].map((name) => ({
    benchmark: `cold: import ${name}, whole process (baseline node -e 0)`,
    baseline: imports['node -e 0'],
    subject: imports[name],
    unit: 'ms',
    better: 'lower',
  })),
  {
    benchmark: 'cold: import the SDK + first call (a page), whole process (baseline bare fetch)',
    baseline: firstCalls['bare fetch'],
    subject: firstCalls.SDK,
    unit: 'ms',
    better: 'lower',
  },
  ...Object.entries(testFiles).map(([msw, times]) => ({
    benchmark: `cold: test file, import + createMockApi + setupServer + first answer, ${msw} (baseline bare handler)`,
    baseline: times['bare msw handler'],
    subject: times.mock,
    unit: 'ms',
    better: 'lower',
    target: '≤ 1.1×',
    met: times.mock <= 1.1 * times['bare msw handler'],
  })),
  ...Object.entries(testFiles).map(([msw, times]) => ({
    benchmark: `cold: test file, import + createMockApi + first answer on api.fetch, ${msw} (baseline bare handler)`,
    baseline: times['bare msw handler'],
    subject: times['mock, api.fetch'],
    unit: 'ms',
    better: 'lower',
    target: '≤ 1.0×',
    met: times['mock, api.fetch'] <= times['bare msw handler'],
  })),
  {
    benchmark: 'cold: standalone mock, spawn to ready line, default library (baseline bare node:http)',
    baseline: starts['bare node:http'],
    subject: starts.mock,
    unit: 'ms',
    better: 'lower',
    ...over(starts.mock, starts['bare node:http'], 150),
  },
  {
    benchmark: 'cold: MCP server, spawn to its stdio log line (baseline node -e writing a line)',
    baseline: mcpStarts['node -e'],
    subject: mcpStarts.MCP,
    unit: 'ms',
    better: 'lower',
  },
  {
    benchmark: 'cold: reset() of the default library, p50, in process',
    subject: reset,
    unit: 'ms',
    better: 'lower',
    target: '≤ 0.1 ms',
    met: reset <= 0.1,
  },
]
const befores = {
  0: imports['SDK · before'],
  5: testFiles['msw 3']['mock · before'],
  6: testFiles['msw 2']['mock · before'],
  7: starts['mock · before'],
  8: mcpStarts['MCP · before'],
}
emit(rows.flatMap((row, at) => [row, ...beforeRow(row, befores[at])]))
