import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { installedBin, type PackedMock, startPackedMock } from './lib/packed-mock.js'
import { run, runUserVitest } from './lib/run.js'
import { readManifest, workspaceRoot } from './lib/workspace.js'

// The packed packages on every runtime a user may have (global-setup.ts installs each from the
// npm registry into a cache): Node 22 (the floor of `engines`), 24 (the one the tests run on, the
// workspace's `node` devDependency) and 26; Bun and Deno; msw 2 and msw 3 under vitest 5.
const consumerDir = inject('consumerDir')
const msw2Dir = inject('msw2Dir')
const tools = inject('tools')
const TOKEN = 'matrix-token'
const NODE_24 = readManifest(workspaceRoot).devDependencies?.node

const mockEnv = (mock: PackedMock) => ({
  ...process.env,
  SESSION_LIBRARY_URL: mock.baseUrl,
  SESSION_LIBRARY_TOKEN: TOKEN,
})

describe.each([
  ['22', tools.node22],
  ['24', process.execPath],
  ['26', tools.node26],
])('on Node %s', (major, node) => {
  let mock: PackedMock

  beforeAll(async () => {
    mock = await startPackedMock(node, consumerDir, TOKEN)
  })
  afterAll(() => mock?.stop())

  it('runs that Node (24: the workspace’s own node devDependency)', async () => {
    const version = (await run(node, ['--version'])).stdout.trim()
    expect(version).toMatch(new RegExp(`^v${major}\\.`))
    if (major === '24') expect(version).toBe(`v${NODE_24}`)
  })

  it("the packed mock's bin starts without loading Node's fetch (undici), which a server that never fetches does not need", async () => {
    const bin = installedBin(consumerDir, '@session-library/mock-server', 'session-library-mock')
    // Node's own list of the built-in modules the process loaded, printed at its exit.
    const hook = `data:text/javascript,${encodeURIComponent(
      "process.on('exit', () => process.stderr.write('LOADED ' + JSON.stringify(process.moduleLoadList) + '\\n'))",
    )}`
    const child = spawn(node, ['--import', hook, bin, '--port', '0', '--token', TOKEN, '--quiet'], {
      cwd: consumerDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => /ready at/.test(String(chunk)) && resolve())
      child.once('exit', (code) => reject(new Error(`exited ${code} before it was ready: ${stderr}`)))
    })
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    const loaded = JSON.parse(/^LOADED (.*)$/m.exec(stderr)?.[1] ?? 'null') as string[]
    expect(loaded.some((name) => name.includes('http'))).toBe(true)
    expect(loaded.filter((name) => name.includes('undici'))).toEqual([])
  })

  it('the packed mock’s bin starts and answers /api/v1/health', async () => {
    const answer = await fetch(`${mock.baseUrl}/health`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ data: { status: 'ok' } })
  })

  it.each([
    ['ESM', 'esm.mjs'],
    ['CommonJS', 'cjs.cjs'],
  ])('a %s script uses every entry of every package and the SDK over HTTP', async (kind, script) => {
    const finished = await run(node, [script], { cwd: consumerDir, env: mockEnv(mock) })
    expect(finished.stderr).toBe('')
    expect(finished.code).toBe(0)
    expect(JSON.parse(finished.stdout)).toEqual({
      health: 'ok',
      created: `Packed and installed (${kind === 'ESM' ? 'esm' : 'cjs'})`,
      found: 1,
      notFound: true,
      operations: 18,
      routes: 18,
      openapi: '3.1.0',
      inProcessMock: true,
      startServer: 'function',
    })
  })

  it('the CLI answers --help, and `sessions list --json` reads the mock', async () => {
    const cli = installedBin(consumerDir, '@session-library/cli', 'session-library')
    const help = await run(node, [cli, '--help'], { cwd: consumerDir })
    expect(help.code, help.stderr).toBe(0)
    expect(help.stdout).toMatch(/usage/i)
    const listed = await run(node, [cli, 'sessions', 'list', '--limit', '2', '--json'], {
      cwd: consumerDir,
      env: mockEnv(mock),
    })
    expect(listed.stderr).toBe('')
    expect(listed.code).toBe(0)
    expect(JSON.parse(listed.stdout)).toHaveLength(2)
  })
})

describe('the SDK on other runtimes, against the packed mock', () => {
  let mock: PackedMock

  beforeAll(async () => {
    mock = await startPackedMock(process.execPath, consumerDir, TOKEN)
  })
  afterAll(() => mock?.stop())

  it.each([
    ['Bun', tools.bun, ['sdk-round-trip.mjs'], /^Bun\/1\./],
    ['Deno', tools.deno, ['run', '--allow-env', '--allow-net', '--allow-read', 'sdk-round-trip.mjs'], /^Deno\/2\./],
  ])('a script on %s reads health, lists, creates and reads a session', async (_, program, args, userAgent) => {
    const finished = await run(program, args, { cwd: consumerDir, env: mockEnv(mock) })
    expect(finished.code, finished.stderr).toBe(0)
    expect(JSON.parse(finished.stdout)).toEqual({ health: 'ok', listed: 5, created: expect.stringMatching(userAgent) })
  })
})

// Each runtime's fetch fails its own way (Bun and Deno: other error types, codes and messages); the
// SDK's one rule makes retries, NetworkError, causeCode and message the same on all of them.
describe('network failures, the same on every runtime', () => {
  let mock: PackedMock

  beforeAll(async () => {
    mock = await startPackedMock(process.execPath, consumerDir, TOKEN)
  })
  afterAll(() => mock?.stop())

  const failed = (causeCode: string) => ({
    network: true,
    causeCode,
    message: `health.get: network error (GET http://127.0.0.1:<port>/api/v1/health): ${causeCode} 127.0.0.1:<port>`,
    attempts: 3,
  })

  it.each([
    ['Node 22', tools.node22, []],
    ['Node 24', process.execPath, []],
    ['Node 26', tools.node26, []],
    ['Bun', tools.bun, []],
    ['Deno', tools.deno, ['run', '--allow-env', '--allow-net', '--allow-read']],
  ])(
    'on %s: refused, reset and dropped connections are retried NetworkErrors; a server that comes up is read',
    async (_, program, args) => {
      const finished = await run(program, [...args, 'network-failures.mjs'], { cwd: consumerDir, env: mockEnv(mock) })
      expect(finished.code, finished.stderr).toBe(0)
      expect(JSON.parse(finished.stdout)).toEqual({
        refused: failed('ECONNREFUSED'),
        reset: failed('ECONNRESET'),
        dropped: failed('ECONNRESET'),
        cameUp: { status: 'ok', attempts: 2 },
      })
    },
  )
})

describe('the mock’s handlers in a user’s vitest 5 test with setupServer', () => {
  it.each([
    ['msw 3', 'Node 24', consumerDir, process.execPath, '3'],
    ['msw 2', 'Node 22', msw2Dir, tools.node22, '2'],
  ])('with %s on %s: lists and creates a session', async (_, __, projectDir, node, mswMajor) => {
    const installed = JSON.parse(readFileSync(join(projectDir, 'node_modules/msw/package.json'), 'utf8'))
    expect(installed.version.split('.')[0]).toBe(mswMajor)
    const { finished, report } = await runUserVitest(node, projectDir, 'setup-server', { env: { MSW_MAJOR: mswMajor } })
    expect(finished.code, `${finished.stdout}\n${finished.stderr}`).toBe(0)
    expect(report).toMatchObject({ numPassedTests: 2, numFailedTests: 0 })
  })
})
