// Builds the dashboard (dashboard/, Preact) into dist/dashboard/: one ES module and one style
// sheet, minified, everything bundled (nothing loaded from a CDN). Run by `pnpm build` after tsup,
// which empties dist/.
import { writeFileSync } from 'node:fs'
import { build } from 'esbuild'

const { metafile } = await build({
  absWorkingDir: new URL('..', import.meta.url).pathname,
  entryPoints: { dashboard: 'dashboard/main.tsx' },
  outdir: 'dist/dashboard',
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  jsx: 'automatic',
  jsxImportSource: 'preact',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
})
for (const [file, { bytes }] of Object.entries(metafile.outputs)) {
  process.stdout.write(`dashboard: ${file} ${(bytes / 1024).toFixed(1)} KiB\n`)
}
// For scripts/third-party-licenses.mjs: what the page bundles (Preact, zod) is listed with its licence.
writeFileSync(new URL('../dist/metafile-dashboard.json', import.meta.url), JSON.stringify(metafile))
