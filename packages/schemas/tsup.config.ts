import { packageConfig } from '../../tsup.shared'

// Three entries; the shell one (the programs' command-line parser) shares nothing with the others.
// tsup splits ESM (its default for that format): code both reach (the routes, the tolerant
// schemas) sits in a shared chunk, so that a bundle of the client entry holds no exact schema,
// request schema or OpenAPI text. CJS does not split: each CJS entry carries its own copy.
export default packageConfig({
  entry: ['src/index.ts', 'src/client.ts', 'src/shell.ts'],
  splitting: false,
  onSuccess: 'node scripts/write-openapi.mjs',
})
