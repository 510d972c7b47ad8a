import fc from 'fast-check'

// Builders of hostile request bodies: JSON text that JSON.stringify cannot write (1e400, deep
// nesting, own `__proto__` keys) and bytes that are not UTF-8.

const RAW = '\u0000raw:'

/**
 * A value written verbatim into the JSON text by {@link jsonText}.
 *
 * @example
 * ```ts
 * jsonText({ timestamp: raw('1e400') }) // '{"timestamp":1e400}'
 * ```
 */
export const raw = (text: string): string => `${RAW}${text}`

/**
 * JSON text of a value, with {@link raw} values spliced in as they are and own `__proto__` keys kept.
 *
 * @example
 * ```ts
 * jsonText(withKey({}, '__proto__', { polluted: true })) // '{"__proto__":{"polluted":true}}'
 * ```
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0000raw:([^"]*)"/g, '$1')
}

/**
 * A copy of `target` with an own enumerable key, even `__proto__` (which a literal would not create).
 *
 * @example
 * ```ts
 * Object.keys(withKey({}, '__proto__', 1)) // ['__proto__']
 * ```
 */
export function withKey(target: object, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...target }
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true })
  return copy
}

/** Arrays nested `depth` deep: `[[[...]]]`. */
const deep = fc.integer({ min: 1_000, max: 100_000 }).map((depth) => raw(`${'['.repeat(depth)}${']'.repeat(depth)}`))
const huge = fc.constantFrom(raw('1e400'), raw('-1e400'), raw('123456789012345678901234567890e300'))

/** The type a body field expects, so that a wrong value can be chosen for it. */
export type FieldType = 'string' | 'strings' | 'number' | 'boolean' | 'objects'

/**
 * Values that are never valid for a field of the given type (D4: each is a 400).
 *
 * @example
 * ```ts
 * fc.sample(wrongValue.number, 1) // e.g. ['1']
 * ```
 */
export const wrongValue: Record<FieldType, fc.Arbitrary<unknown>> = {
  string: fc.oneof(fc.integer(), fc.boolean(), fc.constant(['a']), fc.constant({}), deep, huge),
  strings: fc.oneof(
    fc.constant('a'),
    fc.integer(),
    fc.constant({ 0: 'a' }),
    fc.constant([1]),
    fc.constant([null]),
    deep,
  ),
  number: fc.oneof(fc.constant('1'), fc.boolean(), fc.constant([1]), fc.constant({}), fc.constant(-1), huge),
  boolean: fc.oneof(fc.constant('true'), fc.constant(1), fc.constant([]), fc.constant(null)),
  objects: fc.oneof(
    fc.constant('x'),
    fc.constant({ 0: {} }),
    fc.constant([1]),
    fc.constant([['x']]),
    fc.constant([null]),
    deep,
  ),
}

/**
 * Keys that must never be accepted in a write body: prototype keys, server-managed fields (D4) and
 * unknown ones.
 *
 * @example
 * ```ts
 * fc.sample(hostileKey, 1)
 * ```
 */
export const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'lastOpened', 'previews', 'x')

/** Values put under a {@link hostileKey}. */
export const hostileValue = fc.constantFrom<unknown>({ polluted: true }, { toString: 'x' }, 'x', 1, [])

/**
 * Whole bodies that are never a JSON object: other JSON values, text that does not parse, and
 * bytes that are not UTF-8 around otherwise valid JSON (D4).
 *
 * @example
 * ```ts
 * fc.sample(brokenBody, 1) // e.g. [Uint8Array [...]]
 * ```
 */
export const brokenBody: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  fc.constantFrom('[]', 'null', '1', '"x"', 'true', '', '{', '{"title":', 'garbage', '{"title":"a"}}'),
  deep.map(jsonText),
  huge.map(jsonText),
  fc
    .constantFrom([0xff, 0xfe], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80])
    .map((bytes) => Buffer.concat([Buffer.from('{"title":"a'), Buffer.from(bytes), Buffer.from('"}')])),
)
