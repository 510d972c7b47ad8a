import { DEFAULT_BASE_URL } from '@session-library/schemas/client'
import type { CliContext } from './cli-context.js'
import { readLogins, tokenFor } from './config-file.js'
import type { GlobalValues } from './global-flags.js'

/**
 * Where a setting came from.
 *
 * @example `const source: Source = 'environment'`
 */
export type Source = 'flag' | 'environment' | 'login' | 'default'

/**
 * The server and token of a run, each with where it came from.
 *
 * @example `const { url, token } = await resolveConnection(values, context)`
 */
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
 *
 * @example `const connection = await resolveConnection({ url: 'http://h/api/v1' }, context)`
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
 *
 * @example `throw new UsageError(noTokenMessage(connection))`
 */
export function noTokenMessage(connection: Connection): string {
  // The API refuses a request without a token (D2): rather than send one and print a bare 401,
  // say which URL has no login and how to make one, as `gh` does for a host it has no token of.
  if (connection.loggedInTo === undefined)
    return "no token. Pass --token, set SESSION_LIBRARY_TOKEN, or run 'session-library auth login'."
  return (
    `no token for ${connection.url} (auth login saved one for ${connection.loggedInTo} only, and sends it nowhere else). ` +
    `Pass --token, set SESSION_LIBRARY_TOKEN, or run 'session-library auth login --url ${connection.url}'.`
  )
}
