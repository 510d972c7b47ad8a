import { packageConfig } from '../../tsup.shared'

// `index` is browser-safe; `node` and the CLI may use Node's modules. The CLI is run, never
// imported, so it gets no declarations. `shims` gives the CJS build an `import.meta.url` (the
// dashboard's files are found from it). The dashboard itself is built by
// scripts/build-dashboard.mjs into dist/dashboard/ after this build (which empties dist/).
export default packageConfig({
  entry: ['src/index.ts', 'src/node.ts', 'src/cli.ts'],
  dts: { entry: ['src/index.ts', 'src/node.ts'] },
  shims: true,
})
