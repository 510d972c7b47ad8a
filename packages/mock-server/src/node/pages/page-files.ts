import { existsSync, readFileSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { once } from '@session-library/internal'

const PACKAGE_NAME = '@session-library/mock-server'

/** The package's `dist/` (the dashboard, the contract's document), found from this module built or from source. */
export function distDirectory(): string {
  let directory = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = join(directory, 'package.json')
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === PACKAGE_NAME) {
      return join(directory, 'dist')
    }
    const parent = dirname(directory)
    if (parent === directory) throw new Error(`${PACKAGE_NAME}: cannot find its dist directory`)
    directory = parent
  }
}

/** Only same-origin scripts, styles and calls; `inlineStyles` for Swagger UI, `data:` images for CSS icons and favicons. */
function contentSecurityPolicy(inlineStyles: boolean): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self'${inlineStyles ? " 'unsafe-inline'" : ''}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** The `Content-Type` of each kind of file the pages serve, by extension; a path without one is a page. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  png: 'image/png',
}
const typeOf = (path: string) => CONTENT_TYPES[/\.(\w+)$/.exec(path)?.[1] ?? ''] ?? 'text/html; charset=utf-8'

/** A page or script of the mock's, made when first asked, with its CSP, revalidation, no sniffing and no referrer. */
export function textRoute(path: string, inlineStyles: boolean, make: () => string): PageRoute {
  const text = once(make)
  const headers = () => ({
    'Content-Type': typeOf(path),
    'Cache-Control': 'no-cache',
    'Content-Security-Policy': contentSecurityPolicy(inlineStyles),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  })
  return { method: 'GET', path, answer: () => new Response(text(), { headers: headers() }) }
}

/** A page of the mock's in the one document shell: `head` and `body` are lines, each ending in a newline. */
export const htmlPage = (head: string, body: string) =>
  `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n${head}</head>\n<body>\n${body}</body>\n</html>\n`

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] as string)

// Asset URLs carry no version: revalidated on each load, a browser never runs a stale bundle.
const ASSET_CACHE = 'no-cache'

const matches = (ifNoneMatch: string | null, etag: string) =>
  ifNoneMatch?.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag
  }) ?? false

/** The route `<prefix>{name}` of the files `names` lists in one directory, with `ETag` and 304. */
export function assetRoute(prefix: string, names: readonly string[], locate: () => string): PageRoute {
  const directory = once(locate)
  const etags = new Map<string, string>()
  const etagOf = (path: string) => {
    let etag = etags.get(path)
    if (etag === undefined) {
      const { size, mtimeMs } = statSync(path)
      etag = `"${size.toString(36)}-${Math.trunc(mtimeMs).toString(36)}"`
      etags.set(path, etag)
    }
    return etag
  }
  const answer = (name: string, headers: Headers) => {
    if (!names.includes(name)) return undefined
    const path = join(directory(), name)
    const etag = etagOf(path)
    const cacheHeaders = { ETag: etag, 'Cache-Control': ASSET_CACHE }
    if (matches(headers.get('If-None-Match'), etag)) return new Response(null, { status: 304, headers: cacheHeaders })
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(await readFile(path))
        controller.close()
      },
    })
    return new Response(body, {
      headers: { ...cacheHeaders, 'Content-Type': typeOf(name), 'X-Content-Type-Options': 'nosniff' },
    })
  }
  return { method: 'GET', path: `${prefix}{name}`, answer: (request, { name }) => answer(name ?? '', request.headers) }
}

/** A page's route, a path template of the contract's form (`/docs/assets/{name}`), answered on GET and HEAD. */
export interface PageRoute {
  readonly method: 'GET'
  readonly path: string
  answer(request: Request, params: Record<string, string>): Response | undefined
}
