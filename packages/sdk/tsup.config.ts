import type { Options } from 'tsup'
import { packageConfig } from '../../tsup.shared'

const shared = packageConfig() as Options

// ky is ESM-only: a CJS `require('ky')` fails before Node 20.19 and, where it works, hands the
// bundler's interop a namespace instead of the function. The CJS build carries its own copy.
export default [
  { ...shared, format: ['esm'] },
  { ...shared, format: ['cjs'], noExternal: ['ky'], clean: false },
] satisfies Options[]
