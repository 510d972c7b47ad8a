import type { ValidateFunction } from 'ajv'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

/** A JSON Schema object of the document. */
export type JsonSchema = Record<string, unknown>

/** The parts of an OpenAPI 3.1 document that the validators read. */
export interface OpenApiShape {
  paths: Record<string, Record<string, unknown>>
  components: Record<string, unknown>
}

interface OperationObject {
  operationId: string
  parameters: { name: string; in: string; required: boolean; schema: JsonSchema }[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>
}

/** What a tool that reads the document knows of one operation. */
export interface DocumentOperation {
  method: string
  path: string
  operation: OperationObject
  /** The request body's schema, if any. */
  body?: JsonSchema
  /** The query parameters as one object schema (unknown parameters allowed, as OpenAPI allows them). */
  query: JsonSchema
}

const COMPONENTS = 'openapi-components'
const LOCAL_REF = '"#/components/schemas/'

// The document's `#/components/schemas/X` are rewritten to point into one registered schema, so
// that every operation's schema compiles on its own while sharing the components.
const relocate = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value).replaceAll(LOCAL_REF, `"${COMPONENTS}#/$defs/`)) as T

function operationsOf(doc: OpenApiShape): Map<string, DocumentOperation> {
  const byId = new Map<string, DocumentOperation>()
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item as Record<string, OperationObject>)) {
      const query = operation.parameters.filter((parameter) => parameter.in === 'query')
      byId.set(operation.operationId, {
        method: method.toUpperCase(),
        path,
        operation,
        ...(operation.requestBody && { body: operation.requestBody.content['application/json']?.schema }),
        query: {
          type: 'object',
          properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema])),
          required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
        },
      })
    }
  }
  return byId
}

/**
 * Validators of an OpenAPI 3.1 document's schemas, as any tool that reads the document would apply
 * them: ajv with the JSON Schema 2020-12 dialect (OpenAPI 3.1's), formats checked, strict (an
 * unknown keyword or format is an error, not a silent pass). Each is compiled once, when first asked.
 *
 * @example
 * ```ts
 * const validators = documentValidators(createOpenApiDocument())
 * validators.body('sessions.create')?.({ title: 'A' }) // true
 * ```
 */
export function documentValidators(doc: OpenApiShape) {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: false })
  addFormats(ajv)
  const schemas = (doc.components.schemas ?? {}) as Record<string, JsonSchema>
  ajv.addSchema({ $id: COMPONENTS, $defs: relocate(schemas) })
  const operations = operationsOf(doc)
  const compiled = new Map<string, ValidateFunction>()
  const bySchema = new WeakMap<JsonSchema, ValidateFunction>()
  const compile = (key: string, schema: JsonSchema) => {
    let validate = compiled.get(key)
    if (!validate) {
      validate = ajv.compile(relocate(schema))
      compiled.set(key, validate)
    }
    return validate
  }
  const operation = (id: string) => {
    const found = operations.get(id)
    if (!found) throw new Error(`The document has no operation ${id}`)
    return found
  }
  return {
    operations,
    operation,
    /** The validator of an operation's request body; `undefined` when it takes none. */
    body: (id: string) => {
      const { body } = operation(id)
      return body && compile(`${id} body`, body)
    },
    /** The validator of an operation's query, as an object of parameter values. */
    query: (id: string) => compile(`${id} query`, operation(id).query),
    /** The validator of an operation's answer with this status; `undefined` when the document lists none. */
    answer: (id: string, status: number) => {
      const schema = operation(id).operation.responses[status]?.content?.['application/json']?.schema
      return schema && compile(`${id} ${status}`, schema)
    },
    /** The validator of any schema of the document (as `operation()` gives them), compiled once. */
    compileSchema: (schema: JsonSchema) => {
      let validate = bySchema.get(schema)
      if (!validate) {
        validate = ajv.compile(relocate(schema))
        bySchema.set(schema, validate)
      }
      return validate
    },
    /** The validator of a named component (e.g. `Error`). */
    component: (name: string) => compile(`component ${name}`, { $ref: `#/components/schemas/${name}` }),
    /** Compiles every component schema, so that an unknown keyword or format fails here. */
    compileAll: () => {
      for (const name of Object.keys(schemas)) compile(`component ${name}`, { $ref: `#/components/schemas/${name}` })
    },
  }
}

/** The validators of one document. */
export type DocumentValidators = ReturnType<typeof documentValidators>
