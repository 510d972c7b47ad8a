interface SystemError {
  code?: unknown
  address?: unknown
  port?: unknown
  hostname?: unknown
  message?: unknown
  cause?: unknown
}

// fetch says only `fetch failed`; the system's error (code, address) sits one or two causes below,
// or, when fetch refuses before connecting (undici's `bad port`), an error with a message and no code.
function deepest(error: unknown): { withCode: SystemError | undefined; last: unknown } {
  let withCode: SystemError | undefined
  let last = error
  for (let at = error, depth = 0; typeof at === 'object' && at !== null && depth < 5; depth++) {
    const candidate = at as SystemError
    if (typeof candidate.code === 'string') withCode = candidate
    last = candidate
    at = candidate.cause
  }
  return { withCode, last }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * The platform's reason a request got no answer, worded for a message: `ECONNREFUSED 127.0.0.1:4777`,
 * `ENOTFOUND example.invalid`, else the code and message of the deepest cause with a code, else
 * the deepest cause's message (`bad port`; a browser's fetch says only `Failed to fetch`). `code` is the system code when there is one.
 *
 * @example `describeCause(error) // { code: 'ECONNREFUSED', reason: 'ECONNREFUSED 127.0.0.1:4777' }`
 */
export function describeCause(cause: unknown): { code: string | undefined; reason: string } {
  const { withCode: system, last } = deepest(cause)
  if (!system) return { code: undefined, reason: messageOf(last) }
  const code = system.code as string
  if (typeof system.address === 'string') {
    const port = system.port === undefined ? '' : `:${String(system.port)}`
    return { code, reason: `${code} ${system.address}${port}` }
  }
  if (typeof system.hostname === 'string') return { code, reason: `${code} ${system.hostname}` }
  const message = messageOf(system)
  return { code, reason: message.includes(code) ? message : `${code}: ${message}` }
}
