import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'
import { BROWSER_BUILD } from '../../../test-support/browser-bundle.js'

const packages = fileURLToPath(new URL('../../../packages/', import.meta.url))

// The same rule as the root vitest.config.ts: a workspace entry is its package's src file.
const workspaceSources: Plugin = {
  name: 'workspace-sources',
  setup(context) {
    context.onResolve({ filter: /^@session-library\/[^/]+(\/[^/]+)?$/ }, ({ path }) => {
      const [, name, entry = 'index'] = path.split('/')
      return { path: `${packages}${name}/src/${entry}.ts` }
    })
  },
}

/** The page script bundled for the browser, and every file it was built from. */
export interface PageBundle {
  code: string
  inputs: string[]
}

/** Bundles page.ts as a browser would load it: ESM, every import inlined, nothing external. */
export async function bundlePage(): Promise<PageBundle> {
  const result = await build({
    ...BROWSER_BUILD,
    entryPoints: [fileURLToPath(new URL('./page.ts', import.meta.url))],
    target: 'es2022',
    plugins: [workspaceSources],
  })
  const imports = Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((i) => i.path))
  return { code: result.outputFiles[0]?.text ?? '', inputs: [...Object.keys(result.metafile.inputs), ...imports] }
}

/** A static server on 127.0.0.1 for the page, its bundle and msw's worker; it records every path asked. */
export interface PageServer {
  origin: string
  requested: string[]
  close(): Promise<void>
}

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>browser test</title></head>
<body><script type="module" src="/page.js"></script></body></html>`

/** Serves `/`, `/page.js` and `/mockServiceWorker.js` (from the installed msw); anything else is 404. */
export async function servePage(bundle: string): Promise<PageServer> {
  const worker = await readFile(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8')
  const files: Record<string, [string, string]> = {
    '/': ['text/html; charset=utf-8', PAGE],
    '/page.js': ['text/javascript; charset=utf-8', bundle],
    '/mockServiceWorker.js': ['text/javascript; charset=utf-8', worker],
  }
  const requested: string[] = []
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/'
    requested.push(path)
    const file = files[path]
    response.writeHead(file ? 200 : 404, { 'Content-Type': file?.[0] ?? 'text/plain', 'Cache-Control': 'no-store' })
    response.end(file?.[1] ?? 'not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requested,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
