import { API_PREFIX, createOpenApiDocument, type OpenApiDocument } from '@session-library/schemas'
import { CONTROL_PREFIX } from '../../control/routes.js'
import { createDashboardRoutes, isDashboardPath } from './dashboard-page.js'
import { createDocsRoutes } from './docs-page.js'

/** Paths served outside the API without a token: they hold no data (D18). */
const STATIC_PATHS = { openapi: '/openapi.json', docs: '/docs', dashboard: CONTROL_PREFIX } as const

const isDocsPath = (pathname: string) => pathname === STATIC_PATHS.docs || pathname.startsWith(`${STATIC_PATHS.docs}/`)

const isStaticPath = (pathname: string) =>
  pathname === STATIC_PATHS.openapi || isDocsPath(pathname) || isDashboardPath(STATIC_PATHS.dashboard, pathname)

/**
 * Routes answered before the handlers (see `RequestListenerOptions.routes`): a function of a fetch
 * `Request`, and which paths it may answer at all, so that a request elsewhere needs no `Request`.
 */
type StaticRoutes = ((request: Request) => Response | undefined) & { answers(pathname: string): boolean }

/**
 * Answers `GET /openapi.json` (the contract's document, its server URL set to the origin asked, so
 * that the reference page's "Try it out" calls this server) and `GET /docs` with everything under it
 * (the reference page, see {@link createDocsRoutes}), and the dashboard's page and files at
 * `/__mock/` (see {@link createDashboardRoutes}); `undefined` for any other request. The document
 * is built once per origin, and the page on its first request, so neither slows the start.
 */
export function createStaticRoutes(): StaticRoutes {
  const documents = new Map<string, { document: OpenApiDocument; json: string }>()
  const documentOf = (origin: string) => {
    let built = documents.get(origin)
    if (built === undefined) {
      const document = createOpenApiDocument({ serverUrl: `${origin}${API_PREFIX}` })
      built = { document, json: JSON.stringify(document) }
      documents.set(origin, built)
    }
    return built
  }
  let docs: ReturnType<typeof createDocsRoutes> | undefined
  let dashboard: ReturnType<typeof createDashboardRoutes> | undefined
  const serve = (request: Request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
    const url = new URL(request.url)
    if (url.pathname === STATIC_PATHS.openapi) {
      return new Response(documentOf(url.origin).json, { headers: { 'Content-Type': 'application/json' } })
    }
    const title = () => documentOf(url.origin).document.info.title
    if (isDashboardPath(STATIC_PATHS.dashboard, url.pathname)) {
      dashboard ??= createDashboardRoutes({ path: STATIC_PATHS.dashboard, title: `${title()} · mock dashboard` })
      return dashboard(request)
    }
    if (!isDocsPath(url.pathname)) return undefined
    docs ??= createDocsRoutes({
      path: STATIC_PATHS.docs,
      openApiPath: STATIC_PATHS.openapi,
      title: title(),
      dashboardPath: `${STATIC_PATHS.dashboard}/`,
    })
    return docs(request)
  }
  return Object.assign(serve, { answers: isStaticPath })
}
