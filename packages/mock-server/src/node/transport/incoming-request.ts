import type { IncomingMessage } from 'node:http'
import { boundedBytes, type RequestView } from '../../http/request-view.js'
import type { HeaderSource } from '../../runtime/journal-bodies.js'

const BODYLESS = new Set(['GET', 'HEAD'])

function toHeaders(rawHeaders: readonly string[]): Headers {
  const headers = new Headers()
  for (let index = 0; index < rawHeaders.length; index += 2) {
    headers.append(rawHeaders[index] as string, rawHeaders[index + 1] as string)
  }
  return headers
}

/**
 * A request's headers for the journal, made into fetch `Headers` only when an entry is read. A class,
 * not a closure: a closure would keep the whole request (and its socket) alive in the journal.
 */
class RawHeaders implements HeaderSource {
  readonly #raw: readonly string[]

  constructor(raw: readonly string[]) {
    this.#raw = raw
  }

  [Symbol.iterator](): Iterator<[string, string]> {
    return toHeaders(this.#raw)[Symbol.iterator]()
  }
}

/** Like `Headers.get` (Node's `headers` keeps only the first of some, e.g. `Authorization`). */
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

const hasBody = (incoming: IncomingMessage) =>
  incoming.headers['transfer-encoding'] !== undefined || Number(incoming.headers['content-length'] ?? 0) > 0

/** A `node:http` request as a {@link RequestView}: its body read when first asked (after the token check: D3). */
export function incomingRequest(incoming: IncomingMessage, href: string, limit: number): RequestView {
  const method = incoming.method ?? 'GET'
  let body: Promise<Uint8Array<ArrayBuffer>> | undefined
  const bytes = () => {
    const source = hasBody(incoming) ? incoming : null
    body ??= boundedBytes(source, incoming.headers['content-length'] ?? null, limit) as Promise<Uint8Array<ArrayBuffer>>
    return body
  }
  let request: Promise<Request> | undefined
  // Pulled only when read: msw's handlers, too, check the token before the body is read (D3).
  const stream = () =>
    new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        controller.enqueue(await bytes())
        controller.close()
      },
    })
  return {
    method,
    url: new URL(href),
    header: (name) => rawHeader(incoming.rawHeaders, name.toLowerCase()),
    headers: new RawHeaders(incoming.rawHeaders),
    bytes,
    toRequest: () => {
      const body = BODYLESS.has(method) || !hasBody(incoming) ? undefined : stream()
      request ??= Promise.resolve(
        new Request(href, { method, headers: toHeaders(incoming.rawHeaders), body, duplex: 'half' } as RequestInit),
      )
      return request
    },
  }
}
