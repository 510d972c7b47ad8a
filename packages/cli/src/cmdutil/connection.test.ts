import { once } from 'node:events'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { type AddressInfo, createServer } from 'node:net'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { json, runCli, TOKEN, useMock } from '../../test/support/cli.js'
import { useLoginHome } from '../../test/support/login-home.js'
import { answer, useRawServer } from '../../test/support/raw-server.js'

const OTHER_TOKEN = 'other-mock-token'
const mock = useMock({ sessions: 1 })
const otherMock = useMock({ sessions: 1, token: OTHER_TOKEN })
// Another server: it records the Authorization header of every request and refuses them all.
const received: (string | undefined)[] = []
const stranger = useRawServer((request, response) => {
  received.push(request.headers.authorization)
  answer(response, 401, { error: { code: 'unauthorized', message: 'who are you?' } })
})

const { home, configDir } = useLoginHome('cli-auth-url-')
beforeEach(async () => {
  received.length = 0
  await rm(configDir(), { recursive: true, force: true })
})

const run = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { env: { HOME: home(), ...env }, configDir: configDir() })
// The token on stdin, as every version of auth login takes it.
const login = (url: string, token: string) =>
  runCli(['auth', 'login', '--url', url], { env: { HOME: home() }, configDir: configDir(), stdin: `${token}\n` })

describe('a saved token belongs to the URL it was saved for (as gh keeps one per host)', () => {
  it('D2: health --url <another server> after auth login sends it no saved token: exit 2, how to log in there', async () => {
    expect((await login(mock.server().url, TOKEN)).code).toBe(0)
    const ran = await run(['health', '--url', stranger()])
    expect(received).toEqual([])
    expect(ran.code).toBe(2)
    expect(ran.stderr).toContain(`no token for ${stranger()} (auth login saved one for ${mock.server().url} only`)
    expect(ran.stderr).toContain(`run 'session-library auth login --url ${stranger()}'`)
  })

  it('D2: SESSION_LIBRARY_URL=<another server> auth status sends it no saved token: tokenFrom none, exit 1', async () => {
    expect((await login(mock.server().url, TOKEN)).code).toBe(0)
    const ran = await run(['auth', 'status', '--json'], { SESSION_LIBRARY_URL: stranger() })
    expect(received).toEqual([])
    expect(ran.code).toBe(1)
    expect(json(ran)).toMatchObject({ url: stranger(), urlFrom: 'environment', tokenFrom: 'none', tokenWorks: false })
    expect(ran.stderr).toContain(`not logged in: no token for ${stranger()}`)
  })

  it('D2: a token given with --token or SESSION_LIBRARY_TOKEN still goes to any URL', async () => {
    expect((await login(mock.server().url, TOKEN)).code).toBe(0)
    expect((await run(['health', '--url', stranger(), '--token', 'explicit-flag'])).code).toBe(1)
    const env = { SESSION_LIBRARY_URL: stranger(), SESSION_LIBRARY_TOKEN: 'explicit-env' }
    expect((await run(['health'], env)).code).toBe(1)
    expect(received).toEqual(['Bearer explicit-flag', 'Bearer explicit-env'])
  })

  it('D2: two logins keep a token each; the last URL is the default; each URL gets its own token', async () => {
    expect((await login(mock.server().url, TOKEN)).code).toBe(0)
    expect((await login(otherMock.server().url, OTHER_TOKEN)).code).toBe(0)
    const saved = JSON.parse(await readFile(join(configDir(), 'hosts.json'), 'utf8'))
    expect(saved).toEqual({
      url: otherMock.server().url,
      tokens: { [mock.server().url]: TOKEN, [otherMock.server().url]: OTHER_TOKEN },
    })
    expect(json(await run(['auth', 'status', '--json']))).toMatchObject({ urlFrom: 'login', tokenWorks: true })
    // The same base URL written with a trailing slash and an upper-case scheme is the same login.
    const sameUrl = mock.server().url.replace('http:', 'HTTP:').concat('/')
    const first = await run(['auth', 'status', '--json', '--url', sameUrl])
    expect(json(first)).toMatchObject({ urlFrom: 'flag', tokenFrom: 'login', tokenWorks: true })
  })

  it('a file of the earlier { url, token } shape still logs in to its URL, and to no other', async () => {
    await mkdir(configDir(), { recursive: true })
    await writeFile(join(configDir(), 'hosts.json'), JSON.stringify({ url: mock.server().url, token: TOKEN }))
    expect(json(await run(['auth', 'status', '--json']))).toMatchObject({ tokenFrom: 'login', tokenWorks: true })
    await run(['health', '--url', stranger()])
    expect(received).toEqual([])
  })
})

// Answers 503 to everything: a read is retried.
const busy = useRawServer((_request, response) =>
  answer(response, 503, { error: { code: 'unavailable', message: 'busy' } }),
)

describe('--verbose retry lines', () => {
  it('say why (the status, or no answer) and how long the wait before the next attempt was', async () => {
    const ran = await runCli(['health', '--verbose', '--retries', '1', '--url', busy(), '--token', TOKEN])
    expect(ran.code).toBe(1)
    expect(ran.stderr).toMatch(new RegExp(`^\\* retry 1: GET ${busy()}/health answered 503; again after \\d+ ms$`, 'm'))
    // A port just freed: nothing listens there (the connection is refused, a network error that is retried).
    const free = createServer().listen(0, '127.0.0.1')
    await once(free, 'listening')
    const { port } = free.address() as AddressInfo
    await new Promise((closed) => free.close(closed))
    const refused = await runCli([
      'health',
      '--verbose',
      '--retries',
      '1',
      '--url',
      `http://127.0.0.1:${port}/api/v1`,
      '--token',
      TOKEN,
    ])
    expect(refused.stderr).toMatch(
      /^\* retry 1: GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/health no answer \(network error\); again after \d+ ms$/m,
    )
  })
})
