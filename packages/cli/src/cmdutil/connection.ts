import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { escapeControls, UsageError } from '@session-library/internal'
import { DEFAULT_BASE_URL } from '@session-library/schemas/client'
import type { Logger, SessionLibrary } from '@session-library/sdk'
import { CliError, EXIT } from './errors.js'
import { type GlobalValues, wholeNumber } from './flags.js'
import type { CliContext } from './iostreams.js'

/**
 * What `auth login` keeps: the URL of the last login and a token per URL (as `gh` keeps one per
 * host), so that a token is only ever sent to the server it was saved for.
 */
interface SavedLogins {
  readonly url?: string
  /** The tokens, by {@link loginKey} of their URL. */
  readonly tokens: Readonly<Record<string, string>>
}

/**
 * The key a URL's token is saved under: its origin and base path, without a trailing slash, so that
 * `HTTP://Host:80/api/v1/` and `http://host/api/v1` share a login; a URL that does not parse is its own key.
 */
function loginKey(url: string): string {
  if (!URL.canParse(url)) return url
  const { origin, pathname } = new URL(url)
  return `${origin}${pathname.replace(/\/+$/, '')}`
}

/** The saved token of a URL: only the one saved for that URL, never another server's. */
const tokenFor = (saved: SavedLogins, url: string): string | undefined => saved.tokens[loginKey(url)]

/** The file of `auth login` in a configuration folder. */
export const configFile = (configDir: string) => join(configDir, 'hosts.json')

const strings = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(typeof value === 'object' && value !== null ? value : {}).filter(([, v]) => typeof v === 'string'),
  )

// A file of an earlier version holds one `{ url, token }`: it reads as that URL's login.
function parseLogins(saved: Record<string, unknown>): SavedLogins {
  const url = typeof saved.url === 'string' ? saved.url : undefined
  const tokens = strings(saved.tokens)
  if (url !== undefined && typeof saved.token === 'string') tokens[loginKey(url)] ??= saved.token
  return { ...(url !== undefined && { url }), tokens }
}

/** The saved logins, none when there is no file. */
async function readLogins(configDir: string): Promise<SavedLogins> {
  const file = configFile(configDir)
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw new CliError(`cannot read ${file} (${error.code ?? error.message})`, EXIT.usage)
  })
  if (text === undefined) return { tokens: {} }
  try {
    return parseLogins(JSON.parse(text) as Record<string, unknown>)
  } catch {
    throw new CliError(`${file} is not valid JSON; run 'session-library auth logout' to remove it`, EXIT.usage)
  }
}

/**
 * Saves a login beside the others (the URL's earlier token replaced), its URL the default of later
 * commands, in a file readable by its owner only (mode 0600, the folder 0700).
 */
export async function saveLogin(configDir: string, login: { url: string; token: string }): Promise<string> {
  const { tokens } = await readLogins(configDir)
  const saved: SavedLogins = { url: login.url, tokens: { ...tokens, [loginKey(login.url)]: login.token } }
  const file = configFile(configDir)
  await mkdir(configDir, { recursive: true, mode: 0o700 })
  await writeFile(file, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 })
  // A file that existed keeps its mode through writeFile: set it again.
  await chmod(file, 0o600)
  return file
}

/** Removes every saved login; whether there was any. */
export async function removeLogin(configDir: string): Promise<boolean> {
  const file = configFile(configDir)
  const existed = await readFile(file).then(
    () => true,
    () => false,
  )
  await rm(file, { force: true })
  return existed
}

/** Where a setting came from. */
type Source = 'flag' | 'environment' | 'login' | 'default'

/** The server and token of a run, each with where it came from. */
export interface Connection {
  readonly url: string
  readonly token: string | undefined
  readonly sources: { readonly url: Source; readonly token: Source | undefined }
  /** The URL of the last `auth login`, when its token was not taken because the run goes elsewhere. */
  readonly loggedInTo?: string
}

function first(candidates: readonly [string | undefined, Source][]): { value: string; source: Source } | undefined {
  for (const [value, source] of candidates) if (value) return { value, source }
  return undefined
}

/**
 * The URL and token of a run: the flags, then `SESSION_LIBRARY_URL` and `SESSION_LIBRARY_TOKEN`,
 * then the file of `auth login`; the URL defaults to the mock's. A saved token is taken only for
 * the URL it was saved for (as `gh` keeps a token per host): `--url` to another server never
 * sends it there.
 */
