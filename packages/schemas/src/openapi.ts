import * as z from 'zod/mini'
import * as pairs from './answers/pairs.js'
import { operations } from './contract/endpoints.js'
import { documentedStatuses, type Operation } from './contract/operation.js'
import { DEFAULT_BASE_URL, pathParamNames } from './paths.js'

type JsonSchema = Record<string, unknown>

/** An OpenAPI 3.1 document, as plain JSON. */
export type OpenApiDocument = {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  servers: { url: string }[]
  paths: Record<string, Record<string, unknown>>
  components: Record<string, unknown>
  security: Record<string, string[]>[]
}

const named = () => ({
  Session: pairs.session.exact,
  Preview: pairs.preview.exact,
  Waveform: pairs.waveform.exact,
  WaveformNote: pairs.waveformNote.exact,
  WaveformNoteLane: pairs.waveformNoteLane.exact,
  TagCount: pairs.tagCount.exact,
  ImportResult: pairs.importResult.exact,
  Health: pairs.health.exact,
  ListMeta: pairs.listMeta.exact,
  Error: pairs.exactErrorEnvelope,
})

const errorText: Record<number, string> = {
  400: 'Bad input: invalid_json, with a message that names the field and the rule.',
  401: 'Missing or invalid bearer token: unauthorized.',
  403: 'Write attempted while the service is not in full-automation mode: read_only.',
  404: 'No matching resource (not_found): an unknown session, preview variant or route.',
  413: 'Request body over 1 MiB: payload_too_large.',
  501: 'The service is not available in the current runtime.',
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

const json = (schema: unknown) => ({ 'application/json': { schema } })

type Converted = (schema: z.ZodMiniType) => JsonSchema

// One registry conversion per direction: named resources become $refs, the rest is inlined.
function converter(schemas: Iterable<z.ZodMiniType>, io: 'input' | 'output'): Converted {
  const registry = z.registry<{ id: string }>()
  const ids = new Map<z.ZodMiniType, string>()
  for (const [id, schema] of Object.entries(named())) ids.set(schema, id)
  for (const schema of schemas) if (!ids.has(schema)) ids.set(schema, `inline${ids.size}`)
  for (const [schema, id] of ids) registry.add(schema, { id })
  const converted = z.toJSONSchema(registry, {
    io,
    target: 'draft-2020-12',
    uri: (id) => ref(id).$ref,
    unrepresentable: 'any',
  }).schemas as Record<string, JsonSchema>
  for (const json of Object.values(converted)) {
    delete json.$schema
    delete json.$id
  }
  return (schema) => converted[ids.get(schema) as string] as JsonSchema
}

const queryShape = (operation: Operation): Record<string, z.ZodMiniType> =>
  ((operation.query as z.ZodMiniObject | undefined)?.def.shape ?? {}) as Record<string, z.ZodMiniType>

function queryParameters(operation: Operation, input: Converted) {
  return Object.entries(queryShape(operation)).map(([name, schema]) => {
    const json = input(schema)
    // Tools show a parameter's own description, not its schema's: a rule said in words goes there too.
    return {
      name,
      in: 'query',
      required: false,
      ...(typeof json.description === 'string' && { description: json.description }),
      schema: json,
    }
  })
}

// A 201 answers the resource it made, `data.id` its id: a stateful fuzzer chains every operation that takes it.
function links(operation: Operation) {
  if (operation.status !== 201) return undefined
  const takers = operations.filter((taker) => taker.path.includes('{id}'))
  const link = (taker: Operation) => ({ operationId: taker.name, parameters: { id: '$response.body#/data/id' } })
  return { links: Object.fromEntries(takers.map((taker) => [taker.name, link(taker)])) }
}

function responses(operation: Operation, output: Converted) {
  const success = { description: operation.summary, content: json(output(operation.answer.exact)), ...links(operation) }
  const answers: Record<string, unknown> = { [operation.status]: success }
  for (const status of [...operation.errors, ...operation.decidedErrors].sort()) {
    answers[status] = { description: errorText[status] ?? 'Error', content: json(ref('Error')) }
  }
  return answers
}

function describeOperation(operation: Operation, input: Converted, output: Converted) {
  return {
    operationId: operation.name,
    tags: [operation.name.split('.')[0]],
    summary: operation.summary,
    description: operation.description,
    parameters: [
      ...pathParamNames(operation.path).map((name) => ({
        name,
        in: 'path',
        required: true,
        description: 'The session identifier.',
        schema: { type: 'string' },
      })),
      ...queryParameters(operation, input),
      {
        name: 'Prefer',
        in: 'header',
        required: false,
        description: `The mock only (D21): \`code=<status>\` answers this operation's error of that status (${documentedStatuses(operation).join(', ')}), changing nothing.`,
        schema: { type: 'string' },
      },
    ],
    ...(operation.body && { requestBody: { required: true, content: json(input(operation.body)) } }),
    responses: responses(operation, output),
  }
}

/**
 * The OpenAPI 3.1 document of the API, from the endpoint table; the package ships it prebuilt as
 * `@session-library/schemas/openapi.json`.
 *
 * @example
 * ```ts
 * import { createOpenApiDocument } from '@session-library/schemas'
 * const doc = createOpenApiDocument({ serverUrl: 'http://127.0.0.1:4777/api/v1' })
 * Object.keys(doc.paths) // ['/health', '/sessions', ...]
 * ```
 */
export function createOpenApiDocument(options: { serverUrl?: string } = {}): OpenApiDocument {
  const input = converter(
    operations.flatMap((op) => [...(op.body ? [op.body] : []), ...Object.values(queryShape(op))]),
    'input',
  )
  const output = converter(
    operations.map((op) => op.answer.exact),
    'output',
  )
  const paths: OpenApiDocument['paths'] = {}
  for (const operation of operations) {
    const method = operation.method.toLowerCase()
    paths[operation.path] = { ...paths[operation.path], [method]: describeOperation(operation, input, output) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Session Library automation API',
      version: '1.0.0',
      description:
        'A local HTTP JSON API that lets scripts and tools read and modify a library of music-production ' +
        'sessions, their tags, notes, previews and waveform data, and start batch imports.',
    },
    servers: [{ url: options.serverUrl ?? DEFAULT_BASE_URL }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: Object.fromEntries(Object.entries(named()).map(([id, schema]) => [id, output(schema)])),
    },
  }
}
