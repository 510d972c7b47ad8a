// Values for a JSON Schema of the document, valid and near-valid: what a fuzzer fed the document
// sends, plus the edges of the contract's own rules (every figure of LIMITS at and past its edge,
// padded, blank, commas, astral characters, integers past 2^53−1, unknown and server-managed keys).
import fc from 'fast-check'
import type { JsonSchema } from '../../../test-support/openapi-validator.js'
import { LIMITS } from '../src/index.js'

type Defs = Record<string, JsonSchema>

/**
 * Where a value is generated: the document's components, how deep, and how much more often a value
 * follows its schema than not (1 for requests: near-valid values everywhere; more for answers, whose
 * nesting would otherwise leave hardly one valid value).
 */
export interface Walk {
  defs: Defs
  depth: number
  valid: number
}

const MAX = Number.MAX_SAFE_INTEGER
const around = (n: number) => [n - 1, n, n + 1]
// Every figure of LIMITS is a length worth trying, up to a few thousand; longer ones only where the
// document itself states such a length (notes), so that lists of 1,000 values stay cheap.
const LONG = 10_000
const lengths = [0, 1, ...Object.values(LIMITS).flatMap((n) => (n < LONG ? around(n) : []))]
const bigDigits = [
  `${MAX}`,
  `${MAX + 1}`,
  '9007199254740993',
  `0${MAX}`,
  '99999999999999999999',
  '1e2',
  '1.5',
  '-1',
  ' 1',
]

const spaces = fc.constantFrom('', ' ', '  ', '\t', '\n', '\u00a0', '\ufeff', '\u2003')
const unit = fc.constantFrom('a', 'Z', '0', '-', ',', ' ', 'é', '🎹', '𝄞', '#', '/')
const short = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.array(unit, { maxLength: 8 }).map((units) => units.join('')),
)
/** A string of one of the contract's lengths (or the schema's own), of one- or two-unit characters, maybe padded. */
const edgeLength = (schema: JsonSchema) => {
  const own = [schema.minLength, schema.maxLength].filter((n): n is number => typeof n === 'number' && n < 2 ** 20)
  return fc
    .tuple(
      fc.constantFrom(...new Set([...lengths, ...own.flatMap(around)])),
      fc.constantFrom('a', '🎹'),
      spaces,
      spaces,
    )
    .map(([length, char, before, after]) => `${before}${char.repeat(Math.max(length, 0))}${after}`)
}

function stringArbitrary(schema: JsonSchema, walk: Walk): fc.Arbitrary<string> {
  const patterns = [schema.pattern, ...((schema.allOf as JsonSchema[] | undefined) ?? []).map((s) => s.pattern)]
  const matching = patterns
    .filter((p): p is string => typeof p === 'string')
    .map((p) => fc.stringMatching(new RegExp(p, 'u'), { maxLength: 24 }))
  const listed = (schema.enum as string[] | undefined) ?? []
  const near = fc.oneof(
    short,
    spaces,
    edgeLength(schema),
    fc.constantFrom(...bigDigits),
    fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String),
    fc.tuple(short, short).map(([a, b]) => `${a},${b}`),
  )
  const exact = [...matching, ...(listed.length ? [fc.constantFrom(...listed)] : [])]
  const padded = exact.map((arb) => fc.tuple(spaces, arb, spaces).map(([a, s, b]) => `${a}${s}${b}`))
  return exact.length ? fc.oneof({ weight: 8 * walk.valid, arbitrary: fc.oneof(...exact) }, ...padded, near) : near
}

const anyNumber = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(0, -0, -1, 0.5, 1.5, MAX, MAX + 1, 2 ** 53 + 2, 1e20, -1e-300),
)

/** Numbers in the schema's range (and of its type) more often than not, any number otherwise. */
function numberArbitrary(schema: JsonSchema, walk: Walk): fc.Arbitrary<number> {
  const min = (schema.minimum ?? schema.exclusiveMinimum ?? -MAX) as number
  const max = (schema.maximum ?? schema.exclusiveMaximum ?? MAX) as number
  const inRange =
    schema.type === 'integer'
      ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) })
      : fc.double({
          min,
          max,
          noNaN: true,
          minExcluded: 'exclusiveMinimum' in schema,
          maxExcluded: 'exclusiveMaximum' in schema,
        })
  return fc.oneof({ weight: 2 * walk.valid, arbitrary: inRange }, anyNumber)
}

