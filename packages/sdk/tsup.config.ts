import type { Options } from 'tsup'
import { packageConfig } from '../../tsup.shared'

const shared = packageConfig() as Options

// The private internal package is bundled, never named by a published file. The contract, zod and
// ky are bundled too (tree-shaken; their types still come from the dependencies): Node then loads and
// compiles two files instead of ~60 modules, which was most of the SDK's import time. ky stays in a
// chunk of its own that the first call loads. ky is ESM-only: a CJS `require('ky')` fails before
// Node 20.19 and, where it works, hands the bundler's interop a namespace instead of the function, so
// the CJS build carries its own copy too.
const bundled = ['@session-library/internal', '@session-library/schemas', 'zod', 'ky']
export default [
  { ...shared, format: ['esm'], noExternal: bundled, metafile: true },
  { ...shared, format: ['cjs'], noExternal: bundled, clean: false, metafile: true },
] satisfies Options[]
