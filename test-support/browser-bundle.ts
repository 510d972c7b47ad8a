import { type BuildOptions, build, type Metafile } from 'esbuild'

/**
 * How every test bundles code for a browser: ESM for the browser platform, every import inlined,
 * in memory, with the metafile that names each input; quiet (a test asserts what matters).
 *
 * @example `const result = await build({ ...BROWSER_BUILD, entryPoints: ['page.ts'] })`
 */
export const BROWSER_BUILD = {
  bundle: true,
  platform: 'browser',
  format: 'esm',
  write: false,
  metafile: true,
  logLevel: 'silent',
} as const satisfies BuildOptions

/** Where a script to bundle resolves its imports from, and what the packages it names resolve to. */
export interface BrowserBundleInput {
  readonly resolveDir: string
  readonly loader: 'js' | 'ts'
  readonly alias: Record<string, string>
}

/**
 * Bundles `contents` for the browser the one way the SDK's size is measured (its browser test and
 * `scripts/bench/size.mjs`): esbuild, bundled, minified, ESM, browser platform, with the metafile
 * that gives each input's share. Plain TypeScript (types only), so that Node runs it unbuilt.
 *
 * @example
 * ```ts
 * const { code } = await bundleForBrowser(`export * from 'ky'`, { resolveDir: '.', loader: 'js', alias: {} })
 * ```
 */
export async function bundleForBrowser(
  contents: string,
  { resolveDir, loader, alias }: BrowserBundleInput,
): Promise<{ code: string; metafile: Metafile }> {
  const result = await build({ ...BROWSER_BUILD, stdin: { contents, resolveDir, loader }, minify: true, alias })
  return { code: result.outputFiles[0]?.text ?? '', metafile: result.metafile }
}
