// Until the SDK's NetworkError names its target and cause itself (the SDK issue moves this there),
// the CLI adds them: `[127.0.0.1:9: ECONNREFUSED]`. Delete this file once the SDK's message has both.

type Caused = { cause?: unknown; code?: string; message?: string; url?: string }

function systemCode(error: Caused): string | undefined {
  for (let cause = error as Caused | undefined, depth = 0; cause && depth < 5; depth++) {
    if (typeof cause.code === 'string') return cause.code
    cause = cause.cause as Caused | undefined
  }
  return undefined
}

/**
 * A network error's message with the host and the system's code added where it lacks them.
 *
 * @example `networkMessage(error) // 'health.get: network error (GET /api/v1/health): fetch failed [127.0.0.1:9: ECONNREFUSED]'`
 */
export function networkMessage(error: Error & Caused): string {
  const { url } = error
  const host = url && URL.canParse(url) ? new URL(url).host : undefined
  const code = systemCode(error)
  const missing = [host && !error.message.includes(host) ? host : '', code && !error.message.includes(code) ? code : '']
  const extra = missing.filter(Boolean).join(': ')
  return extra ? `${error.message} [${extra}]` : error.message
}
