import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { isAbsolute, join } from 'node:path'
import { DEFAULT_BASE_URL } from '@session-library/schemas/client'
import { UsageError } from './usage-error.js'

/**
 * The configuration folder of an environment, as the XDG base directory specification says: a
 * relative `XDG_CONFIG_HOME` is invalid there and ignored (else the tokens would land in whatever
 * folder the command runs in).
 */
export function configDirOf(env: Readonly<Record<string, string | undefined>>, home = homedir()): string {
  const xdg = env.XDG_CONFIG_HOME
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || home, '.config')
  return join(base, 'session-library')
}

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
    throw new UsageError(`cannot read ${file} (${error.code ?? error.message})`)
  })
  if (text === undefined) return { tokens: {} }
  try {
    return parseLogins(JSON.parse(text) as Record<string, unknown>)
  } catch {
    throw new UsageError(`${file} is not valid JSON; run 'session-library auth logout' to remove it`)
  }
}

/**
 * Saves a login beside the others (the URL's earlier token replaced), its URL the default of later
 * commands, in a file readable by its owner only (mode 0600, the folder 0700).
 */
export async function saveLogin(configDir: string, login: { url: string; token: string }): Promise<string> {
  const { tokens } = await readLogins(configDir)
  return writeLogins(configDir, { url: login.url, tokens: { ...tokens, [loginKey(login.url)]: login.token } })
}

async function writeLogins(configDir: string, saved: SavedLogins): Promise<string> {
  const file = configFile(configDir)
  await mkdir(configDir, { recursive: true, mode: 0o700 })
  await writeFile(file, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 })
  // A file that existed keeps its mode through writeFile: set it again.
  await chmod(file, 0o600)
  return file
}

/**
 * Removes the saved logins: every one (the file), or, given a `url`, that URL's alone (as `gh auth
 * logout --hostname`), the default URL with it when it was that one, the file when none is left.
 * Whether there was a login to remove.
 */
export async function removeLogin(configDir: string, url?: string): Promise<boolean> {
  const file = configFile(configDir)
  if (url !== undefined) {
    const saved = await readLogins(configDir)
    const { [loginKey(url)]: removed, ...tokens } = saved.tokens
    if (removed === undefined) return false
    if (Object.keys(tokens).length === 0) return removeLogin(configDir)
    const kept = saved.url !== undefined && loginKey(saved.url) !== loginKey(url)
    await writeLogins(configDir, { ...(kept && { url: saved.url }), tokens })
    return true
  }
  const existed = await readFile(file).then(
    () => true,
    () => false,
  )
  await rm(file, { force: true })
  return existed
}

/** Where a setting came from. */
export type Source = 'flag' | 'environment' | 'login' | 'default'

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
  values: { readonly url?: string | undefined; readonly token?: string | undefined },
  context: { readonly env: Readonly<Record<string, string | undefined>>; readonly configDir: string },
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
