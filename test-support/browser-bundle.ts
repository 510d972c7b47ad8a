import { build, type Metafile } from 'esbuild'

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
  const result = await build({
    stdin: { contents, resolveDir, loader },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
    alias,
  })
  return { code: result.outputFiles[0]?.text ?? '', metafile: result.metafile }
}
