import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createFileAssets, escapeHtml, pageHeaders } from './page-headers.js'

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

/** Options of {@link createDashboardRoutes}. */
interface DashboardRoutesOptions {
  /** The control surface's prefix: the page is `<path>/` (and `<path>`), its files `<path>/assets/*`. */
  path: string
  /** The page's title. */
  title: string
}

/**
 * Serves the mock's dashboard: the page at `<path>/` and its two built files under
 * `<path>/assets/`, none needing a token (D18: they hold no data; every call the page makes sends
 * the token the user pastes). `undefined` for any other path, which the control surface answers.
 */
export function createDashboardRoutes(options: DashboardRoutesOptions): (request: Request) => Response | undefined {
  const assets = `${options.path}/assets/`
  const page = pageHtml(options.title, assets)
  const asset = createFileAssets(ASSET_TYPES, dashboardDirectory)
  return (request) => {
    const { pathname } = new URL(request.url)
    if (pathname === options.path || pathname === `${options.path}/`) {
      return new Response(page, { headers: pageHeaders('text/html; charset=utf-8', { inlineStyles: false }) })
    }
    return pathname.startsWith(assets) ? asset(pathname.slice(assets.length), request.headers) : undefined
  }
}

/** Whether a path is the dashboard's page or one of its files (answered without a token). */
export const isDashboardPath = (path: string, pathname: string) =>
  pathname === path || pathname === `${path}/` || pathname.startsWith(`${path}/assets/`)
