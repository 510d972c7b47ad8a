import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { packageConfig } from '../../tsup.shared'

const require = createRequire(import.meta.url)

// The reference page's Swagger UI files, copied at build time: an install then runs no third
// party's script (swagger-ui-dist brings an install-time telemetry one). Listed in a metafile's
// shape, so that scripts/third-party-licenses.mjs keeps their licence with the bundled code's.
const SWAGGER_UI = ['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-32x32.png', 'favicon-16x16.png']
function copySwaggerUi(): void {
  const from = dirname(require.resolve('swagger-ui-dist/package.json'))
  mkdirSync('dist/swagger-ui', { recursive: true })
  for (const name of SWAGGER_UI) copyFileSync(join(from, name), join('dist/swagger-ui', name))
  const inputs = Object.fromEntries(SWAGGER_UI.map((name) => [relative('.', join(from, name)), {}]))
  writeFileSync('dist/metafile-swagger-ui.json', JSON.stringify({ inputs }))
}

const cliEntry = 'src/cli.ts'

// `index` is browser-safe; `node` and the CLI may use Node's modules. The CLI is run, never
// imported: ESM only (it shares the ESM build's chunks), no CommonJS copy, no declarations.
// `shims` gives the CJS build an `import.meta.url` (the dashboard's files are found from it). The
// dashboard itself is built by scripts/build-dashboard.mjs into dist/dashboard/ after this build
// (which empties dist/).
export default packageConfig({
  entry: ['src/index.ts', 'src/node.ts', cliEntry],
  dts: { entry: ['src/index.ts', 'src/node.ts'] },
  esbuildOptions(options, { format }) {
    if (format === 'cjs') options.entryPoints = (options.entryPoints as string[]).filter((entry) => entry !== cliEntry)
  },
  shims: true,
  // `/openapi.json` serves the contract's own document, the one bundled with this build.
  onSuccess: async () => {
    copyFileSync(require.resolve('@session-library/schemas/openapi.json'), 'dist/openapi.json')
    copySwaggerUi()
  },
  // Read by scripts/third-party-licenses.mjs: @msw/data and what it imports are bundled.
  metafile: true,
  // Bundled, tree-shaken: @msw/data (only a devDependency; no type of it is public) imports the whole
  // of es-toolkit's barrels, which took ~0.25 s of every start; the contract and zod are ~150 modules
  // to resolve and compile. The code imports `zod/mini` itself: through the contract's re-exported
  // `z` namespace esbuild would keep all of zod.
  noExternal: ['@msw/data', '@session-library/internal', '@session-library/schemas', 'zod'],
})
