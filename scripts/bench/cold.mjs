// Cold starts, whole processes, each beside its baseline in alternating rounds (medians): what a
// user meets first. The SDK's import against `node -e 0` (and ky, zod/mini and the contract's client
// entry alone, for where the time goes); a test file's import of the mock + `createMockApi()` +
// `setupServer` + first answer against the same steps with one hand-written msw handler; the
// standalone mock's spawn to ready line against a bare `node:http` server; and, in process, `reset()`
// of the default library. The 100,000-session starts are in store.mjs.
//   node scripts/bench/cold.mjs [--quick]
import { spawnSync } from 'node:child_process'
import { join, resolve } from 'node:path'
import { createMockApi } from '../../packages/mock-server/dist/index.js'
import { emit, median, quick, root } from './lib/common.mjs'
import { spawnServer } from './lib/store-processes.mjs'

const ROUNDS = quick ? 3 : 11
const before = process.env.BENCH_MOCK_ROOT && resolve(process.env.BENCH_MOCK_ROOT)
/** `variants`, plus each named one again from the BENCH_MOCK_ROOT checkout as "<name> · before". */
const withBefore = (variants, name, moved) =>
  before ? { ...variants, [`${name} · before`]: moved(variants[name]) } : variants
const headers = { authorization: 'Bearer test-token' }

/** Milliseconds from spawn to exit of `node --input-type=module -e <code>` run in `directory`. */
function processMs(code, directory) {
  const started = performance.now()
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: directory, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`${code.slice(0, 60)}…: exit ${run.status}: ${run.stderr}`)
  return performance.now() - started
}

/** Each variant's median over ROUNDS alternating rounds of `measure(variant)`. */
async function alternating(variants, measure) {
  const times = Object.fromEntries(Object.keys(variants).map((name) => [name, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, variant] of Object.entries(variants)) times[name].push(await measure(variant))
  }
  return Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)]))
}

const sdk = root('packages/sdk')
const mock = root('packages/mock-server')
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

const firstAnswer = `const answer = await fetch('http://127.0.0.1:4777/api/v1/sessions?limit=1', { headers: ${JSON.stringify(headers)} })
  if (!answer.ok) throw new Error(String(answer.status))
  await answer.json()
  server.close()`
const testFile = await alternating(
  withBefore(
    {
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
    },
    'mock',
    (code) => [join(before, 'packages/mock-server'), code],
  ),
  (code) => (Array.isArray(code) ? processMs(code[1], code[0]) : processMs(code, mock)),
)
console.log(
  `test file (import + setupServer + first answer), msw 3: ${Object.entries(testFile)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
    .join(', ')}`,
)

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
    benchmark: 'cold: test file, import + createMockApi + setupServer + first answer, msw 3 (baseline bare handler)',
    baseline: testFile['bare msw handler'],
    subject: testFile.mock,
    unit: 'ms',
    better: 'lower',
    target: '≤ 1.1×',
    met: testFile.mock <= 1.1 * testFile['bare msw handler'],
  },
  {
    benchmark: 'cold: standalone mock, spawn to ready line, default library (baseline bare node:http)',
    baseline: starts['bare node:http'],
    subject: starts.mock,
    unit: 'ms',
    better: 'lower',
    ...over(starts.mock, starts['bare node:http'], 150),
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
const befores = { 0: imports['SDK · before'], 4: testFile['mock · before'], 5: starts['mock · before'] }
emit(rows.flatMap((row, at) => [row, ...beforeRow(row, befores[at])]))
