import { packageConfig } from '../../tsup.shared'

// `index` is browser-safe; `node` and the CLI may use Node's modules. The CLI is run, never
// imported, so it gets no declarations.
export default packageConfig({
  entry: ['src/index.ts', 'src/node.ts', 'src/cli.ts'],
  dts: { entry: ['src/index.ts', 'src/node.ts'] },
})
