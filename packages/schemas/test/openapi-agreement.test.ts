import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import { documentValidators, type JsonSchema } from '../../../test-support/openapi-validator.js'
import { createOpenApiDocument, endpoints, LIMITS, operations } from '../src/index.js'
import { schemaArbitrary } from './schema-arbitrary.js'

// The document must say exactly what the mock accepts: ajv (JSON Schema 2020-12, OpenAPI 3.1's
// dialect) applied to the document and the contract's exact request schemas agree on every body and
// query, except where JSON Schema cannot state a rule. Those rules are listed here by name, and the
// document states each in words where it applies.
const doc = createOpenApiDocument()
const validators = documentValidators(doc)
const defs = (doc.components as { schemas: Record<string, JsonSchema> }).schemas

interface Exception {
  name: string
  rule: string
  /** The contract's message for it. */
  message: RegExp
  /** What the document says instead, in the description of the value it applies to. */
  says: string
}

/** Rules JSON Schema cannot state: the document is looser there, and says so in words. */
export const KNOWN_EXCEPTIONS: readonly Exception[] = [
  {
    name: 'tags counted after dropping duplicates',
    rule: 'D6',
    message: /^must hold at most \d+ distinct tags$/,
    says: `then at most ${LIMITS.tagsPerSession} may remain`,
  },
  { name: 'distinct waveform note ids', rule: 'D14', message: /^must not repeat a note id$/, says: 'same id' },
  {
    name: 'kind and its alias daw agree',
    rule: 'D11',
    message: /^must equal kind when both are given$/,
    says: 'when both are given they must be equal',
  },
  {
    name: "a waveform's bucketCount equals the number of its peaks",
    rule: 'D13',
    message: /^must equal the number of peaks$/,
    says: 'Equals the number of peaks',
  },
  {
    // Checked by the server against the session's waveform (D3), never by the body schema.
    name: "a waveform note's timestamp at most the waveform's duration",
    rule: 'D14',
    message: /^must be at most the waveform's duration/,
    says: "at most the waveform's duration",
  },
]

/** The document's schema at an issue's path (a body's properties and items, or a query parameter). */
function schemaAt(root: JsonSchema, path: readonly PropertyKey[]): JsonSchema | undefined {
  let schema: JsonSchema | undefined = root
  for (const key of path) {
    if (typeof schema?.$ref === 'string') schema = defs[schema.$ref.split('/').pop() as string]
    schema =
      typeof key === 'number'
        ? (schema?.items as JsonSchema | undefined)
        : (schema?.properties as Record<string, JsonSchema> | undefined)?.[String(key)]
  }
  return typeof schema?.$ref === 'string' ? defs[schema.$ref.split('/').pop() as string] : schema
}

const descriptions = (schema: JsonSchema | undefined) =>
  [schema?.description, ...((schema?.anyOf as JsonSchema[] | undefined) ?? []).map((s) => s.description)].join(' ')

/** The known exception that explains an issue the document cannot state, if one does. */
function exceptionFor(root: JsonSchema, issue: z.core.$ZodIssue): Exception | undefined {
  return KNOWN_EXCEPTIONS.find(
    (exception) =>
      exception.message.test(issue.message) && descriptions(schemaAt(root, issue.path)).includes(exception.says),
  )
}

interface Tally {
  accepted: number
  rejected: number
}

/**
 * Asserts that the contract and the document agree on one value: both accept it, both reject it,
 * or the contract rejects it only for known exceptions that the document states in words. A value
 * the document rejects and the contract accepts is never an exception.
 */
function expectAgreement(schema: z.ZodMiniType, root: JsonSchema, value: unknown, tally: Tally): void {
  const validate = validators.compileSchema(root)
  const documentSays = validate(value)
  const contract = schema.safeParse(value)
  if (contract.success) tally.accepted += 1
  else tally.rejected += 1
  if (contract.success === documentSays) return
  const unexplained = contract.success ? [] : contract.error.issues.filter((issue) => !exceptionFor(root, issue))
  const detail = JSON.stringify({
    value,
    document: documentSays ? 'accepts' : validate.errors,
    contract: contract.success ? 'accepts' : contract.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
  }).slice(0, 2_000)
  expect(contract.success || unexplained.length > 0, detail).toBe(false)
}

