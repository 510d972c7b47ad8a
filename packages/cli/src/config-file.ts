import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { CliError, EXIT } from './exit-codes.js'

/**
 * What `auth login` keeps: the server's URL and its token.
 *
 * @example `const saved: SavedLogin = { url: 'http://127.0.0.1:4777/api/v1', token: 't' }`
 */
export interface SavedLogin {
  readonly url?: string
  readonly token?: string
}

/**
 * The file of `auth login` in a configuration folder.
 *
 * @example `configFile('/home/me/.config/session-library') // '…/session-library/hosts.json'`
 */
export const configFile = (configDir: string) => join(configDir, 'hosts.json')

/**
 * The saved login, `{}` when there is none.
 *
 * @example `const { url, token } = await readLogin(context.configDir)`
 */
export async function readLogin(configDir: string): Promise<SavedLogin> {
  const file = configFile(configDir)
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw new CliError(`cannot read ${file} (${error.code ?? error.message})`, EXIT.usage)
  })
  if (text === undefined) return {}
  try {
    const saved = JSON.parse(text) as Record<string, unknown>
    const pick = (key: string) => (typeof saved[key] === 'string' ? { [key]: saved[key] as string } : {})
    return { ...pick('url'), ...pick('token') }
  } catch {
    throw new CliError(`${file} is not valid JSON; run 'session-library auth logout' to remove it`, EXIT.usage)
  }
}

/**
 * Saves a login, readable by its owner only (mode 0600, the folder 0700).
 *
 * @example `await saveLogin(context.configDir, { url, token })`
 */
export async function saveLogin(configDir: string, login: SavedLogin): Promise<string> {
  const file = configFile(configDir)
  await mkdir(configDir, { recursive: true, mode: 0o700 })
  await writeFile(file, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 })
  // A file that existed keeps its mode through writeFile: set it again.
  await chmod(file, 0o600)
  return file
}

/**
 * Removes the saved login; whether there was one.
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
