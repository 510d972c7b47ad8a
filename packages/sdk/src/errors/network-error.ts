import { nameClasses, type RequestDetails, SessionLibraryError, target } from './base.js'

type SystemError = Partial<Record<'code' | 'address' | 'port' | 'hostname' | 'cause', unknown>>

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

// fetch says only `fetch failed`; the system's error (code, address) sits one or two causes below,
// or, when fetch refuses before connecting (undici's `bad port`), an error with a message and no code.
function describeCause(cause: unknown): { code: string | undefined; reason: string } {
  let system: SystemError | undefined
  let last = cause
  for (let at = cause, depth = 0; typeof at === 'object' && at !== null && depth < 5; depth++) {
    if (typeof (at as SystemError).code === 'string') system = at as SystemError
    last = at
    at = (at as SystemError).cause
  }
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

/** No answer (connection refused or reset, DNS failure, CORS): the message names the method, the
 * URL and the platform's reason (`ECONNREFUSED 127.0.0.1:4777`); `cause` is the platform's error.
 * @example `await client.health().catch((err) => err instanceof NetworkError && err.causeCode) // 'ECONNREFUSED'`
 */
export class NetworkError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'network_error'
  /** The platform's error code (`ECONNREFUSED`, `ENOTFOUND`, `UND_ERR_SOCKET`…), when it gave one. */
  readonly causeCode: string | undefined

  /** Builds the error, and its message, from what the platform threw. */
  constructor(request: RequestDetails, cause: unknown) {
    const { code, reason } = describeCause(cause)
    super(`${request.operation}: network error (${target(request)}): ${reason}`, request, { cause })
    this.causeCode = code
  }
}

nameClasses({ NetworkError })
