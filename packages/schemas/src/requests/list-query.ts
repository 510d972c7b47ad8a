import * as z from 'zod/mini'
import { decimalInteger, query, withTexts } from '../field-rules.js'
import { FIELD_TEXTS } from '../field-texts.js'
import { type Kind, LIMITS, SORT_KEYS, type SortKey } from '../known-values.js'

// A query value arrives as a string, or as an array when the parameter is repeated.
const param = () =>
  z.string({ error: (issue) => (Array.isArray(issue.input) ? 'must be given once' : 'must be a string') })

const sortRule = `must be one of ${SORT_KEYS.join(', ')}, with a leading - for descending`
// D10: an enum, so that the document lists every value the mock accepts.
const sortValues = [...SORT_KEYS, ...SORT_KEYS.map((key) => `-${key}` as const)] as [SortKey, ...SortKey[]]

const splitTags = (value: string | string[]) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter((part) => part.length > 0)

// One pattern each, so that a bad value gives one message (and the OpenAPI document the full rule).
const limit = z.pipe(
  param().check(
    z.regex(
      decimalInteger(1, LIMITS.pagingMax),
      `must be an integer ≥ 1 written in decimal digits, at most ${LIMITS.pagingMax}`,
    ),
  ),
  z.transform((value: string) => Math.min(Number(value), LIMITS.listLimitMax)),
)
const offset = z.pipe(
  param().check(
    z.regex(
      decimalInteger(0, LIMITS.pagingMax),
      `must be an integer ≥ 0 written in decimal digits, at most ${LIMITS.pagingMax}`,
    ),
  ),
  z.transform((value: string) => Number(value)),
)
const recent = z.pipe(
  param().check(z.regex(/^(true|false|1|0)$/, 'must be true, false, 1 or 0')),
  z.transform((value: string) => value === 'true' || value === '1'),
)
const sort = z.enum(sortValues, {
  error: (issue) => (Array.isArray(issue.input) ? 'must be given once' : sortRule),
}) as z.ZodMiniType<SortKey, string>

/**
 * The exact query of `GET /sessions` (SPEC §4.3, DECISIONS D9–D11), read from the query string: a
 * parameter seen once is a string, a repeated one an array. The output is typed: numbers, booleans
 * and a tag list. Unknown parameters are ignored.
 */
export const sessionListQuery = query(
  withTexts(FIELD_TEXTS.sessionListQuery, {
    /** Text to look for in each session's title, client and notes, in any case (D11). */
    q: z.optional(param()),
    /** Only sessions of this kind, matched exactly (D11). */
    kind: z.optional(param() as z.ZodMiniType<Kind, string>),
    /** Another name for kind; when both are given they must be equal (D11). */
    daw: z.optional(param() as z.ZodMiniType<Kind, string>),
    /** Only sessions that carry all these tags: comma-separated, repeated, or both (D11). */
    tags: z.optional(z.pipe(z.union([param(), z.array(param())]), z.transform(splitTags))),
    /** true or 1: only sessions opened in the last 30 days; false or 0: all of them (D11). */
    recent: z.optional(recent),
    /** The order: title, lastOpened, kind or status, with a leading - for descending; -lastOpened by default, ties in id order (D10). */
    sort: z.optional(sort),
    /** How many sessions a page holds: a whole number ≥ 1 in decimal digits, 50 by default; above 500, 500 is used; above 2^53−1 refused (D9). */
    limit: z.optional(limit),
    /** How many sessions to skip: a whole number ≥ 0 in decimal digits, 0 by default; above 2^53−1 refused (D9). */
    offset: z.optional(offset),
  }),
).check(
  z.refine((given) => given.kind === undefined || given.daw === undefined || given.kind === given.daw, {
    message: 'must equal kind when both are given',
    path: ['daw'],
  }),
)

/** The exact query of the waveform and waveform-notes operations (SPEC §4.11–4.12). */
export const variantQuery = query(
  withTexts(FIELD_TEXTS.variantQuery, {
    /** The preview variant, by its id; by default the preferred preview, else the first (D12). */
    variantId: z.optional(param()),
  }),
)

/**
 * Reads a query string into the input of a query schema: a parameter seen once becomes a string,
 * one repeated becomes an array of its values.
 */
export function queryInput(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = Object.create(null)
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    input[key] = values.length === 1 ? (values[0] as string) : values
  }
  return input
}
