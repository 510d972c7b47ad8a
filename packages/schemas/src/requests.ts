import * as z from 'zod/mini'
import type { Kind, SortKey, Status } from './known-values.js'
import { SORT_KEYS } from './known-values.js'
import { LIMITS } from './limits.js'
import {
  bool,
  boundedText,
  decimalInteger,
  list,
  nonEmptyText,
  num,
  optionalText,
  str,
  strict,
  trimmedText,
  unique,
} from './rules.js'
import type { Preview, Session } from './types.js'

const kindRule = boundedText(LIMITS.kindLength) as z.ZodMiniType<Kind, string>
const statusRule = boundedText(LIMITS.kindLength) as z.ZodMiniType<Status, string>

// D6: the list filter splits on commas, so a tag holds none; a pattern, so that the document says it too.
const tag = trimmedText(LIMITS.tagLength).check(
  z.regex(/^[^,]*$/, 'must not contain a comma'),
  z.describe(`Trimmed, then 1–${LIMITS.tagLength} characters; no comma.`),
)

/** D6: tags trimmed, duplicates dropped keeping the first, at most 100 counted after that. */
const tagList = z.pipe(
  list(tag).check(
    z.describe(
      `Each tag is trimmed; repeated tags are dropped (the first kept, order kept), then at most ${LIMITS.tagsPerSession} may remain.`,
    ),
  ),
  z.transform((tags: string[], ctx) => {
    const kept = unique(tags)
    if (kept.length > LIMITS.tagsPerSession) {
      ctx.issues.push({
        code: 'custom',
        input: tags,
        message: `must hold at most ${LIMITS.tagsPerSession} distinct tags`,
      })
    }
    return kept
  }),
)

