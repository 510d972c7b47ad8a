import { ApiError, isApiError, NetworkError, SessionLibraryError, TimeoutError } from '@session-library/sdk'

/**
 * A failure the script explains itself (exit code 1): the message is all the user needs.
 *
 * @example
 * ```ts
 * throw new ScriptError('No session matches "night".')
 * ```
 */
export class ScriptError extends Error {
  override name = 'ScriptError'
}

/**
 * A command line the script cannot run (exit code 2): the message is printed with the usage.
 *
 * @example
 * ```ts
 * throw new UsageError('--limit must be a whole number ≥ 1')
 * ```
 */
export class UsageError extends Error {
  override name = 'UsageError'
}

const hint = (error: ApiError): string => {
  if (isApiError(error, 'read_only')) return 'The library is not in Full Automation mode, so it refuses writes.'
  if (isApiError(error, 'unauthorized')) return 'The server refused the token: check SESSION_LIBRARY_TOKEN.'
  if (error.status === 501) return 'This server does not offer that service.'
  return ''
}

/**
 * Turns what a script threw into the lines a person reads, or `undefined` for a bug (whose stack
 * is worth more than a sentence). The token is never part of an SDK error, so none is printed.
 *
 * @example
 * ```ts
 * explainFailure(new ScriptError('nothing to do')) // 'nothing to do'
 * ```
 */
export function explainFailure(error: unknown): string | undefined {
  if (error instanceof ScriptError) return error.message
  if (error instanceof ApiError) {
    return [error.message, hint(error)].filter(Boolean).join('\n')
  }
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return `Cannot reach the library at ${new URL(error.url).origin} (${error.message}).\nIs it running? Start the mock with \`pnpm start\`, or set SESSION_LIBRARY_URL.`
  }
  if (error instanceof SessionLibraryError) return error.message
  return undefined
}
