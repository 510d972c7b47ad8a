import { API_PREFIX, createOpenApiDocument } from '@session-library/schemas'

/** Paths served outside the API without a token: they hold no data (D18). */
export const STATIC_PATHS = { openapi: '/openapi.json', docs: '/docs' } as const

/**
 * Answers `GET /openapi.json` (the contract's document, its server URL set to the origin asked) and
 * `GET /docs` (for now a redirect to the document); `undefined` for any other request. The document
 * is built once per origin.
 *
 * @example
 * ```ts
 * const serveStatic = createStaticRoutes()
 * serveStatic(new Request('http://127.0.0.1:4777/openapi.json'))?.status // 200
 * ```
 */
export function createStaticRoutes(): (request: Request) => Response | undefined {
  const documents = new Map<string, string>()
  const openApi = (origin: string) => {
    let document = documents.get(origin)
    if (document === undefined) {
      document = JSON.stringify(createOpenApiDocument({ serverUrl: `${origin}${API_PREFIX}` }))
      documents.set(origin, document)
    }
    return new Response(document, { headers: { 'Content-Type': 'application/json' } })
  }
  return (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
    const url = new URL(request.url)
    if (url.pathname === STATIC_PATHS.openapi) return openApi(url.origin)
    if (url.pathname === STATIC_PATHS.docs) return Response.redirect(`${url.origin}${STATIC_PATHS.openapi}`, 302)
    return undefined
  }
}