export async function resolveConnection(
  values: GlobalValues,
  context: Pick<CliContext, 'env' | 'configDir'>,
): Promise<Connection> {
  const saved = await readLogins(context.configDir)
  const url = first([
    [values.url, 'flag'],
    [context.env.SESSION_LIBRARY_URL, 'environment'],
    [saved.url, 'login'],
  ]) ?? { value: DEFAULT_BASE_URL, source: 'default' as const }
  const token = first([
    [values.token, 'flag'],
    [context.env.SESSION_LIBRARY_TOKEN, 'environment'],
    [tokenFor(saved, url.value), 'login'],
  ])
  const elsewhere = token === undefined && saved.url !== undefined
  return {
    url: url.value,
    token: token?.value,
    sources: { url: url.source, token: token?.source },
    ...(elsewhere && { loggedInTo: saved.url }),
  }
}

/**
 * What to say when a run has no token: how to give one, and, when `auth login` saved a token for
 * another URL, how to log in to this one.
 */
export function noTokenMessage(connection: Connection): string {
  // The API refuses a request without a token (D2): rather than send one and print a bare 401,
  // say which URL has no login and how to make one, as `gh` does for a host it has no token of.
  if (connection.loggedInTo === undefined) return `no token. ${tokenWays()}.`
  return (
    `no token for ${connection.url} (auth login saved one for ${connection.loggedInTo} only, and sends it nowhere else). ` +
    `${tokenWays(` --url ${connection.url}`)}.`
  )
}

/** The ways to give a token, as a no-token usage error and a 401 say them. */
export const tokenWays = (login = '') =>
  `Pass --token, set SESSION_LIBRARY_TOKEN, or run 'session-library auth login${login}'`

// The SDK hands the logger its headers with Authorization already redacted.
function verboseLogger(message: (text: string) => void): Logger {
  return {
    debug(text, details) {
      const { method, url, status, attempt, retryCount, headers } = details as Record<string, unknown>
      const what = text.replace('session-library: ', '')
      const extra = status !== undefined ? ` → ${status}` : attempt !== undefined ? ` (attempt ${attempt})` : ''
      const retry = retryCount !== undefined ? ` (retry ${retryCount})` : ''
      const lines = [`* ${what}: ${method} ${url}${extra}${retry}`]
      for (const [name, value] of Object.entries((headers ?? {}) as Record<string, string>))
        lines.push(`*   ${name}: ${value}`)
      message(lines.join('\n'))
    },
  }
}

const TOKEN_SOURCE: Record<Source, string> = {
  flag: '--token',
  environment: 'SESSION_LIBRARY_TOKEN',
  login: 'the saved login',
  default: 'the token',
}

/**
 * The token of a run, or a usage error saying how to give one, or where the one given holds a
 * control character that no header can carry.
 */
export function requireToken(connection: Connection): string {
  const { token, sources } = connection
  // A header cannot carry a control character (fetch refuses it as a network error); the token is never shown.
  if (token && escapeControls(token) !== token) {
    throw new UsageError(
      `${TOKEN_SOURCE[sources.token ?? 'default']}: the token holds a control character (a newline?); it cannot be sent`,
    )
  }
  if (token) return token
  throw new UsageError(noTokenMessage(connection))
}

/**
 * The SDK client of a run, given the URL and token resolved from flags, environment and login
 * (the SDK reads no environment of its own then). The SDK is imported here, on first use, so that
 * help and completion load none of it.
 */
export async function connect(
  values: GlobalValues,
  connection: Connection,
  message: (text: string) => void,
): Promise<SessionLibrary> {
  const timeout = wholeNumber(values.timeout, 'timeout', 'ms')
  const retries = wholeNumber(values.retries, 'retries')
  const token = requireToken(connection)
  const { SessionLibrary } = await import('@session-library/sdk')
  try {
    return new SessionLibrary({
      token,
      baseUrl: connection.url,
      ...(timeout !== undefined && { timeout: timeout === 0 ? false : timeout }),
      ...(retries !== undefined && { retry: retries }),
      ...(values.verbose && { logger: verboseLogger(message) }),
    })
  } catch (error) {
    // The SDK's own words: a URL that is not absolute.
    throw new UsageError((error as Error).message.replace('SessionLibrary: ', ''))
  }
}
