import { parseFlags, type ShellFlag, UsageError, usageColumns } from '@session-library/internal'
import { MODES, SERVICES } from '@session-library/schemas'
import type { StartServerOptions } from '../start-server.js'

interface Flag {
  value?: string
  meaning: string
  fallback: string
  /** How its value reads into the start option named like the flag; a bad one is a UsageError naming the flag. */
  read?: (value: string, flag: string) => unknown
}

const valued = (value: string, meaning: string, fallback: string, read: Flag['read']): Flag => ({
  value,
  meaning,
  fallback,
  read,
})

const integer =
  (min: number, max = Number.MAX_SAFE_INTEGER) =>
  (value: string, flag: string): number => {
    const number = /^\d+$/.test(value) ? Number(value) : Number.NaN
    if (!(number >= min && number <= max)) throw new UsageError(`--${flag}: must be an integer from ${min} to ${max}`)
    return number
  }

const oneOf =
  <T extends string>(allowed: readonly T[]) =>
  (value: string, flag: string): T => {
    if ((allowed as readonly string[]).includes(value)) return value as T
    throw new UsageError(`--${flag}: must be one of ${allowed.join(', ')}`)
  }

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

function origin(value: string, flag: string): string {
  const parsed = URL.canParse(value) ? new URL(value).origin : undefined
  if (parsed !== value)
    throw new UsageError(`--${flag}: ${JSON.stringify(value)} is not an origin like http://localhost:5173`)
  return value
}

function proxyUrl(value: string, flag: string): string {
  const protocol = URL.canParse(value) ? new URL(value).protocol : ''
  if (protocol === 'http:' || protocol === 'https:') return value
  throw new UsageError(`--${flag}: ${JSON.stringify(value)} is not a URL like http://127.0.0.1:5000/api/v1`)
}

function instant(value: string, flag: string): string {
  if (Number.isNaN(Date.parse(value))) throw new UsageError(`--${flag}: must be an ISO 8601 date and time`)
  return new Date(value).toISOString()
}

/** Every flag of MOCK.md: its names and meanings are the CLI's public interface. */
const FLAGS: Record<string, Flag> = {
  port: valued('n', 'port to listen on; 0 picks a free one', '4777', integer(0, 65_535)),
  host: valued('addr', 'address to bind', '127.0.0.1', String),
  token: valued('t', 'the bearer token it accepts', '$SESSION_LIBRARY_TOKEN, else a random one', (value, flag) => {
    if (value === '') throw new UsageError(`--${flag}: must not be empty`)
    return value
  }),
  mode: valued('m', `configured mode: ${MODES.join(', ')}`, 'full-automation', oneOf(MODES)),
  'effective-mode': valued('m', 'effective mode, when it should differ from --mode', 'same as --mode', oneOf(MODES)),
  unavailable: valued('list', `comma list of services that answer 501: ${SERVICES.join(', ')}`, 'none', (value, flag) =>
    list(value).map((service) => oneOf(SERVICES)(service, flag)),
  ),
  sessions: valued('n', 'demo sessions to seed; 0 starts with an empty library', '24', integer(0, 100_000)),
  seed: valued('n', 'seed of the demo data and of every generated id, so runs repeat', '1', integer(0, 2 ** 32 - 1)),
  data: valued(
    'file',
    'load the library from this JSON file, every change made durable (created if missing)',
    'in memory',
    String,
  ),
  now: valued('iso', 'fix the clock (for lastOpened, recent, timestamps)', 'the real clock', instant),
  'recent-days': valued('n', 'the window of recent=true', '30', integer(0, 100_000)),
  'import-delay': valued('ms', 'time each import item takes', '25', integer(0, 600_000)),
  latency: valued('ms', 'delay added to every answer', '0', integer(0, 600_000)),
  'allow-host': valued('list', 'extra Host names accepted besides loopback ones', 'none', list),
  cors: valued('list', 'origins allowed by CORS', 'none', (value, flag) =>
    list(value).map((each) => origin(each, flag)),
  ),
  proxy: valued(
    'url',
    'forward every /api/v1 request to this server and check both directions against the contract',
    'off',
    proxyUrl,
  ),
  'proxy-max-body': valued(
    'bytes',
    'the largest upstream answer the proxy reads; a larger one is 502 bad_gateway',
    '8388608 (8 MiB)',
    integer(1, 2 ** 31 - 1),
  ),
  'no-prefer': {
    meaning: 'ignore Prefer: code=<status> (D21): every request gets the real rules',
    fallback: 'honoured',
  },
  record: valued('file', 'keep the journal of this run, token masked, in this file (written on exit)', 'off', String),
  quiet: { meaning: 'print only the ready line and errors', fallback: 'off' },
  help: { meaning: 'print this help', fallback: '' },
  version: { meaning: 'print the version', fallback: '' },
}

/** The start option a flag sets: its name in camel case, but `--allow-host <list>` sets `allowHosts`. */
const optionOf = (name: string) =>
  name === 'allow-host' ? 'allowHosts' : name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())

/** What the flags do not say: how the mock answers when storage or the transport fails (D19, D20). */
const NOTES = [
  'With --data, a write is answered 2xx only once it is on disk; one that cannot be saved (disk full,',
  'folder not writable) changes nothing and is 503 storage_unavailable; a failed fold is retried (D19).',
  'A Host header that is not host[:port] is 400 invalid_host; a request too slow is 408 request_timeout,',
  'a head too large 431 headers_too_large; with --proxy, an answer over --proxy-max-body is 502 (D20).',
]

export function usage(): string {
  const rows = Object.entries(FLAGS).map(
    ([name, flag]) =>
      [
        `--${name}${flag.value ? ` <${flag.value}>` : ''}`,
        `${flag.meaning}${flag.fallback ? ` (default: ${flag.fallback})` : ''}`,
      ] as const,
  )
  return ['Usage: session-library-mock [options]', '', 'Options:', ...usageColumns(rows), '', ...NOTES, ''].join('\n')
}

export type CliCommand =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'serve'; options: StartServerOptions & { token: string }; quiet: boolean }

// The flags as the project's one parser reads them (the CLI's too): a switch is a boolean.
const PARSED: Record<string, ShellFlag> = Object.fromEntries(
  Object.entries(FLAGS).map(([name, flag]) => [
    name,
    flag.value ? { type: 'string', value: `<${flag.value}>` } : { type: 'boolean' },
  ]),
)

/**
 * Parses the command line with the project's one parser, strictly (a `UsageError`). The token comes
 * from `--token`, else `SESSION_LIBRARY_TOKEN`, else `randomToken()`.
 */
export function parseCliArgs(
  args: readonly string[],
  env: Record<string, string | undefined>,
  randomToken: () => string,
): CliCommand {
  const { values, positionals } = parseFlags(args, PARSED)
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}' (it takes flags only)`)
  if (values.help) return { kind: 'help' }
  if (values.version) return { kind: 'version' }
  const options: Partial<StartServerOptions> = {}
  for (const [name, flag] of Object.entries(FLAGS)) {
    const value = values[name]
    if (typeof value === 'string' && flag.read)
      (options as Record<string, unknown>)[optionOf(name)] = flag.read(value, name)
  }
  if (values['no-prefer']) options.prefer = false
  const token = options.token ?? (env.SESSION_LIBRARY_TOKEN || randomToken())
  return { kind: 'serve', options: { ...options, token }, quiet: values.quiet === true }
}
