import { randomBytes } from 'node:crypto'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import { type ParsedFlags, parseFlags, type ShellFlag, UsageError } from '@session-library/internal'
import { configDirOf, resolveConnection } from '@session-library/internal/node'
import { SessionLibrary } from '@session-library/sdk'
import { createServer, selectTools } from './server.js'
import { version } from './version.js'

const PROGRAM = 'session-library-mcp'
const MOCK_PACKAGE = '@session-library/mock-server'
// The mock is an optional peer: a server for the application installs no msw and no mock.
const MOCK_MISSING = `--mock needs ${MOCK_PACKAGE}, which is not installed: run npx -y -p @session-library/mcp-server -p ${MOCK_PACKAGE} ${PROGRAM} --mock, or npm install ${MOCK_PACKAGE} beside it.`
/** The port of `--http` when none is given: the mock's 4777 plus one. */
export const DEFAULT_PORT = 4778

const FLAGS = {
  mock: { type: 'boolean' },
  url: { type: 'string', value: '<url>' },
  'read-only': { type: 'boolean' },
  tools: { type: 'string', multiple: true, value: '<names>' },
  groups: { type: 'string', multiple: true, value: '<names>' },
  yes: { type: 'boolean' },
  'output-schemas': { type: 'boolean' },
  'code-mode': { type: 'boolean' },
  http: { type: 'boolean' },
  port: { type: 'string', value: '<n>' },
  'http-token': { type: 'string', value: '<secret>' },
  'max-sessions': { type: 'string', value: '<n>' },
  'idle-minutes': { type: 'string', value: '<n>' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const satisfies Record<string, ShellFlag>

/** The most HTTP sessions open at once when `--max-sessions` is not given. */
export const DEFAULT_MAX_SESSIONS = 100
/** The minutes an HTTP session may stay idle when `--idle-minutes` is not given. */
export const DEFAULT_IDLE_MINUTES = 10
// Long enough that guessing it is hopeless.
const MIN_SECRET_LENGTH = 16

/** The usage of the program, as `--help` prints it. */
export const USAGE = `Usage: ${PROGRAM} [flags]

The Session Library automation API as an MCP server: a tool for each operation of the contract.
Talks to SESSION_LIBRARY_URL (default the mock's URL) with SESSION_LIBRARY_TOKEN or the token
of 'session-library auth login'; logs go to stderr.

  --mock            run the mock in process, with its demo library, and talk to it
                    (needs @session-library/mock-server installed beside this package)
  --url <url>       the API's base URL (over SESSION_LIBRARY_URL and the saved login's)
  --read-only       offer only the tools that read
  --tools <names>   offer only these tools (comma-separated, e.g. sessions_list,tags_add)
  --groups <names>  offer only the tools of these groups (sessions, tags, notes, waveform, ...)
  --yes             delete or replace data the request did not name without asking
  --output-schemas  list each tool's output schema too (about twice the tokens of tools/list)
  --code-mode       offer two tools instead: search_docs and execute, which runs TypeScript
                    against the SDK in a sandbox that reaches only the API
  --http            serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead of stdio
  --port <n>        the port of --http (default ${DEFAULT_PORT}; 0 picks a free one)
  --http-token <secret>
                    the secret an HTTP client sends as 'Authorization: Bearer <secret>'
                    (over SESSION_LIBRARY_MCP_TOKEN; default: generated, shown in the ready line)
  --max-sessions <n>
                    the most HTTP sessions open at once (default ${DEFAULT_MAX_SESSIONS})
  --idle-minutes <n>
                    an HTTP session idle this long is closed (default ${DEFAULT_IDLE_MINUTES})
  -h, --help        this text
  --version         the version
`

/** What the program runs with: its environment, stdout (help and version only) and its log (stderr). */
export interface ProgramContext {
  readonly env: Readonly<Record<string, string | undefined>>
  readonly print: (line: string) => void
  readonly log: (line: string) => void
}

const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : undefined)

function portOf(text: unknown): number {
  if (text === undefined) return DEFAULT_PORT
  const port = Number(text)
  if (!/^\d+$/.test(String(text)) || port > 65_535) throw new UsageError(`--port: "${text}" is not a port (0–65535)`)
  return port
}

function countOf(flag: string, text: unknown, fallback: number): number {
  if (text === undefined) return fallback
  const count = Number(text)
  if (!/^\d+$/.test(String(text)) || count < 1) throw new UsageError(`--${flag}: "${text}" is not a whole number ≥ 1`)
  return count
}

// A fraction too (0.05: 3 s), so that expiry can be watched without waiting minutes.
function minutesOf(text: unknown): number {
  if (text === undefined) return DEFAULT_IDLE_MINUTES
  const minutes = Number(text)
  if (!/^\d*\.?\d+$/.test(String(text)) || !(minutes > 0))
    throw new UsageError(`--idle-minutes: "${text}" is not a number of minutes > 0`)
  return minutes
}

// The secret of --http: given (the flag over the environment) or made here, and never the API's token.
function httpSecretOf(values: ParsedFlags['values'], env: ProgramContext['env']) {
  const given = typeof values['http-token'] === 'string' ? values['http-token'] : env.SESSION_LIBRARY_MCP_TOKEN
  if (given === undefined || given === '') return { secret: randomBytes(24).toString('base64url'), generated: true }
  if (given.length < MIN_SECRET_LENGTH)
    throw new UsageError(`--http-token: the secret must be at least ${MIN_SECRET_LENGTH} characters`)
  return { secret: given, generated: false }
}

// The API the tools call: the in-process mock, or the URL and token of the environment or login.
async function connect({ values }: ParsedFlags, context: ProgramContext) {
  if (values.mock) {
    const { startServer } = await import('@session-library/mock-server/node').catch((error: unknown) => {
      if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' && String(error).includes(MOCK_PACKAGE))
        throw new UsageError(MOCK_MISSING)
      throw error
    })
    const token = randomBytes(24).toString('base64url')
    const mock = await startServer({ port: 0, token })
    return { url: mock.url, token, close: () => mock.close() }
  }
  const connection = await resolveConnection(
    { url: typeof values.url === 'string' ? values.url : undefined },
    { env: context.env, configDir: configDirOf(context.env) },
  )
  if (!connection.token)
    throw new UsageError(
      `no token for ${connection.url}. Set SESSION_LIBRARY_TOKEN, run 'session-library auth login', or use --mock.`,
    )
  return { url: connection.url, token: connection.token, close: async () => {} }
}

/**
 * Runs the program: serves until the client goes (stdio) or a signal comes; resolves to the
 * function that stops it. A bad command line is a {@link UsageError}.
 */
export async function run(
  argv: readonly string[],
  context: ProgramContext,
): Promise<(() => Promise<void>) | undefined> {
  const parsed = parseFlags(argv, FLAGS)
  const { values } = parsed
  if (parsed.positionals.length > 0) throw new UsageError(`unexpected argument '${parsed.positionals[0]}'`)
  if (values.help) return void context.print(USAGE.trimEnd())
  if (values.version) return void context.print(version)
  const filters = { readOnly: values['read-only'] === true, tools: list(values.tools), groups: list(values.groups) }
  const options = { ...filters, yes: values.yes === true, outputSchemas: values['output-schemas'] === true }
  const codeMode = values['code-mode'] === true
  if (codeMode && (filters.tools || filters.groups))
    throw new UsageError('--code-mode offers its own two tools: drop --tools and --groups')
  if (!codeMode && selectTools(options).length === 0)
    context.log(
      `${PROGRAM}: warning: ${argv.filter((arg) => /^--(read-only|tools|groups)/.test(arg)).join(' ')} leave no tool to offer; only the resources are served`,
    )
  const http = values.http
    ? {
        port: portOf(values.port),
        maxSessions: countOf('max-sessions', values['max-sessions'], DEFAULT_MAX_SESSIONS),
        idleMs: minutesOf(values['idle-minutes']) * 60_000,
        ...httpSecretOf(values, context.env),
      }
    : undefined
  const api = await connect(parsed, context)
  if (http && http.secret === api.token)
    throw new UsageError(
      '--http-token: the secret must not be the API token (SESSION_LIBRARY_TOKEN); choose another one',
    )
  const client = new SessionLibrary({ baseUrl: api.url, token: api.token })
  const serving = { ...options, ...(codeMode && { codeMode: { baseUrl: api.url } }) }
  const offered = selectTools(serving).length
  const newServer = () => createServer({ ...serving, client, token: api.token })
  const where = `${values.mock ? 'the in-process mock at ' : ''}${api.url}`
  if (http) {
    // Loaded only here: the Streamable HTTP transport and the mock's host check (its Node entry) are
    // no part of a stdio start.
    const { serveHttp } = await import('./http.js')
    const endpoint = await serveHttp(newServer, http).catch(async (error: unknown) => {
      await api.close()
      throw error
    })
    // The only place a generated secret is shown.
    const secret = http.generated ? `secret: ${http.secret}` : 'the secret given'
    context.log(
      `${PROGRAM}: ${offered} tools at ${endpoint.url} (Streamable HTTP; Authorization: Bearer, ${secret}), calling ${where}`,
    )
    return async () => {
      await endpoint.close()
      await api.close()
    }
  }
  // One server for the connection, of the revision the client opens with.
  const stdio = serveStdio(newServer)
  context.log(`${PROGRAM}: ${offered} tools over stdio, calling ${where}`)
  return async () => {
    await stdio.close()
    await api.close()
  }
}
