import { DEFAULT_BASE_URL } from '@session-library/schemas/client'
import type { CliContext } from './cli-context.js'
import { readLogin } from './config-file.js'
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
}

function first(candidates: readonly [string | undefined, Source][]): { value: string; source: Source } | undefined {
  for (const [value, source] of candidates) if (value) return { value, source }
  return undefined
}

/**
 * The URL and token of a run: the flags, then `SESSION_LIBRARY_URL` and `SESSION_LIBRARY_TOKEN`,
 * then the file of `auth login`; the URL defaults to the mock's.
 *
 * @example `const connection = await resolveConnection({ url: 'http://h/api/v1' }, context)`
 */
export async function resolveConnection(
  values: GlobalValues,
  context: Pick<CliContext, 'env' | 'configDir'>,
): Promise<Connection> {
  const saved = await readLogin(context.configDir)
  const url = first([
    [values.url, 'flag'],
    [context.env.SESSION_LIBRARY_URL, 'environment'],
    [saved.url, 'login'],
  ]) ?? { value: DEFAULT_BASE_URL, source: 'default' as const }
  const token = first([
    [values.token, 'flag'],
    [context.env.SESSION_LIBRARY_TOKEN, 'environment'],
    [saved.token, 'login'],
  ])
  return { url: url.value, token: token?.value, sources: { url: url.source, token: token?.source } }
}
