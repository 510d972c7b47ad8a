import getAbsoluteFSPath from 'swagger-ui-dist/absolute-path.js'
import { createFileAssets } from './file-assets.js'

/** The files of swagger-ui-dist the reference page loads, and their types; no other file is served. */
const ASSET_TYPES: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
}

/**
 * Serves swagger-ui-dist's built files by name, from the installed package (see
 * {@link createFileAssets}); `undefined` for a name that is not one of the page's assets.
 */
export function createSwaggerUiAssets(): (name: string, headers: Headers) => Response | undefined {
  return createFileAssets(ASSET_TYPES, getAbsoluteFSPath)
}