/** Checks the agreement on `runs` values; says how often the contract accepted and rejected. */
function agreementOver(schema: z.ZodMiniType, root: JsonSchema, values: fc.Arbitrary<unknown>, runs: number): Tally {
  const tally: Tally = { accepted: 0, rejected: 0 }
  fc.assert(
    fc.property(values, (value) => {
      expectAgreement(schema, root, value, tally)
    }),
    { numRuns: runs },
  )
  return tally
}

// JSON is what arrives: a value that JSON cannot carry is not a request.
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value) ?? 'null') as unknown

/** A query as `queryInput` gives it: each value a string, an array when the parameter is repeated. */
function queryArbitrary(root: JsonSchema): fc.Arbitrary<Record<string, string | string[]>> {
  const strings = fc.string({ maxLength: 6 })
  return fc
    .tuple(
      schemaArbitrary(root, { defs, depth: 1, valid: 1 }),
      fc.dictionary(fc.constantFrom('page', 'foo', 'LIMIT'), strings, { maxKeys: 2 }),
      fc.nat(),
    )
    .map(([known, unknown, seed]) => {
      const query: Record<string, string | string[]> = { ...unknown }
      if (typeof known !== 'object' || known === null) return query
      Object.entries(known).forEach(([name, value], index) => {
        const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v))
        const one = Array.isArray(value) ? value.map(text) : text(value)
        // Now and then a parameter is repeated, as `?sort=title&sort=kind`.
        query[name] = (seed >> index) % 9 === 0 && !Array.isArray(one) ? [one, one] : one
      })
      return query
    })
}

/** Sets each waveform's bucketCount to its number of peaks (D13), which random values rarely do. */
function countPeaks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(countPeaks)
  if (typeof value !== 'object' || value === null) return value
  const entries = Object.entries(value).map(([key, inner]) => [key, countPeaks(inner)] as const)
  const object = Object.fromEntries(entries)
  return Array.isArray(object.peaks) && 'bucketCount' in object
    ? { ...object, bucketCount: object.peaks.length }
    : object
}

/** Answers: valid far more often than requests (they nest deep), half of them with D13's count kept. */
const answerArbitrary = (root: JsonSchema) =>
  fc
    .tuple(schemaArbitrary(root, { defs, depth: 0, valid: 12 }), fc.boolean())
    .map(([answer, counted]) => asJson(counted ? countPeaks(answer) : answer))

const RUNS_PER_BODY = 400
const RUNS_PER_QUERY = 600
const RUNS_PER_ANSWER = 150
const withBody = operations.filter((op) => op.body)
const withQuery = operations.filter((op) => op.query)