/** The schema's constant more often than not, else a value of its type. */
const constArbitrary = (schema: JsonSchema, walk: Walk, other: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 4 * walk.valid, arbitrary: fc.constant(schema.const) }, other)

const strangeKeys = fc.constantFrom('id', 'lastOpened', 'rating', '__proto__', 'constructor', '')

/** Sets an own, enumerable property, `__proto__` included, as `JSON.parse` would. */
function withKey(value: Record<string, unknown>, key: string, extra: unknown) {
  const copy = { ...value }
  Object.defineProperty(copy, key, { value: extra, enumerable: true, writable: true, configurable: true })
  return copy
}

const deeper = (walk: Walk): Walk => ({ ...walk, depth: walk.depth + 1 })

function objectArbitrary(schema: JsonSchema, walk: Walk): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = (schema.required ?? []) as string[]
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, schemaArbitrary(s, deeper(walk))])),
    { requiredKeys: required },
  )
  const names = Object.keys(properties)
  return fc.oneof(
    { weight: 6 * walk.valid, arbitrary: record },
    {
      weight: 1,
      arbitrary: fc
        .tuple(record, strangeKeys, fc.jsonValue({ maxDepth: 1 }))
        .map(([value, key, extra]) => withKey(value as Record<string, unknown>, key, extra)),
    },
    ...(names.length
      ? [
          fc
            .tuple(record, fc.constantFrom(...names))
            .map(([value, key]) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key))),
        ]
      : []),
  )
}

function arrayArbitrary(schema: JsonSchema, walk: Walk): fc.Arbitrary<unknown> {
  const item = schemaArbitrary((schema.items ?? {}) as JsonSchema, deeper(walk))
  const edges = [schema.minItems, schema.maxItems, LIMITS.tagsPerSession]
    .filter((n): n is number => typeof n === 'number')
    .flatMap((n) => [n - 1, n, n + 1])
    .filter((n) => n >= 0)
  const small = fc.array(item, { maxLength: 4 })
  // At an edge, copies of one or two values: cheap, and duplicates matter (D6, D14).
  const atEdge = fc
    .tuple(fc.constantFrom(...edges), item, item)
    .map(([length, a, b]) => Array.from({ length }, (_, i) => (i % 7 === 0 ? b : a)))
  return edges.length ? fc.oneof({ weight: 4 * walk.valid, arbitrary: small }, atEdge) : small
}

/**
 * Values for a schema of the document: mostly what it describes, often near it, sometimes anything.
 *
 * @example
 * ```ts
 * fc.sample(schemaArbitrary({ type: 'string', pattern: '\\S' }, { defs: {}, depth: 0, valid: 1 }), 3)
 * ```
 */
export function schemaArbitrary(schema: JsonSchema, walk: Walk): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') {
    return schemaArbitrary(walk.defs[schema.$ref.split('/').pop() as string] as JsonSchema, walk)
  }
  const anyOf = schema.anyOf as JsonSchema[] | undefined
  const typed = anyOf
    ? fc.oneof(...anyOf.map((s) => schemaArbitrary(s, walk)))
    : schema.type === 'string' || schema.enum
      ? stringArbitrary(schema, walk)
      : schema.type === 'number' || schema.type === 'integer'
        ? numberArbitrary(schema, walk)
        : schema.type === 'boolean'
          ? fc.boolean()
          : schema.type === 'array'
            ? arrayArbitrary(schema, walk)
            : schema.type === 'object'
              ? objectArbitrary(schema, walk)
              : fc.jsonValue({ maxDepth: 1 })
  const own = 'const' in schema ? constArbitrary(schema, walk, typed) : typed
  const anything = walk.depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 })
  return fc.oneof({ weight: 12 * walk.valid, arbitrary: own }, { weight: 1, arbitrary: anything })
}
