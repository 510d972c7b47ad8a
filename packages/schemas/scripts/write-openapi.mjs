// Writes the OpenAPI document at build time, from the freshly built contract.
import { writeFileSync } from 'node:fs'
import { createOpenApiDocument } from '../dist/index.js'

writeFileSync(new URL('../dist/openapi.json', import.meta.url), `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`)