describe('the OpenAPI document says exactly what the mock accepts (ajv 2020-12 vs the exact schemas)', () => {
  it('compiles every component schema strictly: no unknown keyword or format (Health.baseUrl has no ends_with)', () => {
    expect(() => validators.compileAll()).not.toThrow()
    expect(JSON.stringify(doc)).not.toContain('"format":"ends_with"')
  })

  it('states each known exception in the document, in words', () => {
    const text = JSON.stringify(doc)
    for (const exception of KNOWN_EXCEPTIONS) expect(text, exception.name).toContain(exception.says)
  })

  it.each(withBody.map((op) => [op.name, op] as const))(
    '%s: the body schema and the document agree on valid and near-valid bodies (D4–D8, D14, D15)',
    (name, op) => {
      const root = validators.operation(name).body as JsonSchema
      const bodies = schemaArbitrary(root, { defs, depth: 0, valid: 1 }).map(asJson)
      const tally = agreementOver(op.body as z.ZodMiniType, root, bodies, RUNS_PER_BODY)
      // Both verdicts seen often enough for the agreement to mean something.
      expect(tally.accepted).toBeGreaterThan(RUNS_PER_BODY / 20)
      expect(tally.rejected).toBeGreaterThan(RUNS_PER_BODY / 20)
    },
  )

  it.each(withQuery.map((op) => [op.name, op] as const))(
    '%s: the query schema and the document agree on valid and near-valid queries (D9–D11)',
    (name, op) => {
      const root = validators.operation(name).query
      const tally = agreementOver(op.query as z.ZodMiniType, root, queryArbitrary(root), RUNS_PER_QUERY)
      expect(tally.accepted).toBeGreaterThan(RUNS_PER_QUERY / 20)
      expect(tally.rejected).toBeGreaterThan(RUNS_PER_QUERY / 40)
    },
  )

  it.each(operations.map((op) => [op.name, op] as const))(
    '%s: the exact answer and the document agree on valid and near-valid answers',
    (name, op) => {
      const root = validators.operation(name).operation.responses[op.status]?.content?.['application/json']
        ?.schema as JsonSchema
      const tally = agreementOver(op.answer.exact, root, answerArbitrary(root), RUNS_PER_ANSWER)
      expect(tally.accepted).toBeGreaterThan(RUNS_PER_ANSWER / 10)
      expect(tally.rejected).toBeGreaterThan(0)
    },
  )

  it('D9: a limit or offset the document accepts is read exactly, never rounded; above 2^53−1 both refuse it', () => {
    const root = validators.operation('sessions.list').query
    const validate = validators.compileSchema(root)
    const digits = fc.oneof(
      fc.bigInt({ min: 0n, max: 2n ** 70n }),
      fc.bigInt({ min: 2n ** 53n - 300n, max: 2n ** 53n + 300n }),
    )
    fc.assert(
      fc.property(digits, fc.constantFrom('limit', 'offset'), (n, name) => {
        const query = { [name]: `${n}` }
        const read = endpoints['sessions.list'].query.safeParse(query)
        expect(read.success).toBe(validate(query))
        if (!read.success) return
        const expected = name === 'limit' ? (n < BigInt(LIMITS.listLimitMax) ? n : BigInt(LIMITS.listLimitMax)) : n
        expect(BigInt((read.data as Record<string, number>)[name] as number)).toBe(expected)
      }),
      { numRuns: 1_000 },
    )
  })

  it('D5, D15: a title of 199–202 characters, with and without spaces around it, is accepted by the document exactly when the contract accepts it, in a create body and an import item', () => {
    const create = validators.compileSchema(validators.operation('sessions.create').body as JsonSchema)
    const importing = validators.compileSchema(validators.operation('imports.start').body as JsonSchema)
    const pads = ['', ' ', '  \t', '\n ']
    const cores = fc.tuple(fc.integer({ min: 199, max: 202 }), fc.constantFrom('x', 'é', '🎵', 'a b'))
    fc.assert(
      fc.property(cores, fc.constantFrom(...pads), fc.constantFrom(...pads), ([length, unit], before, after) => {
        // The core is `length` characters (code points), its ends never spaces.
        const core = [...unit.repeat(length)].slice(0, length).join('').replace(/^ | $/g, 'x')
        const title = `${before}${core}${after}`
        const fits = length <= LIMITS.titleLength
        const bodies = [
          [endpoints['sessions.create'].body, create, { title }],
          [endpoints['imports.start'].body, importing, { items: [{ projectPath: '/m/a.als', title }] }],
        ] as const
        for (const [schema, documented, body] of bodies) {
          expect(schema.safeParse(body).success, `${length} + ${before.length + after.length} spaces`).toBe(fits)
          expect(documented(body), `${length} + ${before.length + after.length} spaces`).toBe(fits)
        }
      }),
      { numRuns: 200 },
    )
  })

  it('takes a body and a query exactly where the table does', () => {
    for (const op of operations) {
      const documented = validators.operation(op.name)
      expect(Boolean(documented.body), op.name).toBe(Boolean(op.body))
      expect(Object.keys(documented.query.properties as object).length > 0, op.name).toBe(Boolean(op.query))
    }
  })
})
