import { API_PREFIX, apiPath } from '@session-library/schemas'

/** What msw hands an unhandled-request callback: msw 3 `({ frame, defaults })`, msw 2 `(request, print)`. */
type Unhandled = { frame?: { data?: unknown }; defaults?: { error(): void } } | Request
type Print = { error(): void }

/**
 * msw's callback for an unhandled request (msw 3 `onUnhandledFrame`, msw 2 `onUnhandledRequest`):
 * the request is refused as msw's `'error'` strategy refuses it, after msw's error and what to do.
 */
export type UnhandledCallback = (unhandled: Unhandled, print?: Print) => void

function unhandledMessage(request: Request, baseUrls: readonly string[]): string {
  const url = new URL(request.url)
  const said = `${request.method} ${url.origin}${url.pathname} reached no handler and was refused`
  if (apiPath(url.pathname) === undefined)
    return `${said}: the mock answers only ${baseUrls.join(', ')}; give msw a handler of your own for it`
  const wanted = [...baseUrls, `${url.origin}${API_PREFIX}`].map((base) => JSON.stringify(base)).join(', ')
  return (
    `${said}: it looks like the Session Library API, ` +
    `but the mock answers only ${baseUrls.join(', ')}. Point the client at the mock's baseUrl, ` +
    `or give the mock this origin too: createMockApi({ baseUrl: [${wanted}] })`
  )
}

export function explainUnhandled(baseUrls: readonly string[]): UnhandledCallback {
  return (unhandled, print) => {
    const request = unhandled instanceof Request ? unhandled : (unhandled.frame?.data as { request?: unknown })?.request
    if (request instanceof Request) console.error(`[session-library mock] ${unhandledMessage(request, baseUrls)}`)
    ;(print ?? (unhandled as { defaults?: Print }).defaults)?.error()
    // msw's defaults only print: a thrown network error is what keeps the request in the process.
    throw request instanceof Request ? Response.error() : new Error('[session-library mock] no handler: refused')
  }
}
