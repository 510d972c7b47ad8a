// The saved logins and the resolution of URL and token are shared with the MCP server (internal/node).
export { type Connection, configFile, removeLogin, resolveConnection, saveLogin } from '@session-library/internal/node'

import { escapeControls, UsageError } from '@session-library/internal'
import type { Connection, Source } from '@session-library/internal/node'
import type { Logger, SessionLibrary } from '@session-library/sdk'
import { type GlobalValues, wholeNumber } from './flags.js'

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

// The SDK hands the logger its headers with Authorization already redacted. A retry's line comes
// once its wait is over: the wait is the time since the line of the failed attempt.
function verboseLogger(message: (text: string) => void): Logger {
  let last = performance.now()
  return {
    debug(text, details) {
      const { method, url, status, attempt, retryCount, headers } = details as Record<string, unknown>
      const what = text.replace('session-library: ', '')
      const extra = status !== undefined ? ` → ${status}` : attempt !== undefined ? ` (attempt ${attempt})` : ''
      const why = status === undefined ? 'no answer (network error)' : `answered ${status}`
      const waited = Math.round(performance.now() - last)
      last = performance.now()
      if (what === 'retry') return message(`* retry ${retryCount}: ${method} ${url} ${why}; again after ${waited} ms`)
      const given = (headers ?? {}) as Record<string, string>
      const shown = Object.entries(given).map(([name, value]) => `*   ${name}: ${value}`)
      message([`* ${what}: ${method} ${url}${extra}`, ...shown].join('\n'))
    },
  }
}

const TOKEN_SOURCE: Record<Source, string> = {
  flag: '--token',
  environment: 'SESSION_LIBRARY_TOKEN',
  login: 'the saved login',
  default: 'the token',
}

export function requireToken(connection: Connection): string {
  const { token, sources } = connection
  // A header cannot carry a control character (fetch refuses it as a network error); the token is never shown.
  if (token && escapeControls(token) !== token) {
    const source = TOKEN_SOURCE[sources.token ?? 'default']
    throw new UsageError(`${source}: the token holds a control character (a newline?); it cannot be sent`)
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
