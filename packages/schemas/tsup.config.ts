import { packageConfig } from '../../tsup.shared'

export default packageConfig({ onSuccess: 'node scripts/write-openapi.mjs' })
