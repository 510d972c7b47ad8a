import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { CliError, EXIT } from './exit-codes.js'

/**
 * What `auth login` keeps: the URL of the last login and a token per URL (as `gh` keeps one per
 * host), so that a token is only ever sent to the server it was saved for.
 *
 * @example `const saved: SavedLogins = { url: 'http://127.0.0.1:4777/api/v1', tokens: { 'http://127.0.0.1:4777/api/v1': 't' } }`
 */
export interface SavedLogins {
  readonly url?: string
  /** The tokens, by {@link loginKey} of their URL. */
  readonly tokens: Readonly<Record<string, string>>
}

/**
 * The key a URL's token is saved under: its origin and base path, without a trailing slash, so that
 * `HTTP://Host:80/api/v1/` and `http://host/api/v1` share a login; a URL that does not parse is its own key.
 *
 * @example `loginKey('http://studio.local:4777/api/v1/') // 'http://studio.local:4777/api/v1'`
 */
export function loginKey(url: string): string {
  if (!URL.canParse(url)) return url
  const { origin, pathname } = new URL(url)
  return `${origin}${pathname.replace(/\/+$/, '')}`
}

/**
 * The saved token of a URL: only the one saved for that URL, never another server's.
 *
 * @example `const token = tokenFor(await readLogins(context.configDir), url)`
 */
export const tokenFor = (saved: SavedLogins, url: string): string | undefined => saved.tokens[loginKey(url)]

/**
 * The file of `auth login` in a configuration folder.
 *
 * @example `configFile('/home/me/.config/session-library') // '…/session-library/hosts.json'`
 */
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

/**
 * The saved logins, none when there is no file.
 *
 * @example `const { url, tokens } = await readLogins(context.configDir)`
 */
export async function readLogins(configDir: string): Promise<SavedLogins> {
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
 *
 * @example `await saveLogin(context.configDir, { url, token })`
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

/**
 * Removes every saved login; whether there was any.
 *
 * @example `await removeLogin(context.configDir)`
 */
export async function removeLogin(configDir: string): Promise<boolean> {
  const file = configFile(configDir)
  const existed = await readFile(file).then(
    () => true,
    () => false,
  )
  await rm(file, { force: true })
  return existed
}
