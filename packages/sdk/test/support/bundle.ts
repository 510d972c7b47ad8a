import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

export const SDK_ENTRY = fileURLToPath(new URL('../../src/index.ts', import.meta.url))

/** Bundles `contents` for the browser, minified, resolving the SDK and the contract to their sources. */
export async function bundleForBrowser(contents: string) {
  const result = await build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('../..', import.meta.url)), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    alias: {
      '@session-library/sdk': SDK_ENTRY,
      '@session-library/schemas': fileURLToPath(new URL('../../../schemas/src/index.ts', import.meta.url)),
      '@session-library/schemas/client': fileURLToPath(new URL('../../../schemas/src/client.ts', import.meta.url)),
    },
  })
  return { code: result.outputFiles[0]!.text, metafile: result.metafile }
}
