import type { Options } from 'tsup'
import { packageConfig } from '../../tsup.shared'

const shared = packageConfig() as Options

// The private internal package is bundled, never named by a published file. ky is ESM-only: a CJS
// `require('ky')` fails before Node 20.19 and, where it works, hands the bundler's interop a
// namespace instead of the function, so the CJS build carries its own copy.
export default [
  { ...shared, format: ['esm'], noExternal: ['@session-library/internal'] },
  { ...shared, format: ['cjs'], noExternal: ['@session-library/internal', 'ky'], clean: false },
] satisfies Options[]
