import { UsageError } from '../exit-codes.js'
import type { GlobalValues } from '../global-flags.js'

/**
 * The server a check or a clone talks to, and how: raw HTTP, not the SDK, so that every answer is
 * seen as sent, before any validation.
 *
 * @example `const target: Target = { baseUrl: 'http://127.0.0.1:4777/api/v1', token: 't', timeout: 10_000 }`
 */
export interface Target {
  /** Base URL, ending in `/api/v1`. */
  readonly baseUrl: string
  readonly token: string
  /** Time each request has, whole answer included, in ms. */
  readonly timeout: number
}

const DEFAULT_TIMEOUT = 10_000

/**
 * The target of the global flags, resolved as the SDK resolves its options: `--url` and `--token`
 * first, then `SESSION_LIBRARY_URL` and `SESSION_LIBRARY_TOKEN`; the URL defaults to the mock's.
 *
 * @example `const target = resolveTarget(values as GlobalValues, process.env)`
 */
export function resolveTarget(values: GlobalValues, env: Record<string, string | undefined>): Target {
  const token = values.token ?? env.SESSION_LIBRARY_TOKEN
  if (!token) throw new UsageError('no token: pass --token or set SESSION_LIBRARY_TOKEN')
  const baseUrl = (values.url ?? env.SESSION_LIBRARY_URL ?? 'http://127.0.0.1:4777/api/v1').replace(/\/+$/, '')
  const protocol = URL.canParse(baseUrl) ? new URL(baseUrl).protocol : ''
  if (protocol !== 'http:' && protocol !== 'https:') throw new UsageError(`--url: "${baseUrl}" is not an http URL`)
  const timeout = values.timeout === undefined ? DEFAULT_TIMEOUT : Number(values.timeout)
  if (!Number.isInteger(timeout) || timeout <= 0)
    throw new UsageError(`--timeout: "${values.timeout}" is not a whole number of ms`)
  return { baseUrl, token, timeout }
}
