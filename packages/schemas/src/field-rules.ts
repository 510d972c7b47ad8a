import * as z from 'zod/mini'
import { type Kind, LIMITS, type Status } from './known-values.js'
import { lazy } from './lazy.js'

// Messages complete "<field>: ..." (DECISIONS D4); a missing required field says so plainly.
const expected = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${what}`

export const str = () => z.string({ error: expected('a string') })
export const num = () => z.number({ error: expected('a finite number') })
export const bool = () => z.boolean({ error: expected('a boolean') })
export const list = <T extends z.ZodMiniType>(item: T) => z.array(item, { error: expected('an array') })
// The object helpers name their shape type as given, so that emitted declarations keep each field's TSDoc.
export const strict = <S extends z.core.$ZodShape>(shape: S): z.ZodMiniObject<S, z.core.$strict> =>
  z.strictObject(shape, { error: expected('a JSON object') })
export const query = <S extends z.core.$ZodShape>(shape: S): z.ZodMiniObject<S, z.core.$strip> => z.object(shape)

/** A shape whose fields carry their texts (`FIELD_TEXTS`) for the document and the CLI's help; its type kept. */
export function withTexts<S extends Record<string, z.ZodMiniType>>(
  texts: Partial<Record<string, string>>,
  shape: S,
): S {
  const entries = Object.entries(shape).map(([key, schema]) => {
    const text = texts[key]
    // A nested resource keeps its own schema untouched: the document names it as a component.
    return [key, text === undefined || schema.def.type === 'object' ? schema : schema.check(z.describe(text))]
  })
  return Object.fromEntries(entries) as S
}

// Code points, as JSON Schema counts; never more than UTF-16 units, so most strings need no count.
const fitsIn = (max: number) =>
  z.refine<string>((text) => text.length <= max || [...text].length <= max, `must be at most ${max} characters`)

const atMost = (max: number) => [fitsIn(max), z.meta({ maxLength: max })] as const satisfies z.core.$ZodCheck<string>[]

// One pattern object: a literal in the arrow would make a new one per call.
const NON_BLANK = /\S/

// The pattern of a string that, trimmed, holds 1–`max` characters and none of `excluded`: spaces,
// a first and a last non-space (one and the same when alone), spaces.
function trimmedPattern(max: number, excluded: string): string {
  const edge = excluded ? `[^\\s${excluded}]` : '\\S'
  const inner = excluded ? `[^${excluded}]` : '[\\s\\S]'
  return `^\\s*${edge}(?:${inner}{0,${max - 2}}${edge})?\\s*$`
}

// The document states the whole rule as one pattern; the checks keep their own messages.
export const trimmedText = (max: number, withoutComma = false) =>
  str().check(
    z.refine<string>((text) => NON_BLANK.test(text), 'must be a non-empty string'),
    ...(withoutComma ? [z.refine<string>((text) => !text.includes(','), 'must not contain a comma')] : []),
    z.trim(),
    fitsIn(max),
    z.meta({ pattern: trimmedPattern(max, withoutComma ? ',' : '') }),
  )

// A list's size limit, worded as every list's: `must hold at most 50 requests`.
export const holdsAtMost = (max: number, what: string) => z.maxLength(max, `must hold at most ${max} ${what}`)

export const nonEmptyText = () => str().check(z.minLength(1, 'must be a non-empty string'))

export const boundedText = (max: number) => nonEmptyText().check(...atMost(max))

export const optionalText = (max: number) => str().check(...atMost(max))

/**
 * A decimal integer from `min` to `max` as one regular expression, so that the document states the whole
 * rule (D9); leading zeros pass. No lookahead: JSON Schema tools outside JavaScript often lack it.
 */
export function decimalInteger(min: 0 | 1, max: number): RegExp {
  const top = String(max)
  const rest = (index: number) => {
    const count = top.length - 1 - index
    return count === 0 ? '' : count === 1 ? '\\d' : `\\d{${count}}`
  }
  // Fewer digits than `max`; then, digit by digit, `max`'s prefix followed by a smaller digit.
  const shorter = min === 0 ? `\\d{1,${top.length - 1}}` : `[1-9]\\d{0,${top.length - 2}}`
  const below = [...top].flatMap((digit, index) => {
    const low = index === 0 ? 1 : 0
    const high = Number(digit) - 1
    if (high < low) return []
    const range = high === low ? `${low}` : `[${low}-${high}]`
    return [`${top.slice(0, index)}${range}${rest(index)}`]
  })
  return new RegExp(`^0*(?:${[...(top.length > 1 ? [shorter] : []), ...below, top].join('|')})$`)
}

export const accentRule = () => str().check(z.regex(/^(#[0-9a-fA-F]{6})?$/, 'must be "" or a #rrggbb colour'))
export const kindRule = lazy(() => boundedText(LIMITS.kindLength)) as z.ZodMiniType<Kind, string>
export const statusRule = lazy(() => boundedText(LIMITS.kindLength)) as z.ZodMiniType<Status, string>

export const timestamp = () =>
  str().check(z.iso.datetime({ precision: 3, error: 'must be an ISO 8601 UTC timestamp with milliseconds' }))

/** The values without repeats, the first of each kept in order; `values` itself when none repeats. */
export function unique<T>(values: T[]): T[] {
  // A handful (a session's usual tags) is compared pairwise: no Set to build.
  if (values.length <= 8) {
    for (let at = 1; at < values.length; at++)
      if (values.lastIndexOf(values[at] as T, at - 1) >= 0) return [...new Set(values)]
    return values
  }
  const kept = new Set(values)
  return kept.size === values.length ? values : [...kept]
}

// A query value arrives as a string, or as an array when the parameter is repeated.
export const queryParam = () =>
  z.string({ error: (issue) => (Array.isArray(issue.input) ? 'must be given once' : 'must be a string') })
