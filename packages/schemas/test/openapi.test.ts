import { existsSync, readFileSync } from 'node:fs'
import { compileErrors, validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { createOpenApiDocument, type OpenApiDocument, SORT_KEYS } from '../src/index.js'
import { SPEC_ERRORS, SPEC_OPERATIONS, specKey } from './spec-table.js'

interface OperationObject {
  operationId: string
  summary: string
  description: string
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[]
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> }
  responses: Record<string, { description: string; content: Record<string, { schema: Record<string, unknown> }> }>
}

const doc = createOpenApiDocument()
const builtFile = new URL('../dist/openapi.json', import.meta.url)
const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, OperationObject>).map(([method, op]) => ({ key: specKey(method, path), op })),
  )
const byKey = new Map(operationsOf(doc).map(({ key, op }) => [key, op]))
const operationAt = (method: string, path: string) => byKey.get(specKey(method, path)) as OperationObject
const schemas = doc.components.schemas as Record<string, Record<string, unknown>>

async function expectValid(document: unknown) {
  // validate() dereferences its argument in place.
  const result = await validate(structuredClone(document) as Parameters<typeof validate>[0])
  expect(result.valid ? '' : compileErrors(result)).toBe('')
  expect(result.warnings).toEqual([])
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0')
    await expectValid(doc)
  })

  it.skipIf(!existsSync(builtFile))('ships as dist/openapi.json, valid and equal to the generated one', async () => {
    const built = JSON.parse(readFileSync(builtFile, 'utf8'))
    await expectValid(built)
    expect(built).toEqual(doc)
  })

  it('SPEC §5: declares the bearer scheme and requires it everywhere', () => {
    expect(doc.components.securitySchemes).toEqual({ bearerAuth: { type: 'http', scheme: 'bearer' } })
    expect(doc.security).toEqual([{ bearerAuth: [] }])
  })

  it('SPEC §1: serves under /api/v1, at the given server URL', () => {
    expect(doc.servers[0]?.url).toMatch(/\/api\/v1$/)
    expect(createOpenApiDocument({ serverUrl: 'http://localhost:9/api/v1' }).servers).toEqual([
      { url: 'http://localhost:9/api/v1' },
    ])
  })

  it('SPEC §4.1: holds exactly the 18 operations, without GET waveform-notes', () => {
    expect([...byKey.keys()].sort()).toEqual(SPEC_OPERATIONS.map((row) => specKey(row.method, row.path)).sort())
    expect(byKey.has('GET /sessions/{id}/waveform-notes')).toBe(false)
  })

  it.each(SPEC_OPERATIONS)('SPEC §4.1: $method $path documents $success and $errors', (row) => {
    const { responses } = operationAt(row.method, row.path)
    expect(responses[row.success]?.content['application/json']?.schema).toBeDefined()
    for (const status of row.errors) {
      expect(responses[status]?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' })
    }
  })

  it('describes every operation and every response, with unique operation ids', () => {
    const ops = [...byKey.values()]
    expect(new Set(ops.map((op) => op.operationId)).size).toBe(ops.length)
    for (const op of ops) {
      expect(op.summary && op.description).toBeTruthy()
      for (const response of Object.values(op.responses)) expect(response.description).toBeTruthy()
    }
  })

  it('SPEC §7: defines the error envelope with every documented code', () => {
    const error = schemas.Error as { required: string[]; properties: { error: Record<string, unknown> } }
    expect(error.required).toEqual(['error'])
    expect(error.properties.error).toMatchObject({ required: ['status', 'code', 'message'] })
    const codes = (error.properties.error as { properties: { code: { enum: string[] } } }).properties.code.enum
    expect(codes).toEqual(expect.arrayContaining(Object.keys(SPEC_ERRORS)))
  })

  it('SPEC §2: names the resources as components', () => {
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['Session', 'Preview', 'Waveform', 'WaveformNote', 'TagCount', 'ImportResult', 'Health']),
    )
  })

  it('SPEC §4: declares {id} as a required path parameter wherever it appears', () => {
    for (const [key, op] of byKey) {
      const id = op.parameters.find((p) => p.in === 'path')
      expect(id ? key.includes('{id}') : !key.includes('{id}')).toBe(true)
      if (id) expect(id).toMatchObject({ name: 'id', required: true })
    }
  })

  it('SPEC §4.3, §4.11, §4.12: declares the optional query parameters', () => {
    const query = (method: string, path: string) =>
      operationAt(method, path)
        .parameters.filter((p) => p.in === 'query' && !p.required)
        .map((p) => p.name)
    expect(query('GET', '/sessions').sort()).toEqual(['daw', 'kind', 'limit', 'offset', 'q', 'recent', 'sort', 'tags'])
    expect(query('GET', '/sessions/{id}/waveform')).toEqual(['variantId'])
    expect(query('PUT', '/sessions/{id}/waveform-notes')).toEqual(['variantId'])
  })

  it('SPEC §4.4, D4, D5: requires a create body of the documented fields, title required, nothing else', () => {
    const body = operationAt('POST', '/sessions').requestBody
    expect(body?.required).toBe(true)
    const schema = body?.content['application/json']?.schema as Record<string, unknown>
    expect(Object.keys(schema.properties as object).sort()).toEqual(
      ['accent', 'kind', 'notes', 'projectPath', 'status', 'tags', 'title'].sort(),
    )
    expect(schema).toMatchObject({ required: ['title'], additionalProperties: false })
  })

  const listParameter = (name: string) =>
    operationAt('GET', '/sessions').parameters.find((p) => p.name === name)?.schema as Record<string, unknown>
  type StringSchema = { pattern?: string; description?: string; allOf?: unknown[]; maxLength?: number }
  const createProperties = () => {
    const schema = operationAt('POST', '/sessions').requestBody?.content['application/json']?.schema
    return (schema as { properties: { title: StringSchema; tags: { items: StringSchema } } }).properties
  }

  it('D10: lists every sort value the mock accepts as an enum', () => {
    expect(listParameter('sort')).toMatchObject({
      type: 'string',
      enum: [...SORT_KEYS, ...SORT_KEYS.map((key) => `-${key}`)],
    })
  })

  it('D9: states limit and offset as decimal patterns that stop at 9007199254740991', () => {
    const limit = new RegExp(listParameter('limit').pattern as string, 'u')
    const offset = new RegExp(listParameter('offset').pattern as string, 'u')
    for (const ok of ['1', '007', '500', '9007199254740991']) expect(limit.test(ok), ok).toBe(true)
    for (const ok of ['0', '00', '9007199254740991', '0009007199254740991']) expect(offset.test(ok), ok).toBe(true)
    for (const bad of [
      '9007199254740992',
      '9007199254740993',
      '10000000000000000',
      '99999999999999999999',
      '-1',
      '1e2',
    ]) {
      expect(limit.test(bad), bad).toBe(false)
      expect(offset.test(bad), bad).toBe(false)
    }
    expect(limit.test('0')).toBe(false)
  })

  it('D5, D6: a title and each tag state their trimmed length as one pattern (no maxLength, which counts the spaces)', () => {
    const { title, tags } = createProperties()
    expect(title).toEqual({
      type: 'string',
      pattern: '^\\s*\\S(?:[\\s\\S]{0,198}\\S)?\\s*$',
      description: "The session's name: trimmed, then 1–200 characters (D5).",
    })
    expect(tags.items).toEqual({ type: 'string', pattern: '^\\s*[^\\s,](?:[^,]{0,62}[^\\s,])?\\s*$' })
  })

  it('D17: Health.baseUrl ends in /api/v1 by a pattern, with no format outside JSON Schema', () => {
    const baseUrl = (schemas.Health as { properties: Record<string, Record<string, unknown>> }).properties.baseUrl
    expect(baseUrl).toEqual({
      type: 'string',
      pattern: '\\/api\\/v1$',
      description: "The API's address, ending in /api/v1 (D17).",
    })
  })

  it('SPEC §4: gives every write with a body a required request body', () => {
    for (const row of SPEC_OPERATIONS.filter((r) => r.write && r.method !== 'DELETE')) {
      expect(operationAt(row.method, row.path).requestBody?.required).toBe(true)
    }
  })

  it('SPEC §4.4: the 201 of POST /sessions links every operation on /sessions/{id} to the new id; no other answer links', () => {
    const created = operationAt('POST', '/sessions').responses['201'] as { links?: Record<string, unknown> }
    const onSession = [...byKey].filter(([key]) => key.includes('/sessions/{id}')).map(([, op]) => op.operationId)
    expect(Object.keys(created.links ?? {}).sort()).toEqual(onSession.sort())
    expect(onSession).toEqual(
      expect.arrayContaining(['sessions.get', 'sessions.update', 'sessions.delete', 'tags.put', 'notes.put']),
    )
    expect(created.links?.['sessions.get']).toEqual({
      operationId: 'sessions.get',
      parameters: { id: '$response.body#/data/id' },
    })
    const linked = [...byKey.values()].filter((op) => Object.values(op.responses).some((answer) => 'links' in answer))
    expect(linked.map((op) => op.operationId)).toEqual(['sessions.create'])
  })
})
