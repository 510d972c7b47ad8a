import { nameClasses, type RequestDetails, SessionLibraryError, target } from './base.js'

type Failure = { code?: unknown; name?: unknown; message?: unknown; cause?: unknown } | undefined

// Each runtime names the same failure its own way: Node's undici a cause's `code` (`UND_ERR_SOCKET`
// for a connection closed mid-answer), Bun a `code` on the TypeError, Deno only a message ("Connection
// refused (os error 111)", "connection closed before message completed", "dns error").
const CODES: [RegExp, string][] = [
  [/refused|os error 111/i, 'ECONNREFUSED'],
  [/reset|closed|UND_ERR_SOCKET|os error 104/i, 'ECONNRESET'],
  [/ENOTFOUND|dns error/i, 'ENOTFOUND'],
]

/** Whether what `fetch` rejected with is a failed connection, judged by shape (any runtime, any realm):
 * a `TypeError` (the fetch standard's network error) or an error with a string `code` (Bun, Node).
 */
export const isFetchFailure = (error: unknown) =>
  (error as Failure)?.name === 'TypeError' || typeof (error as Failure)?.code === 'string'

// The runtime's code, normalised (`ECONNREFUSED`, `ECONNRESET`, `ENOTFOUND`…), and the deepest message.
function describeCause(cause: unknown): { code: string | undefined; said: string } {
  let code: string | undefined
  let said = String(cause)
  for (let at = cause as Failure, depth = 0; at && typeof at === 'object' && depth < 5; depth++) {
    if (typeof at.code === 'string') code ??= at.code
    if (typeof at.message === 'string') said = at.message
    at = at.cause as Failure
  }
  const text = code ?? said
  code = CODES.find(([pattern]) => pattern.test(text))?.[1] ?? code
  return { code, said }
}

/** No answer (connection refused, reset or dropped, DNS failure, CORS), the same on Node, Bun and
 * Deno: the message names the method, the URL and the normalised code with the host
 * (`ECONNREFUSED 127.0.0.1:4777`), else the runtime's reason; `cause` is the runtime's error.
 * @example `await client.health().catch((err) => err instanceof NetworkError && err.causeCode) // 'ECONNREFUSED'`
 */
export class NetworkError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'network_error'
  /** `ECONNREFUSED`, `ECONNRESET` (reset or closed before the answer), `ENOTFOUND`, or the runtime's own code. */
  readonly causeCode: string | undefined

  /** Builds the error, and its message, from what the runtime's `fetch` threw. */
  constructor(request: RequestDetails, cause: unknown) {
    const { code, said } = describeCause(cause)
    const reason = code ? `${code} ${new URL(request.url).host}` : said
    super(`${request.operation}: network error (${target(request)}): ${reason}`, request, { cause })
    this.causeCode = code
  }
}

nameClasses({ NetworkError })
