import { statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import getAbsoluteFSPath from 'swagger-ui-dist/absolute-path.js'

/** The files of swagger-ui-dist the reference page loads, and their types; no other file is served. */
const ASSET_TYPES: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
}

/**
 * Asset URLs carry no version, so a browser revalidates them on each load: after an upgrade of
 * swagger-ui-dist it never runs a stale bundle, and on loopback the 304 costs nothing.
 */
const ASSET_CACHE = 'no-cache'

const matches = (ifNoneMatch: string | null, etag: string) =>
  ifNoneMatch?.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag
  }) ?? false

/**
 * Serves swagger-ui-dist's built files by name, from the installed package: the right
 * `Content-Type`, an `ETag` (size and modification time) and 304 to a matching `If-None-Match`.
 * Answers `undefined` for a name that is not one of the page's assets. The package is located on
 * the first asset asked, so a server that never serves the page never looks for it.
 *
 * @example
 * ```ts
 * const asset = createSwaggerUiAssets()
 * asset('swagger-ui.css', new Headers())?.headers.get('Content-Type') // 'text/css; charset=utf-8'
 * asset('index.html', new Headers()) // undefined
 * ```
 */
export function createSwaggerUiAssets(): (name: string, headers: Headers) => Response | undefined {
  let directory: string | undefined
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
  return (name, headers) => {
    const type = Object.hasOwn(ASSET_TYPES, name) ? ASSET_TYPES[name] : undefined
    if (type === undefined) return undefined
    directory ??= getAbsoluteFSPath()
    const path = join(directory, name)
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
      headers: { ...cacheHeaders, 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' },
    })
  }
}
