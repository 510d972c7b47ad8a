import { join } from 'node:path'
import { assetRoute, distDirectory, escapeHtml, htmlPage, type PageRoute, textRoute } from './page-files.js'

// The dashboard link sits above Swagger UI's own layout, styled inline (the page allows it).
const dashboardLink = (path: string) =>
  `<p style="font:14px/1.4 sans-serif;margin:12px 20px 0">This mock's dashboard (live journal, modes, faults, imports, library): <a href="${escapeHtml(path)}">${escapeHtml(path)}</a></p>\n`

function pageHtml(title: string, assets: string, init: string, dashboardPath: string): string {
  return htmlPage(
    `<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${assets}swagger-ui.css">
<link rel="icon" type="image/png" href="${assets}favicon-32x32.png" sizes="32x32">
<link rel="icon" type="image/png" href="${assets}favicon-16x16.png" sizes="16x16">
`,
    `${dashboardLink(dashboardPath)}<div id="swagger-ui"></div>
<script src="${assets}swagger-ui-bundle.js"></script>
<script src="${init}"></script>
`,
  )
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

/** The API reference (Swagger UI from swagger-ui-dist, no CDN), no token (D18: no data). */
export function docsRoutes(
  paths: { page: string; openApi: string; dashboard: string },
  title: () => string,
): PageRoute[] {
  const init = `${paths.page}/init.js`
  const assets = `${paths.page}/assets/`
  // Swagger UI sets inline styles, and its CSS embeds its icons as data: URLs.
  return [
    textRoute(paths.page, true, () => pageHtml(title(), assets, init, paths.dashboard)),
    textRoute(init, true, () => initScript(paths.openApi)),
    assetRoute(assets, ASSETS, () => join(distDirectory(), 'swagger-ui')),
  ]
}

/** The files of Swagger UI the page loads (copied into `dist/swagger-ui/` by the build); no other is served. */
const ASSETS = ['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-32x32.png', 'favicon-16x16.png']