const writable = {
  title: trimmedText(LIMITS.titleLength),
  kind: kindRule,
  status: statusRule,
  accent: str().check(z.regex(/^(#[0-9a-fA-F]{6})?$/, 'must be "" or a #rrggbb colour')),
  tags: tagList,
  notes: optionalText(LIMITS.notesLength),
  projectPath: str(),
}

/**
 * What a new session gets for each field the create body leaves out (DECISIONS D5).
 *
 * @example
 * ```ts
 * import { SESSION_DEFAULTS } from '@session-library/schemas'
 * SESSION_DEFAULTS.status // 'idea'
 * ```
 */
export const SESSION_DEFAULTS = {
  kind: 'other',
  status: 'idea',
  accent: '',
  tags: [] as string[],
  notes: '',
  projectPath: '',
} as const

/**
 * What the server sets on a new session's preview fields (DECISIONS D5): no preview yet. A function,
 * so that every session gets its own `previews` array.
 *
 * @example
 * ```ts
 * import { previewDefaults } from '@session-library/schemas'
 * previewDefaults().previewStatus // 'none'
 * ```
 */
export function previewDefaults() {
  return {
    previewStatus: 'none',
    previewUrl: '',
    previewAudioUrl: '',
    previewAudioMime: '',
    preferredPreviewId: '',
    previews: [] as Preview[],
  } as const satisfies Partial<Session>
}

/**
 * The exact body of `POST /sessions` (SPEC §4.4, DECISIONS D4–D7): `title` required, the rest
 * defaulted, unknown and server-managed fields rejected.
 *
 * @example
 * ```ts
 * import { sessionCreateBody } from '@session-library/schemas'
 * sessionCreateBody.parse({ title: '  Night Drive ' }).title // 'Night Drive'
 * ```
 */
export const sessionCreateBody = strict({
  title: writable.title,
  kind: z._default(writable.kind, SESSION_DEFAULTS.kind),
  status: z._default(writable.status, SESSION_DEFAULTS.status),
  accent: z._default(writable.accent, SESSION_DEFAULTS.accent),
  tags: z._default(writable.tags, () => [...SESSION_DEFAULTS.tags]),
  notes: z._default(writable.notes, SESSION_DEFAULTS.notes),
  projectPath: z._default(writable.projectPath, SESSION_DEFAULTS.projectPath),
})

/**
 * The exact body of `PATCH /sessions/{id}` (SPEC §4.6, DECISIONS D8): any writable field, each
 * under the create rules; `{}` is a no-op; `null` is no value.
 *
 * @example
 * ```ts
 * import { sessionUpdateBody } from '@session-library/schemas'
 * sessionUpdateBody.parse({ status: 'mixing' }) // { status: 'mixing' }
 * ```
 */
export const sessionUpdateBody = z.partial(strict(writable))

/**
 * The exact body of `PUT`/`PATCH /sessions/{id}/tags` (SPEC §4.8, DECISIONS D6).
 *
 * @example
 * ```ts
 * import { tagsBody } from '@session-library/schemas'
 * tagsBody.parse({ tags: [' drums', 'drums', 'vox'] }).tags // ['drums', 'vox']
 * ```
 */
export const tagsBody = strict({ tags: tagList })

/**
 * The exact body of `PUT`/`PATCH /sessions/{id}/notes` (SPEC §4.9, DECISIONS D7): `""` or `null`
 * clears them.
 *
 * @example
 * ```ts
 * import { notesBody } from '@session-library/schemas'
 * notesBody.parse({ notes: null }).notes // ''
 * ```
 */
export const notesBody = strict({
  notes: z.pipe(
    z.nullable(writable.notes),
    z.transform((notes: string | null) => notes ?? ''),
  ),
})

const waveformNoteInput = z.pipe(
  strict({
    id: z.optional(nonEmptyText()),
    timestamp: num().check(
      z.minimum(0, 'must be ≥ 0 seconds'),
      z.describe(
        "Seconds from the start of the audio, at most the waveform's duration (checked against the session's waveform).",
      ),
    ),
    text: boundedText(LIMITS.noteTextLength),
    createdAt: z.optional(z.unknown()),
    updatedAt: z.optional(z.unknown()),
  }),
  // D14: timestamps sent by the client are ignored, the server manages them.
  z.transform(({ id, timestamp, text }) => (id === undefined ? { timestamp, text } : { id, timestamp, text })),
)

const distinctIds = (notes: { id?: string }[]) => {
  const ids = notes.flatMap((note) => (note.id === undefined ? [] : [note.id]))
  return new Set(ids).size === ids.length
}

/**
 * The exact body of `PUT`/`PATCH /sessions/{id}/waveform-notes` (SPEC §4.12, DECISIONS D14). The
 * rule `timestamp ≤ duration` needs the waveform and is checked by the server after this.
 *
 * @example
 * ```ts
 * import { waveformNotesBody } from '@session-library/schemas'
 * waveformNotesBody.parse({ notes: [{ timestamp: 1.5, text: 'drop' }] })
 * ```
 */
export const waveformNotesBody = strict({
  notes: list(waveformNoteInput).check(
    z.maxLength(LIMITS.notesPerLane, `must hold at most ${LIMITS.notesPerLane} notes`),
    z.refine(distinctIds, 'must not repeat a note id'),
    z.describe('No two notes may carry the same id.'),
  ),
})

const importItem = strict({
  projectPath: nonEmptyText(),
  title: z.optional(writable.title),
  projectType: z.optional(str()),
  previewAudioPath: z.optional(str()),
})

/**
 * The exact body of `POST /import` (SPEC §4.13, DECISIONS D15): 1–1,000 items, each with a
 * non-empty `projectPath`.
 *
 * @example
 * ```ts
 * import { importBody } from '@session-library/schemas'
 * importBody.parse({ items: [{ projectPath: '/music/song.als' }] }).generatePreviews // false
 * ```
 */
export const importBody = strict({
  kind: z.optional(kindRule),
  generatePreviews: z._default(bool(), false),
  items: list(importItem).check(
    z.minLength(1, 'must hold at least 1 item'),
    z.maxLength(LIMITS.importItems, `must hold at most ${LIMITS.importItems} items`),
  ),
})

// A query value arrives as a string, or as an array when the parameter is repeated.
const param = () =>
  z.string({ error: (issue) => (Array.isArray(issue.input) ? 'must be given once' : 'must be a string') })

// The pattern says the rule to validators; the description says it to people (help, the document).
const digits = (pattern: RegExp, rule: string, words: string) =>
  param().check(z.regex(pattern, rule), z.describe(words))

const sortRule = `must be one of ${SORT_KEYS.join(', ')}, with a leading - for descending`
// D10: an enum, so that the document lists every value the mock accepts.
const sortValues = [...SORT_KEYS, ...SORT_KEYS.map((key) => `-${key}` as const)] as [SortKey, ...SortKey[]]

const splitTags = (value: string | string[]) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter((part) => part.length > 0)

/**
 * The exact query of `GET /sessions` (SPEC §4.3, DECISIONS D9–D11), read from the query string: a
 * parameter seen once is a string, a repeated one an array. The output is typed: numbers, booleans
 * and a tag list. Unknown parameters are ignored.
 *
 * @example
 * ```ts
 * import { sessionListQuery } from '@session-library/schemas'
 * sessionListQuery.parse({ limit: '900', tags: 'drums,vox' }) // { limit: 500, tags: ['drums', 'vox'] }
 * ```
 */
export const sessionListQuery = z
  .object({
    q: z.optional(param()),
    kind: z.optional(param() as z.ZodMiniType<Kind, string>),
    daw: z.optional(
      param().check(z.describe('Alias of kind; when both are given they must be equal.')) as z.ZodMiniType<
        Kind,
        string
      >,
    ),
    tags: z.optional(z.pipe(z.union([param(), z.array(param())]), z.transform(splitTags))),
    recent: z.optional(
      z.pipe(
        param().check(z.regex(/^(true|false|1|0)$/, 'must be true, false, 1 or 0')),
        z.transform((value: string) => value === 'true' || value === '1'),
      ),
    ),
    sort: z.optional(
      z.enum(sortValues, {
        error: (issue) => (Array.isArray(issue.input) ? 'must be given once' : sortRule),
      }) as z.ZodMiniType<SortKey, string>,
    ),
    limit: z.optional(
      z.pipe(
        // One pattern, so that a bad value gives one message (and the OpenAPI document the full rule).
        digits(
          decimalInteger(1, LIMITS.pagingMax),
          `must be an integer ≥ 1 written in decimal digits, at most ${LIMITS.pagingMax}`,
          `An integer ≥ 1 in decimal digits, at most ${LIMITS.pagingMax}; above ${LIMITS.listLimitMax}, ${LIMITS.listLimitMax} is used (D9).`,
        ),
        z.transform((value: string) => Math.min(Number(value), LIMITS.listLimitMax)),
      ),
    ),
    offset: z.optional(
      z.pipe(
        digits(
          decimalInteger(0, LIMITS.pagingMax),
          `must be an integer ≥ 0 written in decimal digits, at most ${LIMITS.pagingMax}`,
          `An integer ≥ 0 in decimal digits, at most ${LIMITS.pagingMax} (D9).`,
        ),
        z.transform((value: string) => Number(value)),
      ),
    ),
  })
  .check(
    z.refine((query) => query.kind === undefined || query.daw === undefined || query.kind === query.daw, {
      message: 'must equal kind when both are given',
      path: ['daw'],
    }),
  )

/**
 * The exact query of the waveform and waveform-notes operations (SPEC §4.11–4.12).
 *
 * @example
 * ```ts
 * import { variantQuery } from '@session-library/schemas'
 * variantQuery.parse({ variantId: 'pv_1' }).variantId // 'pv_1'
 * ```
 */
export const variantQuery = z.object({ variantId: z.optional(param()) })

/**
 * Reads a query string into the input of a query schema: a parameter seen once becomes a string,
 * one repeated becomes an array of its values.
 *
 * @example
 * ```ts
 * import { queryInput } from '@session-library/schemas'
 * queryInput(new URLSearchParams('tags=a&tags=b&limit=5')) // { tags: ['a', 'b'], limit: '5' }
 * ```
 */
export function queryInput(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = Object.create(null)
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    input[key] = values.length === 1 ? (values[0] as string) : values
  }
  return input
}
