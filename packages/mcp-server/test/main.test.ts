import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { saveLogin } from '@session-library/internal/node'
import { describe, expect, it } from 'vitest'
import { version } from '../src/index.js'
import { run, USAGE } from '../src/main.js'

const home = mkdtempSync(join(tmpdir(), 'mcp-home-'))
const printed: string[] = []
const logged: string[] = []
const context = (env: Record<string, string> = {}) => ({
  env: { HOME: home, ...env },
  print: (line: string) => printed.push(line),
  log: (line: string) => logged.push(line),
})

describe('the command line of session-library-mcp', () => {
  it('--help and --version print to stdout and serve nothing', async () => {
    expect(await run(['--help'], context())).toBeUndefined()
    expect(await run(['--version'], context())).toBeUndefined()
    expect(printed).toEqual([USAGE.trimEnd(), version])
    expect(logged).toEqual([])
  })

  it('a bad flag, argument, port or filter is a usage error', async () => {
    await expect(run(['--moc'], context())).rejects.toThrow("unknown flag '--moc' (did you mean '--mock'?)")
    await expect(run(['serve'], context())).rejects.toThrow("unexpected argument 'serve'")
    await expect(run(['--http', '--port', '65536'], context())).rejects.toThrow(
      '--port: "65536" is not a port (0–65535)',
    )
    await expect(run(['--tools', 'nope_tool'], context())).rejects.toThrow(/unknown tool 'nope_tool'/)
    await expect(run(['--code-mode', '--groups', 'tags'], context())).rejects.toThrow(
      '--code-mode offers its own two tools: drop --tools and --groups',
    )
  })

  it("without a token it says how to give one; the saved login's token is taken for its URL only", async () => {
    await expect(run([], context())).rejects.toThrow(
      "no token for http://127.0.0.1:4777/api/v1. Set SESSION_LIBRARY_TOKEN, run 'session-library auth login', or use --mock.",
    )
    await saveLogin(join(home, '.config', 'session-library'), {
      url: 'http://127.0.0.1:1/api/v1',
      token: 'saved-secret',
    })
    await expect(run(['--url', 'http://127.0.0.1:2/api/v1'], context())).rejects.toThrow(
      /^no token for http:\/\/127\.0\.0\.1:2/,
    )
    const stop = await run(['--url', 'http://127.0.0.1:1/api/v1', '--http', '--port', '0'], context())
    await stop?.()
    expect(logged.at(-1)).toMatch(
      /^session-library-mcp: 19 tools at http:\/\/127\.0\.0\.1:\d+\/mcp .+ calling http:\/\/127\.0\.0\.1:1\/api\/v1$/,
    )
    expect(logged.join('\n')).not.toContain('saved-secret')
  })

  it('warns on stderr when --read-only, --tools or --groups leave no tool', async () => {
    const env = { SESSION_LIBRARY_TOKEN: 'env-token' }
    const argv = [
      '--url',
      'http://127.0.0.1:1/api/v1',
      '--read-only',
      '--tools',
      'sessions_create',
      '--http',
      '--port',
      '0',
    ]
    const stop = await run(argv, context(env))
    await stop?.()
    expect(logged).toContain(
      'session-library-mcp: warning: --read-only --tools leave no tool to offer; only the resources are served',
    )
    expect(logged.at(-1)).toMatch(/: 0 tools at /)
  })

  it('--http shows a generated secret once, in its ready line, and never the API token (D2)', async () => {
    const env = { SESSION_LIBRARY_TOKEN: 'env-api-token-0123456789' }
    const stop = await run(['--url', 'http://127.0.0.1:1/api/v1', '--http', '--port', '0'], context(env))
    await stop?.()
    const line = logged.at(-1) ?? ''
    expect(line).toMatch(/ \(Streamable HTTP; Authorization: Bearer, secret: [\w-]{32}\), calling /)
    expect(logged.join('\n')).not.toContain('env-api-token-0123456789')
  })

  it('--http-token or SESSION_LIBRARY_MCP_TOKEN gives the secret, which is never shown; too short or the API token is a usage error', async () => {
    const env = {
      SESSION_LIBRARY_TOKEN: 'env-api-token-0123456789',
      SESSION_LIBRARY_MCP_TOKEN: 'given-secret-0123456789',
    }
    const argv = ['--url', 'http://127.0.0.1:1/api/v1', '--http', '--port', '0']
    const stop = await run(argv, context(env))
    await stop?.()
    expect(logged.at(-1)).toContain('(Streamable HTTP; Authorization: Bearer, the secret given), calling')
    expect(logged.join('\n')).not.toContain('given-secret-0123456789')
    await expect(run([...argv, '--http-token', 'short'], context(env))).rejects.toThrow(
      '--http-token: the secret must be at least 16 characters',
    )
    await expect(run([...argv, '--http-token', 'env-api-token-0123456789'], context(env))).rejects.toThrow(
      '--http-token: the secret must not be the API token (SESSION_LIBRARY_TOKEN); choose another one',
    )
    await expect(run([...argv, '--max-sessions', '0'], context(env))).rejects.toThrow(
      '--max-sessions: "0" is not a whole number ≥ 1',
    )
    for (const minutes of ['0', '-1', '1e3', 'soon'])
      await expect(run([...argv, '--idle-minutes', minutes], context(env))).rejects.toThrow(
        `--idle-minutes: "${minutes}" is not a number of minutes > 0`,
      )
    await (await run([...argv, '--idle-minutes', '0.05'], context(env)))?.()
  })
})
