import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { configDirOf, saveLogin } from '@session-library/internal/node'
import { describe, expect, it } from 'vitest'
import { json, runCli, TOKEN, useMock } from '../../../test/support/cli.js'
import { useLoginHome } from '../../../test/support/login-home.js'
import { readSecret } from '../../cmdutil/iostreams.js'

const mock = useMock({ sessions: 2 })
const { home, configDir } = useLoginHome('cli-auth-')

// No SESSION_LIBRARY_* variables: only the login file gives the URL and the token.
const run = (args: string[], stdin?: string) =>
  runCli(args, { env: { HOME: home() }, configDir: configDir(), ...(stdin !== undefined && { stdin }) })

describe('auth login, status, logout: flags, then environment, then the file', () => {
  it('the config folder is $XDG_CONFIG_HOME/session-library, else ~/.config/session-library', () => {
    expect(configDirOf({ XDG_CONFIG_HOME: '/x' })).toBe('/x/session-library')
    expect(configDirOf({ HOME: '/home/me' })).toBe('/home/me/.config/session-library')
  })

  it('a relative XDG_CONFIG_HOME is ignored, as the XDG spec says: ~/.config/session-library, not the working folder', () => {
    expect(configDirOf({ XDG_CONFIG_HOME: 'relative/config', HOME: '/home/me' })).toBe(
      '/home/me/.config/session-library',
    )
    expect(configDirOf({ XDG_CONFIG_HOME: './x', HOME: '/home/me' })).toBe('/home/me/.config/session-library')
  })

  it('login reads the token from stdin, checks it with health, saves URL and token in a 0600 file; status then works with no environment', async () => {
    const login = await run(['auth', 'login', '--url', mock.server().url], `${TOKEN}\n`)
    expect(login).toMatchObject({ code: 0, stdout: '' })
    expect(login.stderr).toMatch(/^Logged in to http:\/\/127\.0\.0\.1:\d+\/api\/v1 \(mode full-automation\); saved in /)
    const file = join(configDir(), 'hosts.json')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      url: mock.server().url,
      tokens: { [mock.server().url]: TOKEN },
    })
    const status = await run(['auth', 'status', '--json'])
    expect(status.code).toBe(0)
    expect(json(status)).toEqual({
      url: mock.server().url,
      urlFrom: 'login',
      tokenFrom: 'login',
      tokenWorks: true,
      mode: 'full-automation',
    })
    expect((await run(['health', '--json'])).code).toBe(0)
  })

  it('a flag wins over the environment, the environment over the file', async () => {
    const env = { HOME: home(), SESSION_LIBRARY_TOKEN: 'from-the-environment' }
    const fromEnv = await runCli(['auth', 'status', '--json'], { env, configDir: configDir() })
    expect(fromEnv.code).toBe(1)
    expect(json(fromEnv)).toMatchObject({ tokenFrom: 'environment', tokenWorks: false, refused: '401 unauthorized' })
    const fromFlag = await runCli(['auth', 'status', '--json', '--token', TOKEN], { env, configDir: configDir() })
    expect(json(fromFlag)).toMatchObject({ tokenFrom: 'flag', tokenWorks: true })
  })

  it('a refused token is not saved (exit 1); logout removes the file; status then has no token (exit 1)', async () => {
    const refused = await run(['auth', 'login', '--url', mock.server().url], 'wrong-token\n')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('refused the token (401 unauthorized); nothing saved')
    expect(JSON.parse(await readFile(join(configDir(), 'hosts.json'), 'utf8')).tokens).toEqual({
      [mock.server().url]: TOKEN,
    })
    const logout = await run(['auth', 'logout'])
    expect(logout).toMatchObject({ code: 0, stdout: '' })
    expect(logout.stderr).toMatch(/^Removed .+hosts\.json\n$/)
    const status = await run(['auth', 'status', '--json'])
    expect(status.code).toBe(1)
    expect(json(status)).toMatchObject({ urlFrom: 'default', tokenFrom: 'none', tokenWorks: false })
  })

  it('D2: logout --url removes that URL’s token only (any spelling of it); the last one removes the file', async () => {
    const other = 'http://other.test/api/v1'
    await saveLogin(configDir(), { url: other, token: 'other-token' })
    await saveLogin(configDir(), { url: mock.server().url, token: TOKEN })
    const hosts = () => readFile(join(configDir(), 'hosts.json'), 'utf8').then(JSON.parse)
    const none = await run(['auth', 'logout', '--url', 'http://never.test/api/v1'])
    expect(none).toMatchObject({ code: 0, stdout: '' })
    expect(none.stderr).toMatch(
      /^Not logged in to http:\/\/never\.test\/api\/v1 \(no token saved for it in .+hosts\.json\)\n$/,
    )
    const first = await run(['auth', 'logout', '--url', 'HTTP://Other.test:80/api/v1/'])
    expect(first).toMatchObject({ code: 0, stdout: '' })
    expect(first.stderr).toMatch(
      /^Logged out of HTTP:\/\/Other\.test:80\/api\/v1\/: its token removed from .+hosts\.json\n$/,
    )
    expect(await hosts()).toEqual({ url: mock.server().url, tokens: { [mock.server().url]: TOKEN } })
    expect(json(await run(['auth', 'status', '--json']))).toMatchObject({ tokenFrom: 'login', tokenWorks: true })
    // The default URL's login removed, the default goes with it; the other login stays.
    await saveLogin(configDir(), { url: other, token: 'other-token' })
    await saveLogin(configDir(), { url: mock.server().url, token: TOKEN })
    await run(['auth', 'logout', '--url', mock.server().url])
    expect(await hosts()).toEqual({ tokens: { [other]: 'other-token' } })
    expect((await run(['auth', 'logout', '--url', other])).stderr).toMatch(/^Logged out of /)
    await expect(stat(join(configDir(), 'hosts.json'))).rejects.toThrow('ENOENT')
  })

  it('login --token <t> logs in with that token, checked with health (no prompt, no stdin); a wrong one is refused', async () => {
    const refused = await run(['auth', 'login', '--url', mock.server().url, '--token', 'wrong-token'])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('refused the token (401 unauthorized); nothing saved')
    const login = await run(['auth', 'login', '--url', mock.server().url, '--token', TOKEN])
    expect(login.code).toBe(0)
    expect(login.stderr).toMatch(/^Logged in to http:\/\/127\.0\.0\.1:\d+\/api\/v1 \(mode full-automation\)/)
    expect(JSON.parse(await readFile(join(configDir(), 'hosts.json'), 'utf8')).tokens).toEqual({
      [mock.server().url]: TOKEN,
    })
  })

  it('login --url without /api/v1: the URL answered 404 at /health, not a refused token; suggests the /api/v1 base (exit 2)', async () => {
    const origin = mock.server().url.replace(/\/api\/v1$/, '')
    const login = await run(['auth', 'login', '--url', origin, '--token', TOKEN])
    expect(login.code).toBe(2)
    expect(login.stderr).toContain(`${origin} answered 404 at /health, so it is not the API's base URL`)
    expect(login.stderr).toContain(`try ${origin}/api/v1`)
    expect(login.stderr).not.toContain('refused the token')
  })

  it('auth token prints the token saved for the URL, alone on stdout (for $(…)); none saved: exit 1', async () => {
    await saveLogin(configDir(), { url: 'http://saved.test/api/v1', token: 'saved-token' })
    const ran = await run(['auth', 'token', '--url', 'http://saved.test/api/v1'])
    expect(ran).toEqual({ code: 0, stdout: 'saved-token\n', stderr: '' })
    const none = await run(['auth', 'token', '--url', 'http://other.test/api/v1'])
    expect(none).toMatchObject({ code: 1, stdout: '' })
    expect(none.stderr).toMatch(/^error: no token for http:\/\/other\.test\/api\/v1/)
  })

  it('on a terminal, login asks for the token on stderr', async () => {
    const login = await runCli(['auth', 'login', '--url', mock.server().url], {
      env: { HOME: home() },
      configDir: configDir(),
      tty: true,
      stdin: `${TOKEN}\n`,
    })
    expect(login.code).toBe(0)
    expect(login.stderr).toMatch(/^Token for http:\/\/127\.0\.0\.1:\d+\/api\/v1: \nLogged in/)
  })

  it('readSecret: on a terminal, raw mode (no echo) while the token is typed, Backspace honoured, then restored', async () => {
    const modes: boolean[] = []
    const stdin = Object.assign(Readable.from(['tokX\u007fen\rrest']), {
      isTTY: true,
      setRawMode: (raw: boolean) => modes.push(raw),
    })
    expect(await readSecret(stdin)).toBe('token')
    expect(modes).toEqual([true, false])
  })
})
