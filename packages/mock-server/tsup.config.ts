import { copyFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { packageConfig } from '../../tsup.shared'

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
  onSuccess: async () =>
    copyFileSync(createRequire(import.meta.url).resolve('@session-library/schemas/openapi.json'), 'dist/openapi.json'),
  // Read by scripts/third-party-licenses.mjs: @msw/data and what it imports are bundled.
  metafile: true,
  // Bundled, tree-shaken: @msw/data (only a devDependency; no type of it is public) imports the whole
  // of es-toolkit's barrels, which took ~0.25 s of every start; the contract and zod are ~150 modules
  // to resolve and compile. The code imports `zod/mini` itself: through the contract's re-exported
  // `z` namespace esbuild would keep all of zod.
  noExternal: ['@msw/data', '@session-library/internal', '@session-library/schemas', 'zod'],
})
