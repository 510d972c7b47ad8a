import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createFileAssets, escapeHtml, type PageRoute, pageHeaders } from './page-headers.js'

/** The dashboard's built files (`pnpm build` writes them to `dist/dashboard/`); no other is served. */
const ASSET_TYPES: Readonly<Record<string, string>> = {
  'dashboard.js': 'text/javascript; charset=utf-8',
  'dashboard.css': 'text/css; charset=utf-8',
}

const PACKAGE_NAME = '@session-library/mock-server'

/**
 * The package's `dist/dashboard/`, found from this module whether it runs built (`dist/*.js`) or
 * from source (`src/node/*.ts`, in the tests): the nearest package.json of this package.
 */
function dashboardDirectory(): string {
  let directory = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = join(directory, 'package.json')
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === PACKAGE_NAME) {
      return join(directory, 'dist', 'dashboard')
    }
    const parent = dirname(directory)
    if (parent === directory) throw new Error(`${PACKAGE_NAME}: cannot find its dist/dashboard directory`)
    directory = parent
  }
}

function pageHtml(title: string, assets: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assets}dashboard.css">
<script type="module" src="${assets}dashboard.js"></script>
</head>
<body>
<div id="app"><noscript>The dashboard needs JavaScript.</noscript></div>
</body>
</html>
`
}

/**
 * The dashboard's page at `<path>/` (and `<path>`) and its built files, no token (D18: no data; the
 * page sends the token the user pastes). Other paths under `<path>` are the control surface's.
 */
export function dashboardRoutes(path: string, title: () => string): PageRoute[] {
  const assets = `${path}/assets/`
  let page: string | undefined
  const asset = createFileAssets(ASSET_TYPES, dashboardDirectory)
  const answerPage = () => {
    page ??= pageHtml(title(), assets)
    return new Response(page, { headers: pageHeaders('text/html; charset=utf-8', { inlineStyles: false }) })
  }
  return [
    { method: 'GET', path, answer: answerPage },
    { method: 'GET', path: `${path}/`, answer: answerPage },
    { method: 'GET', path: `${assets}{name}`, answer: (request, { name }) => asset(name ?? '', request.headers) },
  ]
}
