import { DEFAULT_BASE_URL } from '@session-library/schemas/client'
import { type ClientOptions, DEFAULT_MAX_ANSWER_BYTES, DEFAULT_TIMEOUT, type LogLevel } from './options.js'

/**
 * Client options with the defaults filled in.
 *
 * @example `const config: ResolvedConfig = resolveConfig({ token: 't' })`
 */
export type ResolvedConfig = Omit<ClientOptions, 'token' | 'baseUrl' | 'timeout' | 'validate' | 'maxAnswerBytes'> & {
  token: string
  baseUrl: string
  timeout: number | false
  validate: boolean
  maxAnswerBytes: number
}

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off']

// Browsers have no process; bundlers must not be made to polyfill it.
function environment(name: string): string | undefined {
  const process = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
  return process?.env?.[name] || undefined
}

function logLevel(options: ClientOptions): LogLevel | undefined {
  const level = options.logLevel ?? environment('SESSION_LIBRARY_LOG')?.toLowerCase()
  if (level === undefined || LEVELS.includes(level as LogLevel)) return level as LogLevel | undefined
  throw new TypeError(`SessionLibrary: log level must be one of ${LEVELS.join(', ')}: ${level}`)
}

/**
 * Fills in the defaults and rejects what cannot work, before any request is made.
 *
 * @example `resolveConfig({ token: 't' }).timeout // 10_000`
 */
export function resolveConfig(options: ClientOptions): ResolvedConfig {
  const token = options.token ?? environment('SESSION_LIBRARY_TOKEN')
  if (!token) {
    throw new TypeError('SessionLibrary: no token. Pass { token } or set SESSION_LIBRARY_TOKEN.')
  }
  const baseUrl = (options.baseUrl ?? environment('SESSION_LIBRARY_URL') ?? DEFAULT_BASE_URL).replace(/\/+$/, '')
  if (!URL.canParse(baseUrl)) {
    throw new TypeError(`SessionLibrary: baseUrl is not an absolute URL: ${baseUrl}`)
  }
  return {
    ...options,
    token,
    baseUrl,
    timeout: options.timeout ?? DEFAULT_TIMEOUT,
    validate: options.validate ?? true,
    logLevel: logLevel(options),
    maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
  }
}
