import { DEFAULT_BASE_URL, SessionLibrary } from '@session-library/sdk'
import { ScriptError } from './failures.js'

/**
 * Where the library is and how to get in: `SESSION_LIBRARY_URL` (default: the mock's address) and
 * `SESSION_LIBRARY_TOKEN` (required).
 *
 * @example
 * ```ts
 * const { client, baseUrl } = connect()
 * ```
 */
export interface Connection {
  client: SessionLibrary
  /** The API's base URL, ending in `/api/v1`. */
  baseUrl: string
  /** Kept for the mock's control surface; never printed. */
  token: string
}

/**
 * A client for the library named by the environment. The SDK reads the same two variables by
 * itself; checking the token here first lets the script say what to do instead of just failing.
 *
 * @example
 * ```ts
 * const { client } = connect()
 * const { data } = await client.sessions.list({ limit: 5 })
 * ```
 */
export function connect(): Connection {
  const token = process.env.SESSION_LIBRARY_TOKEN
  if (!token) {
    throw new ScriptError(
      [
        'SESSION_LIBRARY_TOKEN is not set.',
        'Start the mock (`pnpm start`) and export the token its ready line shows:',
        '  export SESSION_LIBRARY_TOKEN=<token>',
        'For another server, also set SESSION_LIBRARY_URL (e.g. http://127.0.0.1:4777/api/v1).',
      ].join('\n'),
    )
  }
  const baseUrl = (process.env.SESSION_LIBRARY_URL || DEFAULT_BASE_URL).replace(/\/+$/, '')
  return { client: new SessionLibrary({ token, baseUrl }), baseUrl, token }
}
