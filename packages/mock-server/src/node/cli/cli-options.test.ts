import { UsageError } from '@session-library/internal'
import { describe, expect, it } from 'vitest'
import { parseCliArgs, usage } from './cli-options.js'

const parse = (args: string[], env: Record<string, string> = {}) => parseCliArgs(args, env, () => 'random-token')

describe('CLI flags (MOCK.md)', () => {
  it('parses every flag of MOCK.md into the server options', () => {
    const command = parse([
      '--port=0',
      '--host',
      '::1',
      '--token',
      't0k',
      '--mode',
      'read-only',
      '--effective-mode',
      'disabled',
      '--unavailable',
      'waveform,import',
      '--sessions',
      '0',
      '--seed',
      '9',
      '--data',
      'lib.json',
      '--now',
      '2026-11-21T10:00:00Z',
      '--recent-days',
      '7',
      '--import-delay',
      '5',
      '--latency',
      '10',
      '--allow-host',
      'mock.test, other.test',
      '--cors',
      'http://localhost:5173',
      '--proxy-max-body',
      '1024',
      '--no-prefer',
      '--quiet',
    ])
    expect(command).toEqual({
      kind: 'serve',
      quiet: true,
      options: {
        port: 0,
        host: '::1',
        token: 't0k',
        mode: 'read-only',
        effectiveMode: 'disabled',
        unavailable: ['waveform', 'import'],
        sessions: 0,
        seed: 9,
        data: 'lib.json',
        now: '2026-11-21T10:00:00.000Z',
        recentDays: 7,
        importDelay: 5,
        latency: 10,
        allowHosts: ['mock.test', 'other.test'],
        cors: ['http://localhost:5173'],
        proxyMaxBody: 1024,
        prefer: false,
      },
    })
  })

  it('D2: takes the token from --token, else $SESSION_LIBRARY_TOKEN, else a random one', () => {
    const env = { SESSION_LIBRARY_TOKEN: 'from-env' }
    expect(parse(['--token', 'flag'], env)).toMatchObject({ options: { token: 'flag' } })
    expect(parse([], env)).toMatchObject({ options: { token: 'from-env' } })
    expect(parse([])).toMatchObject({ options: { token: 'random-token' }, quiet: false })
  })

  it('answers --help and --version', () => {
    expect(parse(['--help'])).toEqual({ kind: 'help' })
    expect(parse(['--version'])).toEqual({ kind: 'version' })
  })

  it.each([
    [['--bogus']],
    [['positional']],
    [['--port']],
    [['--port', '65536']],
    [['--port', '-1']],
    [['--port', '1e3']],
    [['--mode', 'full']],
    [['--effective-mode', 'on']],
    [['--unavailable', 'waveform,tags']],
    [['--sessions', 'many']],
    [['--now', 'yesterday']],
    [['--cors', 'localhost:5173']],
    [['--cors', 'http://localhost:5173/']],
    [['--token', '']],
    [['--quiet=maybe']],
    [['--proxy-max-body', '0']],
    [['--proxy-max-body', '8MiB']],
  ])('refuses %j with a UsageError', (args) => {
    expect(() => parse(args)).toThrow(UsageError)
  })

  it("MOCK.md: the CLI's parser: a switch given a value, an unknown flag named with the nearest, a value with a dash", () => {
    expect(parse(['--quiet=false'])).toMatchObject({ quiet: false })
    expect(parse(['--quiet=yes'])).toMatchObject({ quiet: true })
    expect(() => parse(['--prot', '0'])).toThrow("unknown flag '--prot' (did you mean '--port'?)")
    expect(() => parse(['--port', '-1'])).toThrow('--port: must be an integer from 0 to 65535')
    expect(() => parse(['--port'])).toThrow('--port needs a value <n>')
    expect(() => parse(['positional'])).toThrow("unexpected argument 'positional' (it takes flags only)")
  })

  it('lists every flag in the usage, its meaning in one column past the longest flag', () => {
    const starts = usage()
      .split('\n')
      .filter((line) => line.startsWith('  --'))
      .map((line) => line.search(/ {2}[a-z]/i))
    expect(new Set(starts).size).toBe(1)
    for (const flag of [
      '--port <n>',
      '--effective-mode <m>',
      '--allow-host <list>',
      '--cors <list>',
      '--proxy-max-body <bytes>',
      '--quiet',
      '--version',
    ]) {
      expect(usage()).toContain(flag)
    }
  })

  it('D19, D20: the usage says what a failed write, a bad Host and a proxied answer over the limit are answered', () => {
    for (const code of [
      '503 storage_unavailable',
      '400 invalid_host',
      '408 request_timeout',
      '431 headers_too_large',
    ]) {
      expect(usage()).toContain(code)
    }
    expect(usage()).toContain('over --proxy-max-body is 502')
  })
})
