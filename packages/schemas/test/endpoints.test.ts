import { describe, expect, it } from 'vitest'
import { routes } from '../src/client.js'
import { endpoints, type Operation, operations } from '../src/index.js'
import { SPEC_OPERATIONS, specKey } from './spec-table.js'

const byKey = new Map(operations.map((op) => [specKey(op.method, op.path), op]))
const documented = (op: Operation) => [...op.errors, ...op.decidedErrors]

describe('endpoint table', () => {
  it("the client's routes are the endpoints' method, path, status, idempotence, answer and meaning, without texts", () => {
    for (const [name, route] of Object.entries(routes)) {
      const operation: Operation = endpoints[name as keyof typeof endpoints]
      const { method, path, status, idempotent, writes, loses } = operation
      const meaning = Object.fromEntries(
        (['verb', 'twin'] as const).flatMap((key) => (key in operation ? [[key, operation[key as never]]] : [])),
      )
      const conveniences = Object.entries(operation.conveniences ?? {}).map(
        ([verb, { summary: _, description: __, ...kept }]) => [verb, kept],
      )
      expect(route).toEqual({
        name,
        method,
        path,
        status,
        idempotent,
        writes,
        loses,
        ...meaning,
        ...(conveniences.length > 0 && { conveniences: Object.fromEntries(conveniences) }),
        answer: { tolerant: expect.anything() },
      })
    }
  })

  it('SPEC §4.1: holds exactly the 18 operations, without GET waveform-notes (D3)', () => {
    expect([...byKey.keys()].sort()).toEqual(SPEC_OPERATIONS.map((row) => specKey(row.method, row.path)).sort())
    expect(byKey.has('GET /sessions/{id}/waveform-notes')).toBe(false)
  })

  it.each(SPEC_OPERATIONS)('SPEC §4.1: $method $path answers $success and documents $errors', (row) => {
    const op = byKey.get(specKey(row.method, row.path))
    expect(op).toMatchObject({ status: row.success, writes: row.write, errors: row.errors })
  })

  it('keys every operation by its own name', () => {
    for (const [name, op] of Object.entries(endpoints)) expect(op.name).toBe(name)
  })

  it('D1: every write documents 403 read_only', () => {
    for (const op of operations.filter((o) => o.writes)) expect(op.errors).toContain(403)
  })

  it('D3, D4: every operation that reads a body or a query can answer 400', () => {
    for (const op of operations.filter((o) => o.body || o.query)) expect(documented(op)).toContain(400)
  })

  it('D4: every operation with a body can answer 413', () => {
    for (const op of operations.filter((o) => o.body)) expect(op.decidedErrors).toContain(413)
  })

  it('SPEC §4.11–4.13: an operation answers 501 exactly when a service can be unavailable', () => {
    const services = Object.fromEntries(operations.map((op) => [op.name, op.service]))
    expect(services).toMatchObject({
      'waveform.get': 'waveform',
      'waveformNotes.put': 'waveform-notes',
      'waveformNotes.patch': 'waveform-notes',
      'imports.start': 'import',
    })
    for (const op of operations) expect(op.errors.includes(501)).toBe(op.service !== undefined)
  })

  it('marks reads and PUT/DELETE idempotent, POST never', () => {
    for (const op of operations) {
      if (op.method === 'POST') expect(op.idempotent).toBe(false)
      if (['GET', 'PUT', 'DELETE'].includes(op.method)) expect(op.idempotent).toBe(true)
    }
  })

  it('gives every operation a summary and a description', () => {
    for (const op of operations) {
      expect(op.summary.length).toBeGreaterThan(0)
      expect(op.description.length).toBeGreaterThan(0)
    }
  })
})
