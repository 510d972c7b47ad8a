import type { IncomingMessage } from 'node:http'
import type { DirectRequest } from '../http/direct-dispatch.js'

const BODYLESS = new Set(['GET', 'HEAD'])
const EMPTY = new Uint8Array(0)

function toHeaders(rawHeaders: readonly string[]): Headers {
  const headers = new Headers()
  for (let index = 0; index < rawHeaders.length; index += 2) {
    headers.append(rawHeaders[index] as string, rawHeaders[index + 1] as string)
  }
  return headers
}

/** Like `Headers.get`: every header of that name, in order, joined with `, ` (Node's `headers` keeps only the first of some, e.g. `Authorization`). */
function rawHeader(rawHeaders: readonly string[], name: string): string | null {
  let value: string | null = null
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const raw = rawHeaders[index] as string
    if (raw.length !== name.length || raw.toLowerCase() !== name) continue
    const next = rawHeaders[index + 1] as string
    value = value === null ? next : `${value}, ${next}`
  }
  return value
}

/**
 * A request received by `node:http`, its body already read, as a {@link DirectRequest}: the mock's
 * pipeline reads it as it is, and the fetch `Request` (headers copied, an AbortSignal) is built
 * only if something asks for it — the control surface, static routes, msw for other handlers.
 *
 * @example
 * ```ts
 * const request = incomingRequest(incoming, 'http://127.0.0.1:4777/api/v1/health', undefined)
 * request.header('authorization') // 'Bearer …' or null
 * ```
 */
export function incomingRequest(
  incoming: IncomingMessage,
  href: string,
  body: Uint8Array<ArrayBuffer> | undefined,
): DirectRequest {
  const method = incoming.method ?? 'GET'
  let request: Request | undefined
  return {
    method,
    url: new URL(href),
    header: (name) => rawHeader(incoming.rawHeaders, name.toLowerCase()),
    bytes: async () => body ?? EMPTY,
    toRequest: () => {
      request ??= new Request(href, {
        method,
        headers: toHeaders(incoming.rawHeaders),
        body: BODYLESS.has(method) ? undefined : body,
      })
      return request
    },
  }
}
