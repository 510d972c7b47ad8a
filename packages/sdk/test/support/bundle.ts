import { fileURLToPath } from 'node:url'
import { bundleForBrowser as bundle } from '../../../../test-support/browser-bundle.js'

const SDK_ENTRY = fileURLToPath(new URL('../../src/index.ts', import.meta.url))
const source = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url))

/** Bundles `contents` for the browser, minified, resolving the SDK and the contract to their sources. */
export function bundleForBrowser(contents: string) {
  return bundle(contents, {
    resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
    loader: 'ts',
    alias: {
      '@session-library/sdk': SDK_ENTRY,
      '@session-library/schemas': source('schemas/src/index.ts'),
      '@session-library/schemas/client': source('schemas/src/client.ts'),
    },
  })
}
