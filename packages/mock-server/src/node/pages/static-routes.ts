import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { once } from '@session-library/internal'
import { API_PREFIX, findRoute } from '@session-library/schemas'
import { CONTROL_PREFIX } from '../../control/routes.js'
import { errorResponse } from '../../http/api-error.js'
import { dashboardRoutes } from './dashboard-page.js'
import { docsRoutes } from './docs-page.js'
import { distDirectory, type PageRoute } from './page-files.js'

const OPENAPI_PATH = '/openapi.json'

/** The pages, before the mock and without a token (D18: no data): `/openapi.json`, `/docs`, the dashboard at `/__mock/`. */
export function createStaticRoutes(): ((request: Request) => Response | undefined) & {
  answers(pathname: string): boolean
} {
  // The contract's document, copied into dist/ by the build: rendering it here would bundle zod's
  // JSON Schema generator into every import of the mock.
  const read = once((): { info: { title: string } } =>
    JSON.parse(readFileSync(join(distDirectory(), 'openapi.json'), 'utf8')),
  )
  // One rendering, the server URL a mark: one per origin would keep one per `Host` sent, without bound.
  const MARK = 'http://server.invalid/api/v1'
  const parts = once(() => JSON.stringify({ ...read(), servers: [{ url: MARK }] }).split(JSON.stringify(MARK)))
  const title = () => read().info.title
  const openApi: PageRoute = {
    method: 'GET',
    path: OPENAPI_PATH,
    answer: (request) => {
      let json: string
      try {
        json = parts().join(JSON.stringify(`${new URL(request.url).origin}${API_PREFIX}`))
      } catch (error) {
        const cause = (error as NodeJS.ErrnoException).code ?? (error as Error).message
        return errorResponse(
          'internal_error',
          `the contract's document is read from the mock package's dist/openapi.json (${cause}): run the mock from its installed package, not from a bundle of its code`,
        )
      }
      return new Response(json, { headers: { 'Content-Type': 'application/json' } })
    },
  }
  const table = [
    openApi,
    ...docsRoutes({ page: '/docs', openApi: OPENAPI_PATH, dashboard: `${CONTROL_PREFIX}/` }, title),
    ...dashboardRoutes(CONTROL_PREFIX, () => `${title()} · mock dashboard`),
  ]
  const serve = (request: Request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
    const found = findRoute(table, 'GET', new URL(request.url).pathname)
    return found.route?.answer(request, found.params)
  }
  return Object.assign(serve, { answers: (pathname: string) => findRoute(table, 'GET', pathname).route !== undefined })
}
