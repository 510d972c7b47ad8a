import { UsageError } from '@session-library/internal'
import { DEFAULT_TIMEOUT } from '@session-library/sdk'
import type { Context } from '../cmdutil/command.js'
import { requireToken } from '../cmdutil/connection.js'
import { wholeNumber } from '../cmdutil/flags.js'

/**
 * The server a check or a clone talks to, and how: raw HTTP, not the SDK, so that every answer is
 * seen as sent, before any validation.
 */
export interface Target {
  /** Base URL, ending in `/api/v1`. */
  readonly baseUrl: string
  readonly token: string
  /** Time each request has, whole answer included, in ms. */
  readonly timeout: number
  /** The most read of one answer (default: the SDK's, 64 MiB). */
  readonly maxAnswerBytes?: number
}

export async function resolveTarget({ values, ...context }: Pick<Context, 'values' | 'connection'>): Promise<Target> {
  const connection = await context.connection()
  const token = requireToken(connection)
  const baseUrl = connection.url.replace(/\/+$/, '')
  const protocol = URL.canParse(baseUrl) ? new URL(baseUrl).protocol : ''
  if (protocol !== 'http:' && protocol !== 'https:') throw new UsageError(`--url: "${baseUrl}" is not an http URL`)
  const timeout = wholeNumber(values.timeout, 'timeout', 'ms') ?? DEFAULT_TIMEOUT
  if (timeout === 0) throw new UsageError('--timeout: a check or a clone needs a time limit above 0 ms')
  return { baseUrl, token, timeout }
}
