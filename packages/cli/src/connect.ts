import type { Logger, SessionLibrary } from '@session-library/sdk'
import { UsageError } from './exit-codes.js'
import type { GlobalValues } from './global-flags.js'

function wholeNumber(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined
  if (!/^\d+$/.test(text)) throw new UsageError(`--${flag}: "${text}" is not a whole number`)
  return Number(text)
}

// The SDK hands the logger its headers with Authorization already redacted.
const verboseLogger: Logger = {
  debug(message, details) {
    const { method, url, status, attempt, retryCount, headers } = details as Record<string, unknown>
    const what = message.replace('session-library: ', '')
    const extra = status !== undefined ? ` → ${status}` : attempt !== undefined ? ` (attempt ${attempt})` : ''
    const retry = retryCount !== undefined ? ` (retry ${retryCount})` : ''
    const lines = [`* ${what}: ${method} ${url}${extra}${retry}`]
    for (const [name, value] of Object.entries((headers ?? {}) as Record<string, string>))
      lines.push(`*   ${name}: ${value}`)
    process.stderr.write(`${lines.join('\n')}\n`)
  },
}

/**
 * The SDK client of a run, configured as the SDK is: flags first, then `SESSION_LIBRARY_URL` and
 * `SESSION_LIBRARY_TOKEN`. The SDK is imported here, on first use, so that help and completion load none of it.
 *
 * @example `const client = await connect({ url: 'http://127.0.0.1:4777/api/v1', token: 't' })`
 */
export async function connect(values: GlobalValues): Promise<SessionLibrary> {
  const timeout = wholeNumber(values.timeout, 'timeout')
  const retries = wholeNumber(values.retries, 'retries')
  const { SessionLibrary } = await import('@session-library/sdk')
  try {
    return new SessionLibrary({
      ...(values.token !== undefined && { token: values.token }),
      ...(values.url !== undefined && { baseUrl: values.url }),
      ...(timeout !== undefined && { timeout: timeout === 0 ? false : timeout }),
      ...(retries !== undefined && { retry: retries }),
      ...(values.verbose && { logger: verboseLogger }),
    })
  } catch (error) {
    // The SDK's own words: no token (pass --token or set SESSION_LIBRARY_TOKEN), or a URL that is not absolute.
    const message = (error as Error).message.replace('SessionLibrary: ', '').replace('Pass { token }', 'Pass --token')
    throw new UsageError(message)
  }
}
