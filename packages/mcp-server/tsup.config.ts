import { packageConfig } from '../../tsup.shared'

const binEntry = 'src/bin.ts'

// `index` is the server to embed; the bin is run, never imported: ESM only, no declarations. The
// private internal package is bundled, never named by a published file.
export default packageConfig({
  entry: ['src/index.ts', binEntry],
  dts: { entry: ['src/index.ts'] },
  esbuildOptions(options, { format }) {
    if (format === 'cjs') options.entryPoints = (options.entryPoints as string[]).filter((entry) => entry !== binEntry)
  },
  noExternal: ['@session-library/internal'],
})
