import * as z from 'zod/mini'

// Messages complete "<field>: ..." (DECISIONS D4); a missing required field says so plainly.
const expected = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${what}`

/** A string, with D4's wording when it is not one. */
export const str = () => z.string({ error: expected('a string') })
/** A finite number. */
export const num = () => z.number({ error: expected('a finite number') })
/** An integer. */
export const int = () => z.int({ error: expected('an integer') })
/** A boolean. */
export const bool = () => z.boolean({ error: expected('a boolean') })
/** An array of `item`. */
export const list = <T extends z.ZodMiniType>(item: T) => z.array(item, { error: expected('an array') })
/** An exact object: unknown keys are rejected. */
export const strict = <S extends z.core.$ZodShape>(shape: S) =>
  z.strictObject(shape, { error: expected('a JSON object') })

/** A string that is trimmed, then must hold 1–`max` characters. */
export const trimmedText = (max: number) =>
  str().check(
    z.trim(),
    z.minLength(1, 'must be a non-empty string'),
    z.maxLength(max, `must be at most ${max} characters`),
  )

/** A string of 1–`max` characters, kept as sent. */
export const boundedText = (max: number) =>
  str().check(z.minLength(1, 'must be a non-empty string'), z.maxLength(max, `must be at most ${max} characters`))

/** A string of at most `max` characters, empty allowed. */
export const optionalText = (max: number) => str().check(z.maxLength(max, `must be at most ${max} characters`))

/** An ISO 8601 UTC timestamp with milliseconds, as the mock writes them (DECISIONS D18). */
export const timestamp = () =>
  str().check(z.iso.datetime({ precision: 3, error: 'must be an ISO 8601 UTC timestamp with milliseconds' }))

/** Drops repeated values, keeping the first occurrence and the order (DECISIONS D6). */
export const unique = <T>(values: readonly T[]): T[] => [...new Set(values)]
