import { join } from 'node:path'
import { assetRoute, distDirectory, escapeHtml, htmlPage, type PageRoute, textRoute } from './page-files.js'

/** The dashboard's built files (`pnpm build` writes them to `dist/dashboard/`); no other is served. */
const ASSETS = ['dashboard.js', 'dashboard.css']

const pageHtml = (title: string, assets: string) =>
  htmlPage(
    `<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assets}dashboard.css">
<script type="module" src="${assets}dashboard.js"></script>
`,
    '<div id="app"><noscript>The dashboard needs JavaScript.</noscript></div>\n',
  )

/** The dashboard's page at `<path>/` and its built files, no token (D18: no data; the user pastes it). */
export function dashboardRoutes(path: string, title: () => string): PageRoute[] {
  const assets = `${path}/assets/`
  const page = textRoute(path, false, () => pageHtml(title(), assets))
  return [page, { ...page, path: `${path}/` }, assetRoute(assets, ASSETS, () => join(distDirectory(), 'dashboard'))]
}
