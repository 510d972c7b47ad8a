import { packageConfig } from '../../tsup.shared'

// tsup splits ESM (its default for that format): code both reach (the routes, the tolerant
// schemas) sits in a shared chunk, so that a bundle of the client entry holds no exact schema,
// request schema or OpenAPI text. CJS does not split: each CJS entry carries its own copy.
export default packageConfig({
  entry: ['src/index.ts', 'src/client.ts'],
  splitting: false,
  onSuccess: 'node scripts/write-openapi.mjs',
})
