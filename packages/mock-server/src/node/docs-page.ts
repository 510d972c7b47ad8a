import { createSwaggerUiAssets } from './swagger-ui-assets.js'

/**
 * Only same-origin scripts, styles and calls: the page works offline, and "Try it out" can reach this
 * mock and nothing else. Swagger UI sets inline styles, and its CSS embeds its icons as data: URLs.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] as string)

/** Where the page's parts live under its path: the page, its init script, swagger-ui-dist's files. */
const partsOf = (path: string) => ({ page: path, init: `${path}/init.js`, assets: `${path}/assets/` })

type DocsPaths = ReturnType<typeof partsOf>

function pageHtml(title: string, paths: DocsPaths): string {
  const asset = (name: string) => `${paths.assets}${name}`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
<link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}" sizes="32x32">
<link rel="icon" type="image/png" href="${asset('favicon-16x16.png')}" sizes="16x16">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="${paths.init}"></script>
</body>
</html>
`
}

// BaseLayout has no URL bar, so the page shows this mock's document only; no validator badge, which
// would call validator.swagger.io.
const initScript = (openApiPath: string) => `window.ui = SwaggerUIBundle(${JSON.stringify({
  url: openApiPath,
  dom_id: '#swagger-ui',
  layout: 'BaseLayout',
  deepLinking: true,
  displayOperationId: true,
  validatorUrl: null,
})})
`

const pageHeaders = (type: string) => ({
  'Content-Type': type,
  'Cache-Control': 'no-cache',
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
})

/**
 * Options of {@link createDocsRoutes}.
 *
 * @example
 * ```ts
 * const options: DocsRoutesOptions = { path: '/docs', openApiPath: '/openapi.json', title: 'Session Library automation API' }
 * ```
 */
export interface DocsRoutesOptions {
  /** Path of the page; its script and assets live under it. */
  path: string
  /** Path of the OpenAPI document the page renders, on the same origin. */
  openApiPath: string
  /** The page's title. */
  title: string
}

/**
 * Serves the interactive API reference (Swagger UI, from the installed swagger-ui-dist, nothing from
 * a CDN): at `path` the page, which loads the document at `openApiPath` and whose "Try it out" calls
 * the server that document names; `<path>/init.js` its start script; `<path>/assets/*` the
 * renderer's files. `undefined` for any other path. None of them needs a token (D18: no data).
 *
 * @example
 * ```ts
 * const docs = createDocsRoutes({ path: '/docs', openApiPath: '/openapi.json', title: 'Session Library automation API' })
 * docs(new Request('http://127.0.0.1:4777/docs'))?.headers.get('Content-Type') // 'text/html; charset=utf-8'
 * ```
 */
export function createDocsRoutes(options: DocsRoutesOptions): (request: Request) => Response | undefined {
  const paths = partsOf(options.path)
  const page = pageHtml(options.title, paths)
  const init = initScript(options.openApiPath)
  const asset = createSwaggerUiAssets()
  return (request) => {
    const { pathname } = new URL(request.url)
    if (pathname === paths.page) return new Response(page, { headers: pageHeaders('text/html; charset=utf-8') })
    if (pathname === paths.init) return new Response(init, { headers: pageHeaders('text/javascript; charset=utf-8') })
    if (pathname.startsWith(paths.assets)) return asset(pathname.slice(paths.assets.length), request.headers)
    return undefined
  }
}
