import type { HeaderSource } from '../runtime/journal-bodies.js'

/**
 * What the pipeline reads of a request. A fetch `Request` gives it ({@link fetchRequestView}); so
 * does the node:http adapter's view of an `IncomingMessage`, which builds no `Request` (its headers,
 * its AbortSignal) for the mock's own handlers.
 *
 * @example
 * ```ts
 * const view: RequestView = fetchRequestView(new Request('http://127.0.0.1:4777/api/v1/health'))
 * view.header('authorization') // null
 * ```
 */
export interface RequestView {
  readonly method: string
  readonly url: URL
  /** A header's value, several of the same name joined with `, ` as fetch's `Headers` does; `null` when absent. */
  header(name: string): string | null
  /** The whole body; empty when there is none. Read once, however often asked. */
  bytes(): Promise<Uint8Array>
  /** Every header, for the journal (kept by reference, read only when an entry is); absent when the transport keeps none. */
  readonly headers?: HeaderSource
}

/**
 * The {@link RequestView} of a fetch `Request` (msw's path).
 *
 * @example
 * ```ts
 * http.all(API_ROUTE, ({ request }) => answerApiRequest(fetchRequestView(request), runtime))
 * ```
 */
export function fetchRequestView(request: Request): RequestView {
  let body: Promise<Uint8Array> | undefined
  return {
    method: request.method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    headers: request.headers,
    bytes: () => {
      // A GET has no body to read: no buffer, no promise chain, for the most common request.
      body ??=
        request.body === null
          ? Promise.resolve(new Uint8Array(0))
          : request.arrayBuffer().then((buffer) => new Uint8Array(buffer))
      return body
    },
  }
}
