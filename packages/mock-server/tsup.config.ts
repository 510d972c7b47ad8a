import { packageConfig } from '../../tsup.shared'

// `index` is browser-safe; `node` and the CLI may use Node's modules.
export default packageConfig({ entry: ['src/index.ts', 'src/node.ts', 'src/cli.ts'] })
