import { API_PREFIX, apiPath } from '@session-library/schemas'

/** What msw hands an unhandled-request callback: msw 3 `({ frame, defaults })`, msw 2 `(request, print)`. */
type Unhandled = { frame?: { data?: unknown }; defaults?: { error(): void } } | Request
type Print = { error(): void }

/**
 * msw's callback for an unhandled request (msw 3 `onUnhandledFrame`, msw 2 `onUnhandledRequest`):
 * msw's error, after what to do about a request that looks like this API on another origin.
 */
export type UnhandledCallback = (unhandled: Unhandled, print?: Print) => void

function unhandledMessage(request: Request, baseUrls: readonly string[]): string | undefined {
  const url = new URL(request.url)
  if (apiPath(url.pathname) === undefined) return undefined
  const wanted = [...baseUrls, `${url.origin}${API_PREFIX}`].map((base) => JSON.stringify(base)).join(', ')
  return (
    `${request.method} ${url.origin}${url.pathname} reached no handler: it looks like the Session Library API, ` +
    `but the mock answers only ${baseUrls.join(', ')}. Point the client at the mock's baseUrl, ` +
    `or give the mock this origin too: createMockApi({ baseUrl: [${wanted}] })`
  )
}

export function explainUnhandled(baseUrls: readonly string[]): UnhandledCallback {
  return (unhandled, print) => {
    const request = unhandled instanceof Request ? unhandled : (unhandled.frame?.data as { request?: unknown })?.request
    const message = request instanceof Request ? unhandledMessage(request, baseUrls) : undefined
    if (message !== undefined) console.error(`[session-library mock] ${message}`)
    ;(print ?? (unhandled as { defaults?: Print }).defaults)?.error()
  }
}
